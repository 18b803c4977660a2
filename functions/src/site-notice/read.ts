import { knownProblemsPaths, type KnownProblemsAnswer } from '../contracts/known-problems.js';
import { siteNoticeLimits, siteNoticePath, type SiteNotice, type SiteNoticeAnswer } from '../contracts/site-notice.js';
import { errorCodes, logEvent } from '../log.js';
import { appStatus } from './app-status.js';
import { atomFeed } from './feed.js';
import type { NoticeSiteFacts } from './site-facts.js';

// The known-problem reads, one function behind Hosting's rewrites (firebase.json):
// - GET /api/notice: the notice shown now, or none, as a few hundred bytes of JSON (the pages
//   where help is sought);
// - GET /api/known-problems: the notices of the history's period (the history page);
// - GET /api/v1/app-status: the app's status (contracts/known-problems.ts);
// - GET /known-problems/feed.atom, /it/known-problems/feed.atom: the Atom feeds.
// Hosting's CDN keeps each answer siteNoticeLimits.cdnSeconds, and the function keeps what it
// read memorySeconds (memory.ts), so however many ask, and whatever address they ask, the
// database is read at most twice per instance every memorySeconds (the notice and the
// history), and a change reaches every reader within a minute. Browsers keep nothing
// (max-age=0). Same origin: the pages' Content-Security-Policy needs nothing more.

export type NoticeResponse = { status: number; headers: Record<string, string>; body: string };

/** What the answers are made from: each read as the instance's memory keeps it. */
export type NoticeReads = {
  /** The notice shown now, or none. */
  shown: () => Promise<SiteNotice | null>;
  /** The notices of the history's period, newest first (store.ts readHistory). */
  history: () => Promise<SiteNotice[]>;
  /** What the build took from the site's config (site-facts.ts). */
  facts: () => Promise<NoticeSiteFacts>;
  now: () => number;
};

const json = 'application/json; charset=utf-8';
const atom = 'application/atom+xml; charset=utf-8';

/** How an answer may be cached: by Hosting's CDN only (firebase.json says the same for each address). */
export const noticeCacheControl = `public, max-age=0, s-maxage=${String(siteNoticeLimits.cdnSeconds)}`;

const notCached = (status: number, headers: Record<string, string> = {}): NoticeResponse => ({
  status,
  headers: { 'Content-Type': json, 'X-Content-Type-Options': 'nosniff', 'Cache-Control': 'no-store', ...headers },
  body: '{}',
});

/** The body of the answer at `path`, with its type, or undefined for an address the function does not answer. */
async function bodyAt(path: string, reads: NoticeReads): Promise<{ type: string; body: string } | undefined> {
  if (path === siteNoticePath) {
    const answer: SiteNoticeAnswer = { notice: await reads.shown() };
    return { type: json, body: JSON.stringify(answer) };
  }
  if (path === knownProblemsPaths.history) {
    const answer: KnownProblemsAnswer = { days: siteNoticeLimits.keepDays, notices: await reads.history() };
    return { type: json, body: JSON.stringify(answer) };
  }
  const facts = await reads.facts();
  if (path === knownProblemsPaths.appStatus) {
    return { type: json, body: JSON.stringify(appStatus(await reads.history(), facts, reads.now())) };
  }
  const language = Object.keys(facts.languages).find((name) => facts.languages[name]?.feed === path);
  if (language === undefined) return undefined;
  return { type: atom, body: atomFeed(await reads.history(), language, facts, reads.now()) };
}

/** Answers one request for `path` (the address without its query string). */
export async function answerNoticeRead(method: string, path: string, reads: NoticeReads): Promise<NoticeResponse> {
  if (method !== 'GET' && method !== 'HEAD') return notCached(405, { Allow: 'GET, HEAD' });
  try {
    const answer = await bodyAt(path, reads);
    if (!answer) return notCached(404);
    return {
      status: 200,
      headers: {
        'Content-Type': answer.type,
        'X-Content-Type-Options': 'nosniff',
        'Cache-Control': noticeCacheControl,
      },
      body: method === 'HEAD' ? '' : answer.body,
    };
  } catch (error) {
    logEvent('noticeUnread', errorCodes(error));
    // Not cached: the next request asks again.
    return notCached(503);
  }
}
