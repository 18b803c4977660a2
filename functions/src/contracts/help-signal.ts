import { isArticleId } from './article-id.js';
import { isSearchText } from './search-text.js';

// What the help centre writes so the team learns where it fails (the weekly report of the
// searches that found nothing and the articles that did not help): the contract between the
// pages that write a signal, firestore.rules, which let exactly these shapes in, and the
// report that reads them. One of the contracts (ARCHITECTURE.md, "Contracts"): it imports
// only others (article-id.ts, search-text.ts). firestore.rules cannot import it: tests/emulators/rules.test.ts compares the rules'
// patterns and periods with these, character for character.
//
// A signal says nothing of who wrote it: no account, address, IP or device id; a search is kept
// only in the form the team may be shown (search-text.ts), and every signal carries the time
// the TTL policy deletes it at (`helpSignalLimits.keepDays`).

/**
 * What a signal says: an article's answer (it helped or not), why it did not, a search made in
 * the help centre that found nothing or found articles none of which was opened.
 */
export const helpSignalKinds = ['answer', 'reason', 'search'] as const;
export type HelpSignalKind = (typeof helpSignalKinds)[number];

/** Why an article did not help, as the reader may choose it (nothing typed freely). */
export const helpReasons = ['not-my-problem', 'unclear', 'did-not-work'] as const;
export type HelpReason = (typeof helpReasons)[number];

/**
 * What a search in the help centre came to: no article (`nothing`), or articles of which the
 * reader opened none (`unopened`). The Contact Us form's subject is never a signal: what a
 * visitor types there leaves the page only with the message they send.
 */
export const searchOutcomes = ['nothing', 'unopened'] as const;
export type SearchOutcome = (typeof searchOutcomes)[number];

export const helpSignalLimits = {
  /**
   * Days a signal is kept (a TTL policy on `expireAt`): the report reads the last week each
   * Monday, and a report held while the SMTP account fails still finds its week weeks later.
   */
  keepDays: 35,
  /** How far a page's clock may be off: the expiry it writes may differ this much from keepDays. */
  clockSlackDays: 2,
} as const;

/** The fields every signal has besides what it says. */
type Written = { language: string; createdAt: unknown; expireAt: unknown };

/** What a signal says, by its kind. */
export type HelpSignalSaid =
  | { kind: 'answer'; article: string; helped: boolean }
  | { kind: 'reason'; article: string; reason: HelpReason }
  | { kind: 'search'; outcome: SearchOutcome; text: string };

export type HelpSignal = Written & HelpSignalSaid;

/** When a signal written at `nowMs` expires (what the page writes; the rules allow the clock's slack). */
export const helpSignalExpiryMs = (nowMs: number) => nowMs + helpSignalLimits.keepDays * 86_400_000;

/**
 * The document a page writes for what it says, but `createdAt` (the server's time, which the
 * writer adds): in its language, with the time it expires by the page's clock.
 */
export function helpSignalDocument(said: HelpSignalSaid, language: string, nowMs: number) {
  return { ...said, language, expireAt: new Date(helpSignalExpiryMs(nowMs)) };
}

const isLanguage = (value: unknown): value is string => typeof value === 'string' && /^[a-z]{2}$/.test(value);

/** What each kind says, read back: undefined when a field is not what the kind writes. */
const readers: Record<HelpSignalKind, (data: Record<string, unknown>) => HelpSignalSaid | undefined> = {
  answer: ({ article, helped }) =>
    isArticleId(article) && typeof helped === 'boolean' ? { kind: 'answer', article, helped } : undefined,
  reason: ({ article, reason }) =>
    isArticleId(article) && helpReasons.includes(reason as HelpReason)
      ? { kind: 'reason', article, reason: reason as HelpReason }
      : undefined,
  search: ({ outcome, place, text }) => {
    // Written before the outcome was (until 35 days after it): `place: 'help'` is a search that
    // found nothing; `place: 'contact'`, a Contact Us subject, is never read.
    const read = place === 'help' && outcome === undefined ? 'nothing' : outcome;
    return searchOutcomes.includes(read as SearchOutcome) && isSearchText(text)
      ? { kind: 'search', outcome: read as SearchOutcome, text }
      : undefined;
  },
};

/**
 * A signal as the report reads it back, or undefined when it is not one (the rules let only
 * these shapes in; the report trusts none of it all the same). Times are left to the reader.
 */
export function parseHelpSignal(data: Record<string, unknown>): HelpSignal | undefined {
  const { kind, language, createdAt, expireAt } = data;
  if (!isLanguage(language) || !helpSignalKinds.includes(kind as HelpSignalKind)) return undefined;
  const said = readers[kind as HelpSignalKind](data);
  return said && { ...said, language, createdAt, expireAt };
}
