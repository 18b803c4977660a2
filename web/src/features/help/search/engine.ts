import MiniSearch from 'minisearch';
import type { HelpArticleId } from '../../../config/help';
import type { Language } from '../../../config/languages';
import type { i18n } from 'i18next';
import { helpTexts } from '../../../locales/help';
import { helpSearchOptions, looseSearch, strictSearch, type HelpDocument } from './options';

// MiniSearch and a language's index (built with the site: build/help-search.ts): a script part
// of their own, loaded when a visitor starts to search or to write a subject, with the help
// texts that name what it finds (the Contact Us page has not loaded them).

/**
 * An article the search found: its title is in the `help` texts, its summary the index's copy
 * (placeholders unfilled: locales/help-text.ts `fillHelpText`).
 */
export type HelpResult = { id: HelpArticleId; summary: string };

/** Finds the articles that match a visitor's words, best first, at most `limit`. */
export type HelpSearch = (query: string, limit: number) => HelpResult[];

/** A result scoring under this share of the best one is not listed. */
const minRelativeScore = 0.25;

const indexes: Readonly<Record<Language, () => Promise<{ default: string }>>> = {
  en: () => import('virtual:help-search/en'),
  it: () => import('virtual:help-search/it'),
};

/** The search over a serialised index of `language` (what `virtual:help-search/<language>` holds). */
export function searchFromIndex(index: string, language: Language): HelpSearch {
  const search = MiniSearch.loadJSON<HelpDocument>(index, helpSearchOptions(language));
  return (query, limit) => {
    let results = search.search(query, strictSearch);
    if (results.length === 0) results = search.search(query, looseSearch);
    // Far weaker than the best match is noise (a typo's neighbours, a common word): left out.
    const best = results[0]?.score ?? 0;
    return results
      .filter((result) => result.score >= best * minRelativeScore)
      .slice(0, limit)
      .map((result) => ({ id: result.id as HelpArticleId, summary: String(result['summary']) }));
  };
}

/** Adds the help texts, which name what the search finds, to `instance` (once). */
export const addHelpTexts = (instance: i18n) => {
  helpTexts.add(instance);
};

/** The search of `language`, once its index has arrived. */
export async function createHelpSearch(language: Language): Promise<HelpSearch> {
  const { default: index } = await indexes[language]();
  return searchFromIndex(index, language);
}
