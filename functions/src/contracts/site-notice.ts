// A known problem, said on the site before anglers write (Contact Us, the help centre's home
// and the articles it lists show it; the history page, the feeds and the app's status keep it,
// contracts/known-problems.ts): the contract between the operator's command
// (scripts/notice.ts), the store and the read the site makes (functions/src/site-notice/),
// the pages that show it (web/src/features/notices/) and the contact message that says it was
// shown. One notice at a time, plain text in every language the site has, short. Its check is
// site-notice-check.ts, apart, so a page that only reads the notice carries none of it.

/** The site's address of the notice's read (firebase.json rewrites it to `siteNoticeFunction`). */
export const siteNoticePath = '/api/notice';
/** The read's function: index.ts exports it, firebase.json's rewrite names it. */
export const siteNoticeFunction = 'siteNotice';

import type { AppPart } from './app-parts.js';

/**
 * A notice's life, as the status pages small teams use keep it: the team is looking into it, has
 * found the cause, has fixed it and watches, or it is over. Every notice begins investigating
 * unless the operator says more, and ends resolved (or cleared, or at its `until`).
 */
export const noticeStates = ['investigating', 'identified', 'monitoring', 'resolved'] as const;
export type NoticeState = (typeof noticeStates)[number];

/** One update: what the team says (a line per language), when, and the state it puts the notice in. */
export type NoticeUpdate = { at: string; state: NoticeState; text: Record<string, string> };

export const siteNoticeLimits = {
  /** Most help articles a notice is shown on. */
  maxArticles: 30,
  /** Most updates a notice keeps (its document stays small: each is a line per language). */
  maxUpdates: 20,
  /** Longest text in one language, in UTF-16 code units: two lines on a phone, one sentence. */
  maxLength: 200,
  /** Longest a notice may be set for at once (`--until`); set it again to go on. */
  maxDays: 14,
  /**
   * How long a notice is kept once it ended (a TTL policy on `expireAt`), and the history's
   * period: the history page, the feeds and the app's status list the notices that ended in the
   * last keepDays (contracts/known-problems.ts). A message written while it was shown names it,
   * and may reach the functions days later (a queued flood, the SMTP account down). A message may
   * name it only while it is shown, and namingGraceSeconds after. Nothing personal is in a
   * notice: the operator writes it. config/retention.ts says the same (knownProblemDays).
   */
  keepDays: 90,
  /**
   * How long one instance of the read's function keeps the notice it read in memory: requests
   * that pass Hosting's CDN by (a query string, the function's own address) cost no database
   * read, each instance reads at most once in this time however many ask.
   */
  memorySeconds: 10,
  /**
   * How long Hosting's CDN keeps the read's answer (s-maxage); browsers keep it not at all
   * (max-age=0). An answer is at most memorySeconds + cdnSeconds old when a page gets it, and an
   * open page asks again every 30 s (web/src/features/notices/notice-store.ts), so a notice set
   * or cleared is on every page within a minute. firebase.json's header for /api/notice says the
   * same (Hosting's `**` rule would say no-cache); the emulator test reads it through Hosting.
   */
  cdnSeconds: 20,
  /**
   * How often an open page asks again while its tab is visible (the notice's read on Contact Us
   * and the help centre, the history page's): with memorySeconds and cdnSeconds, an update is on
   * an open page within a minute.
   */
  pageRefreshSeconds: 30,
  /**
   * How long after a notice ended (cleared, or its `until` passed) a message may still name it:
   * a page open then shows it until its next read, and a visitor may send the form a few minutes
   * after reading it. firestore.rules repeats it (`duration.value(600, 's')`); its test compares.
   */
  namingGraceSeconds: 600,
} as const;

/** The notice as the read answers it and the pages show it. */
export type SiteNotice = {
  id: string;
  /** Its text per language (`en`, `it`, …): one plain line each, never markup. */
  text: Record<string, string>;
  /** When it began (ISO 8601). */
  since: string;
  /** When it ends by itself (ISO 8601), or null until it is cleared. */
  until: string | null;
  /** The help article it is shown on too, by id (`app-not-working`), or null. */
  help: string | null;
  /** Where it stands now: the last update's state (investigating for one set before updates). */
  state: NoticeState;
  /** What the team said since it was set, oldest first (the notice's own text is the first). */
  updates: NoticeUpdate[];
  /** The part of the app it concerns (app-parts.ts), or null for the whole app. */
  part: AppPart | null;
  /**
   * The help articles it is shown on besides the help centre's home and Contact Us: the one it
   * names (`help`) and those about its part (web/src/config/part-articles.ts, which the
   * operator's command reads), so a page needs no list of them.
   */
  articles: string[];
};

/** What the read answers: the notice shown now, or none. */
export type SiteNoticeAnswer = { notice: SiteNotice | null };

/** Whether a notice is shown at `nowMs`: it has begun and its time has not ended. */
export function isShown(notice: Pick<SiteNotice, 'since' | 'until'>, nowMs: number): boolean {
  return Date.parse(notice.since) <= nowMs && (notice.until === null || nowMs < Date.parse(notice.until));
}

/**
 * Whether a message written at `writtenMs` may name the notice: it was shown then, or had ended
 * at most namingGraceSeconds before. firestore.rules makes the same check with the time of the
 * write (the notice's shownFrom and shownUntil); the functions make it again with the message's
 * createdAt.
 */
export function isNameable(notice: Pick<SiteNotice, 'since' | 'until'>, writtenMs: number): boolean {
  const graceMs = siteNoticeLimits.namingGraceSeconds * 1000;
  return (
    Date.parse(notice.since) <= writtenMs && (notice.until === null || writtenMs < Date.parse(notice.until) + graceMs)
  );
}
