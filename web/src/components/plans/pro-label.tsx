import { useTranslation } from 'react-i18next';

/**
 * "Pro" after the name of a feature only Pro members have (config/plan-features.ts), wherever
 * it is shown; the space before it keeps the words apart for a screen reader and a copy.
 */
export function ProLabel() {
  const { t } = useTranslation();
  return (
    <>
      {' '}
      <span className="pro-label">{t('proLabel')}</span>
    </>
  );
}
