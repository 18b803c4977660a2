// A search as the site may keep it: what a help signal holds (help-signal.ts) and what a contact
// message names as searched before it was written (contact-message.ts), and firestore.rules'
// pattern for both, which tests/emulators/rules.test.ts compares with this one. One of the
// contracts (ARCHITECTURE.md, "Contracts"): it imports only another (search-kept.ts).
import { searchWordsKept } from './search-kept.js';

/** Longest search kept, in UTF-16 code units. */
export const maxSearchLength = 60;

/** One word of a search as kept: lower-case letters, at most one apostrophe inside (l'app). */
const wordSource = "\\p{Ll}+(?:['’]\\p{Ll}+)?";
/**
 * A search as kept: one to `searchWordsKept` words, a space or a hyphen between (a hyphen-joined text
 * counts as its words: `mario-rossi-via-roma` is four).
 */
export const searchTextPattern = `^${wordSource}(?:[ -]${wordSource}){0,${searchWordsKept - 1}}$`;
const word = new RegExp(`^${wordSource}$`, 'u');

/**
 * A search as it may be kept, or undefined when nothing of it may be: in lower case, its words
 * without the punctuation around them, every word that holds anything but letters dropped (an
 * email address, a phone number, a reference, any number; a hyphen-joined text as a whole when
 * any of its parts does), the first `searchWordsKept` words left, each part of a hyphen-joined text
 * counted as a word. Kept is not shown: the report shows a search only once it was made in
 * several hours and days (functions/src/help-report/summary.ts).
 */
export function searchKeptAs(typed: string): string | undefined {
  const parts = typed
    .normalize('NFC')
    .toLowerCase()
    .split(/\s+/u)
    .map((item) => item.replace(/^[\p{P}\p{S}]+|[\p{P}\p{S}]+$/gu, '').split('-'))
    .filter((joined) => joined.every((part) => word.test(part)));
  let kept = '';
  let words = 0;
  for (const joined of parts) {
    const taken = joined.slice(0, searchWordsKept - words).join('-');
    const next = kept ? `${kept} ${taken}` : taken;
    if (taken === '' || next.length > maxSearchLength) break;
    kept = next;
    words += taken.split('-').length;
  }
  return kept || undefined;
}

/** Whether a value is a search as kept (a document may hold anything). */
export const isSearchText = (value: unknown): value is string =>
  typeof value === 'string' && value.length <= maxSearchLength && searchKeptAs(value) === value;
