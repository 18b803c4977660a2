import type { Language } from '../config/languages';
import type { Texts } from './i18n';
import enCommon from './en/common.json';
import itCommon from './it/common.json';

// Every language's texts at once, for the tests (the site loads only the visitor's language:
// see locales/i18n.ts) and the check that all languages have the same keys.
export const resources: Record<Language, Texts> = {
  en: { common: enCommon },
  it: { common: itCommon },
};
