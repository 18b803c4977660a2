// The languages of the site. English is the default and the fallback.
export const languages = ['en', 'it'] as const;
export type Language = (typeof languages)[number];
export const defaultLanguage: Language = 'en';

/** The supported language closest to a BCP 47 tag ("it-IT" → "it"), else the default. */
export function toLanguage(tag: string | undefined | null): Language {
  const base = (tag ?? '').toLowerCase().split('-')[0];
  return (languages as readonly string[]).includes(base ?? '') ? (base as Language) : defaultLanguage;
}
