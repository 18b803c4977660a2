import type { i18n, ParseKeys, TOptions } from 'i18next';
import { helpTextValues } from '../config/help-text-values';
import type { Language } from '../config/languages';

/** A help text by its key, its placeholders filled with config's values (and `more`). */
export type HelpText = (key: ParseKeys<'help'>, more?: TOptions) => string;

/** The help texts of `language` in `instance`, once it holds the `help` namespace (locales/help.ts). */
export function helpTextsIn(instance: i18n, language: Language): HelpText {
  const t = instance.getFixedT(language, 'help');
  const values = helpTextValues(language);
  return (key, more = {}) => t(key, { ...values, ...more });
}

/**
 * A help text that did not come from i18next's resources (a summary, as the search index holds
 * it), its placeholders filled the same way as `helpTextsIn`'s.
 */
export function fillHelpText(instance: i18n, language: Language, text: string): string {
  return instance.services.interpolator.interpolate(text, helpTextValues(language), language, {});
}
