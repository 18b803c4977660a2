import type { Language } from '../../../config/languages';

/** A time of the help centre's copy as the page's language writes it. */
export const copyTime = (language: Language, at: string): string =>
  new Intl.DateTimeFormat(language, { dateStyle: 'long', timeStyle: 'short' }).format(new Date(at));
