import { useEffect } from 'react';
import { searchKeptAs, type SearchPlace } from '@contracts/help-signal';
import type { Language } from '../../../config/languages';
import { timings } from '../../../config/constants';
import { sendHelpSignal } from './send-signal';

const { emptySearchSettleMs } = timings;

/** The searches already counted on this visit, by place, language and text: each once. */
const counted = new Set<string>();

/**
 * Counts a search that found nothing (a help signal: contracts/help-signal.ts) once its result
 * has stayed `emptySearchSettleMs` on screen: only in the form the team may be shown it
 * (`searchKeptAs`: nothing at all when no word of it may be kept), each text once a visit.
 */
export function useEmptySearchSignal(
  found: { query: string; results: readonly unknown[] } | null,
  place: SearchPlace,
  language: Language,
): void {
  const text = found && found.results.length === 0 ? searchKeptAs(found.query) : undefined;
  useEffect(() => {
    const key = `${place} ${language} ${text ?? ''}`;
    if (!text || counted.has(key)) return undefined;
    const timer = setTimeout(() => {
      counted.add(key);
      sendHelpSignal({ kind: 'search', place, text }, language);
    }, emptySearchSettleMs);
    return () => {
      clearTimeout(timer);
    };
  }, [text, place, language]);
}
