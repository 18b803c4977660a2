// The facts about a page's address that the first bundle needs too (use-page-head.ts checks
// the document's head against them without loading any text), kept apart from page-head.ts
// so the texts stay out of that bundle.
import { defaultLanguage, languages, type Language } from '../config/languages';
import { localizedPath, pathOf, type PageName, type RouteName } from '../config/paths';
import { site } from '../config/site';

/** A page of the site: one of the routes, or the not-found page shown for any other path. */
export type Page = PageName;

/** A route's own absolute address in a language: `https://…/features`, `https://…/it/features`. */
export function pageUrl(page: RouteName, language: Language): string {
  return `${site.origin}${localizedPath(pathOf(page), language)}`;
}

/** How search engines find a page in the other languages (`x-default`: for everyone else, English). */
export type Alternate = { hreflang: Language | 'x-default'; href: string };

/** A route's addresses in every language, the English one again as the default. */
export function pageAlternates(page: RouteName): Alternate[] {
  return [
    ...languages.map((language) => ({ hreflang: language, href: pageUrl(page, language) })),
    { hreflang: 'x-default', href: pageUrl(page, defaultLanguage) },
  ];
}

/** Open Graph locales (language_TERRITORY): the British English and the Italian of Italy. */
export const ogLocales: Readonly<Record<Language, string>> = { en: 'en_GB', it: 'it_IT' };
