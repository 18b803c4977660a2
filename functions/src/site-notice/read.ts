import { siteNoticeLimits, type SiteNotice, type SiteNoticeAnswer } from '../contracts/site-notice.js';
import { errorCodes, logEvent } from '../log.js';

// The site's read of the known-problem notice (GET /api/notice, a Hosting rewrite): the notice
// shown now, or none, as a few hundred bytes of JSON. Cached by the browser and Hosting's CDN
// for siteNoticeLimits.cacheSeconds each, so however many anglers open the pages during an
// outage the database is read about once per CDN location every half minute, and a notice set
// or cleared reaches every page within a minute. Same origin: the pages' Content-Security-Policy
// needs nothing more, and App Check on the database does not stand in the way.

export type NoticeResponse = { status: number; headers: Record<string, string>; body: string };

const json = { 'Content-Type': 'application/json; charset=utf-8', 'X-Content-Type-Options': 'nosniff' };

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
    const seconds = String(siteNoticeLimits.cacheSeconds);
    return {
      status: 200,
      headers: { ...json, 'Cache-Control': `public, max-age=${seconds}, s-maxage=${seconds}` },
      body: method === 'HEAD' ? '' : JSON.stringify(answer),
    };
  } catch (error) {
    logEvent('noticeUnread', errorCodes(error));
    // Not cached: the next page asks again.
    return { status: 503, headers: { ...json, 'Cache-Control': 'no-store' }, body: '{}' };
  }
}
