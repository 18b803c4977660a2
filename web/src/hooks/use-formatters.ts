import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { plans } from '../config/constants';
import { toLanguage } from '../config/languages';

/** Prices and numbers formatted for the page's language. */
export function useFormatters() {
  const { i18n } = useTranslation();
  const language = toLanguage(i18n.resolvedLanguage);
  return useMemo(() => {
    const money = new Intl.NumberFormat(language, { style: 'currency', currency: plans.currency });
    const whole = new Intl.NumberFormat(language, {
      style: 'currency',
      currency: plans.currency,
      maximumFractionDigits: 0,
    });
    const percent = new Intl.NumberFormat(language, { style: 'percent' });
    return {
      currency: (value: number) => (Number.isInteger(value) ? whole.format(value) : money.format(value)),
      percent: (value: number) => percent.format(value / 100),
    };
  }, [language]);
}
