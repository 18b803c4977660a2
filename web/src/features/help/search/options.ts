import type { Options, SearchOptions } from 'minisearch';
import type { Language } from '../../../config/languages';
import { termProcessor } from './terms.ts';

/** One article as the search index holds it; texts with their tags and placeholders taken out. */
export type HelpDocument = { id: string; title: string; summary: string; text: string };

/**
 * How the help centre's search finds articles: words of the title count most, then the
 * summary, then the text; a word matches the words it begins (as the visitor types) and, from
 * five letters, words one or two letters off ("subscripton", "abbonamneto"); results match
 * every word the visitor typed, or, when no article does, any of them.
 */
export function helpSearchOptions(language: Language): Options<HelpDocument> {
  return {
    fields: ['title', 'summary', 'text'],
    // The summary a result is listed with: the help page's list has titles only.
    storeFields: ['summary'],
    processTerm: termProcessor(language),
    searchOptions: { boost: { title: 3, summary: 2 }, prefix: (term) => term.length >= 3, fuzzy: fuzziness },
  };
}

function fuzziness(term: string): number | false {
  return term.length >= 5 ? 0.2 : false;
}

/** Every word must match (the first try) or any word may (when nothing matched every one). */
export const strictSearch: SearchOptions = { combineWith: 'AND' };
export const looseSearch: SearchOptions = { combineWith: 'OR' };
