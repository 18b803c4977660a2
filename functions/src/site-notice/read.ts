import { siteNoticeLimits, type SiteNotice, type SiteNoticeAnswer } from '../contracts/site-notice.js';
import { errorCodes, logEvent } from '../log.js';

// The site's read of the known-problem notice (GET /api/notice, a Hosting rewrite): the notice
// shown now, or none, as a few hundred bytes of JSON. Hosting's CDN keeps the answer
// siteNoticeLimits.cdnSeconds, and the function keeps what it read memorySeconds
// (memory.ts), so however many anglers open the pages during an outage, and whatever address
// they ask, the database is read at most once per instance every memorySeconds, and a notice set
// or cleared reaches every page within a minute. Browsers keep nothing (max-age=0): an open page
// asks again every half minute and gets what the CDN has. Same origin: the pages'
// Content-Security-Policy needs nothing more, and App Check on the database does not stand in
// the way.

export type NoticeResponse = { status: number; headers: Record<string, string>; body: string };

const json = { 'Content-Type': 'application/json; charset=utf-8', 'X-Content-Type-Options': 'nosniff' };

/** How the answer may be cached: by Hosting's CDN only (firebase.json says the same for /api/notice). */
export const noticeCacheControl = `public, max-age=0, s-maxage=${String(siteNoticeLimits.cdnSeconds)}`;

/** Answers one request; `read` gets the notice shown now. */
export async function answerNoticeRead(
  method: string,
  read: () => Promise<SiteNotice | null>,
): Promise<NoticeResponse> {
  if (method !== 'GET' && method !== 'HEAD') {
    return { status: 405, headers: { ...json, Allow: 'GET, HEAD', 'Cache-Control': 'no-store' }, body: '{}' };
  }
  try {
    const answer: SiteNoticeAnswer = { notice: await read() };
    return {
      status: 200,
      headers: { ...json, 'Cache-Control': noticeCacheControl },
      body: method === 'HEAD' ? '' : JSON.stringify(answer),
    };
  } catch (error) {
    logEvent('noticeUnread', errorCodes(error));
    // Not cached: the next page asks again.
    return { status: 503, headers: { ...json, 'Cache-Control': 'no-store' }, body: '{}' };
  }
}
