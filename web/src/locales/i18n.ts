import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { defaultLanguage, languageCookie, supportedLanguage, toLanguage, type Language } from '../config/languages';
import { languageCookieItem, maxAgeSeconds } from '../config/language-cookie';
import enCommon from './en/common.json';
import { textOptions } from './text-options';

/** The site's texts in one language, by namespace (the legal texts come with their pages). */
export type Texts = { common: typeof enCommon };

// English, the default, is in the first bundle; every other language is a script part of its
// own, fetched before the first render for the visitors who read it.
const english: Texts = { common: enCommon };
const loaders: Record<Exclude<Language, 'en'>, () => Promise<Texts>> = {
  it: async () => ({ common: (await import('./it/common.json')).default }),
};

const cookieMaxAgeSeconds = maxAgeSeconds(languageCookieItem);

function readLanguageCookie(): string | undefined {
  if (typeof document === 'undefined') return undefined;
  const prefix = `${languageCookie}=`;
  return document.cookie
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(prefix))
    ?.slice(prefix.length);
}

/** Saves the visitor's choice of language where Hosting reads it (config/storage.ts). */
export function saveLanguageCookie(language: Language) {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${languageCookie}=${language}; Path=/; Max-Age=${String(cookieMaxAgeSeconds)}; SameSite=Lax${secure}`;
}

/**
 * The visitor's language when no page was rendered ahead (the development server): the saved
 * choice, else the first of the browser's languages that the site speaks (`it-IT` → Italian),
 * else English. Prerendered pages carry their language in `<html lang>` instead.
 */
export function detectLanguage(): Language {
  const candidates: Array<string | null | undefined> = [readLanguageCookie()];
  if (typeof navigator !== 'undefined') candidates.push(...navigator.languages, navigator.language);
  return candidates.map(supportedLanguage).find((language) => language !== undefined) ?? defaultLanguage;
}

/** Fetches a language's texts into the instance unless they are there already. */
export async function loadLanguage(instance: i18n, language: Language) {
  if (language === 'en' || instance.hasResourceBundle(language, 'common')) return;
  const texts = await loaders[language]();
  for (const [namespace, bundle] of Object.entries(texts)) instance.addResourceBundle(language, namespace, bundle);
}

/**
 * Creates the i18next instance in `language`, synchronously, with English and the `preloaded`
 * texts (tests pass them; the browser uses `startI18n`). `<html lang>` follows every change.
 */
export function createI18n(language: Language, preloaded: Partial<Record<Language, Texts>> = {}) {
  const i18n = i18next.createInstance();
  i18n.use(initReactI18next);
  i18n.on('languageChanged', (changed) => {
    if (typeof document !== 'undefined') document.documentElement.lang = toLanguage(changed);
  });
  void i18n.init(textOptions(language, { ...preloaded, en: english }, ['common']));
  return i18n;
}

/** The browser's instance: in `language`, with its texts loaded before it resolves. */
export async function startI18n(language: Language) {
  const i18n = createI18n(language);
  if (language !== 'en') {
    try {
      await loadLanguage(i18n, language);
      await i18n.changeLanguage(language);
    } catch {
      // The texts did not arrive (connection dropped): the site opens in English, the
      // fallback, rather than not at all.
      await i18n.changeLanguage(defaultLanguage);
    }
  }
  return i18n;
}
