import i18next, { type i18n } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import { defaultLanguage, languages, toLanguage, type Language } from '../config/languages';
import enCommon from '../locales/en/common.json';
import itCommon from '../locales/it/common.json';

export const resources = {
  en: { common: enCommon },
  it: { common: itCommon },
} as const;

/** Key under which the visitor's language choice is remembered. */
export const languageStorageKey = 'language';

/**
 * Switches to a language the visitor chose and remembers it for the next visits. Only an
 * explicit choice is stored, so until then the site follows the browser's language.
 */
export function chooseLanguage(i18n: i18n, language: Language) {
  try {
    localStorage.setItem(languageStorageKey, language);
  } catch {
    // storage can be blocked (private modes); the choice then lasts for this visit
  }
  return i18n.changeLanguage(language);
}

/**
 * Creates the i18next instance. The language is the visitor's saved choice, else the
 * browser's; `lng` forces one (tests). `<html lang>` follows every change.
 */
export function createI18n(lng?: string) {
  const i18n = i18next.createInstance();
  if (!lng) i18n.use(LanguageDetector);
  i18n.use(initReactI18next);
  i18n.on('languageChanged', (language) => {
    if (typeof document !== 'undefined') document.documentElement.lang = toLanguage(language);
  });
  void i18n.init({
    resources,
    lng,
    fallbackLng: defaultLanguage,
    supportedLngs: languages,
    nonExplicitSupportedLngs: true,
    load: 'languageOnly',
    defaultNS: 'common',
    ns: ['common'],
    interpolation: { escapeValue: false }, // React escapes what it renders
    detection: {
      order: ['localStorage', 'navigator'],
      lookupLocalStorage: languageStorageKey,
      caches: [],
    },
    initAsync: false,
  });
  return i18n;
}
