import type { i18n } from 'i18next';
import { useEffect, useMemo, useState } from 'react';
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
 * The articles matching `query`: null while there is nothing to look up (or the search is
 * still loading), else the results (at most `limit`). With `delayMs` 0 they are found as the
 * page renders the key that changed the words, so they are on screen in that key's frame;
 * otherwise once the visitor has stopped typing for `delayMs`. Everything happens in the
 * browser: nothing the visitor types is sent.
 */
export function useHelpSearch(
  query: string,
  language: Language,
  { limit, delayMs }: { limit: number; delayMs: number },
): { query: string; results: HelpResult[] } | null {
  const { i18n } = useTranslation();
  const words = query.trim();
  const [settled, setSettled] = useState(words);
  const [loaded, setLoaded] = useState<{ language: Language; search: HelpSearch } | null>(null);
  const wanted = delayMs === 0 ? words : settled;

  useEffect(() => {
    if (delayMs === 0) return undefined;
    const timer = setTimeout(() => {
      setSettled(words);
    }, delayMs);
    return () => {
      clearTimeout(timer);
    };
  }, [words, delayMs]);

  const searchable = wanted.length >= minimumQuery;
  const ready = loaded?.language === language;
  // Loaded from the first letter, so the words long enough to search find it ready.
  const typing = words.length > 0;
  useEffect(() => {
    if (!typing || ready) return undefined;
    let current = true;
    loadHelpSearch(language, i18n).then(
      (search) => {
        if (current) setLoaded({ language, search });
      },
      (error: unknown) => {
        console.error('The help search could not be loaded:', error);
      },
    );
    return () => {
      current = false;
    };
  }, [typing, ready, language, i18n]);

  const found = useMemo(
    () => (searchable && ready ? { query: wanted, results: loaded.search(wanted, limit) } : null),
    [searchable, ready, loaded, wanted, limit],
  );
  // Words rubbed out show nothing at once, without waiting for the delay.
  return words.length < minimumQuery ? null : found;
}
