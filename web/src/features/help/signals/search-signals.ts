import { useCallback, useEffect, useRef } from 'react';
import type { SearchOutcome } from '@contracts/help-signal';
import type { Language } from '../../../config/languages';
import { timings } from '../../../config/constants';
import { loadSignalStore, sendHelpSignal } from './send-signal';

const { emptySearchSettleMs } = timings;

/** The searches already counted on this visit, by outcome, language and text: each once. */
const counted = new Set<string>();

function countSearch(outcome: SearchOutcome, text: string, language: Language): void {
  const key = `${outcome} ${language} ${text}`;
  if (counted.has(key)) return;
  counted.add(key);
  sendHelpSignal({ kind: 'search', outcome, text }, language);
}

/**
 * Counts the help centre's searches for the team's weekly report (a help signal:
 * contracts/help-signal.ts), only those the visitor typed (words that came in the address, a
 * link the report or anyone shared, are never counted), each once a visit, in the form it may
 * be kept (`searchKeptAs`: nothing when no word of it may be):
 * - a search that found nothing, once its result has stayed `emptySearchSettleMs` on screen;
 * - the last search that found articles, when the visitor leaves the search (another page, the
 *   tab hidden) without opening any of them.
 * Returns what a result's link calls when it is opened.
 */
export function useSearchSignals(
  found: { query: string; results: readonly unknown[] } | null,
  language: Language,
  typed: boolean,
): { opened: () => void } {
  const query = found && typed ? found.query : undefined;
  const nothing = found !== null && found.results.length === 0;
  /** The search whose articles are on screen, none opened yet. */
  const unopened = useRef<string | undefined>(undefined);

  useEffect(() => {
    unopened.current = undefined;
    if (!query) return undefined;
    let settled = true;
    const timer = setTimeout(() => {
      // What a search is kept as comes with the part that writes signals (signal-store.ts):
      // the help page's start-up does not carry it.
      loadSignalStore()
        .then(({ settledSearch }) => {
          if (!settled) return;
          const text = settledSearch(query);
          if (!text) return;
          if (nothing) countSearch('nothing', text, language);
          else unopened.current = text;
        })
        .catch(() => undefined);
    }, emptySearchSettleMs);
    return () => {
      settled = false;
      clearTimeout(timer);
    };
  }, [query, nothing, language]);

  useEffect(() => {
    const left = () => {
      if (unopened.current) countSearch('unopened', unopened.current, language);
      unopened.current = undefined;
    };
    const hidden = () => {
      if (document.visibilityState === 'hidden') left();
    };
    document.addEventListener('visibilitychange', hidden);
    return () => {
      document.removeEventListener('visibilitychange', hidden);
      left();
    };
  }, [language]);

  const opened = useCallback(() => {
    unopened.current = undefined;
  }, []);
  return { opened };
}
