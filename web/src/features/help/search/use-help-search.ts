import type { i18n } from 'i18next';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../../config/languages';
import type { HelpResult, HelpSearch } from './engine';

/** Each language's search, loaded once (the script part and the index) and kept. */
const loading = new Map<Language, Promise<HelpSearch>>();

/**
 * Starts loading the search of `language` (a visitor is about to type), or returns it; the
 * help texts its results are listed with are then in `instance`.
 */
export async function loadHelpSearch(language: Language, instance: i18n): Promise<HelpSearch> {
  let search = loading.get(language);
  if (!search) {
    search = import('./engine').then((engine) => engine.createHelpSearch(language));
    // A failed load (offline) is tried again at the next word.
    search.catch(() => loading.delete(language));
    loading.set(language, search);
  }
  const [engine, found] = await Promise.all([import('./engine'), search]);
  engine.addHelpTexts(instance);
  return found;
}

/** Words shorter than this find nothing yet. */
const minimumQuery = 2;

/**
 * The articles matching `query`, looked up `delayMs` after the visitor stops typing: null
 * while there is nothing to look up (or the search is still loading), else the results (at
 * most `limit`). Everything happens in the browser: nothing the visitor types is sent.
 */
export function useHelpSearch(
  query: string,
  language: Language,
  { limit, delayMs }: { limit: number; delayMs: number },
): { query: string; results: HelpResult[] } | null {
  const { i18n } = useTranslation();
  const [found, setFound] = useState<{ query: string; results: HelpResult[] } | null>(null);
  const words = query.trim();
  useEffect(() => {
    if (words.length < minimumQuery) return undefined;
    let current = true;
    const timer = setTimeout(() => {
      loadHelpSearch(language, i18n).then(
        (search) => {
          if (current) setFound({ query: words, results: search(words, limit) });
        },
        (error: unknown) => {
          console.error('The help search could not be loaded:', error);
        },
      );
    }, delayMs);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [words, language, limit, delayMs, i18n]);
  return words.length < minimumQuery ? null : found;
}
