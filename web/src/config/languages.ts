// The languages of the site. English is the default and the fallback.
export const languages = ['en', 'it'] as const;
export type Language = (typeof languages)[number];
export const defaultLanguage: Language = 'en';

import { languageCookieItem } from './language-cookie.ts';

/**
 * The cookie Firebase Hosting reads to choose the language of the files it serves (its i18n
 * rewrites), before the browser's Accept-Language: the visitor's choice in the selector is
 * saved in it, so the next visit's first response is already in that language (config/storage.ts).
 */
export const languageCookie = languageCookieItem.name;

/** The supported language of a BCP 47 tag ("it-IT", "it_IT" → "it"), or undefined for another language. */
export function supportedLanguage(tag: string | undefined | null): Language | undefined {
  const base = (tag ?? '').toLowerCase().split(/[-_]/)[0] ?? '';
  return (languages as readonly string[]).includes(base) ? (base as Language) : undefined;
}

/** The supported language closest to a BCP 47 tag ("it-IT" → "it"), else the default. */
export function toLanguage(tag: string | undefined | null): Language {
  return supportedLanguage(tag) ?? defaultLanguage;
}
