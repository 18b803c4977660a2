import type { SiteNotice } from './site-notice.js';

// The known problems of the last siteNoticeLimits.keepDays days, as others read them: the
// history page (/known-problems), the Atom feed in each language and the app's status. All are
// answered by the notice's function (functions/src/site-notice/), through Hosting's rewrites and
// its CDN, from one read of the notices that the instance keeps memorySeconds.

/** The addresses the function answers besides /api/notice (firebase.json rewrites each to it). */
export const knownProblemsPaths = {
  /** The history page's read: `{ days, notices }`, newest first. */
  history: '/api/known-problems',
  /** The app's status, version 1 (app-status.ts). A new version gets a new address. */
  appStatus: '/api/v1/app-status',
} as const;

/** The Atom feed's file under each language's history page: `/known-problems/feed.atom`, `/it/known-problems/feed.atom`. */
export const feedFile = 'feed.atom';

/**
 * A notice's own page: the history page's address in a language with `?notice=<id>`, so each
 * language's page serves it (Hosting chooses the files, no rewrite) and it stays where it is.
 */
export const noticeParameter = 'notice';

/** A notice's own page: `page` (the history page's address) with the notice's id. */
export const noticeAddress = (page: string, id: string) => `${page}?${noticeParameter}=${encodeURIComponent(id)}`;

/** Most notices one read takes (they follow one another: each set ends the one before). */
export const mostNoticesRead = 100;

/**
 * What the history page reads: the history's period in days (siteNoticeLimits.keepDays) and its
 * notices, newest first (the one shown now first).
 */
export type KnownProblemsAnswer = { days: number; notices: SiteNotice[] };
