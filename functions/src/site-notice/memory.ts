import { isShown, siteNoticeLimits, type SiteNotice } from '../contracts/site-notice.js';

// What one instance of the notice's read remembers. Hosting's CDN answers most pages, but not
// a request with a query string (`/api/notice?x=1`) nor one to the function's own address:
// without this, a script could make every such request a database read. The instance keeps the
// notice set now (shown or not) for memorySeconds from when it asked the database, and every
// request in that time is answered from it; requests that come while a read is under way wait
// for that same read. A read that fails is not kept: the next request asks again. Whether the
// notice is shown is decided per request, so one whose `until` passes goes at that moment.

export type NoticeMemoryOptions = {
  /** Reads the notice set now, shown or not (store.ts readCurrent). */
  read: () => Promise<SiteNotice | null>;
  /** The clock, in milliseconds. */
  now: () => number;
  /** How long a read is kept; siteNoticeLimits.memorySeconds. */
  keepMs?: number;
};

/** The notice shown now, or none: what answers each request, read at most once per keepMs. */
export function shownNoticeFromMemory({
  read,
  now,
  keepMs = siteNoticeLimits.memorySeconds * 1000,
}: NoticeMemoryOptions): () => Promise<SiteNotice | null> {
  let kept: { notice: SiteNotice | null; askedMs: number } | undefined;
  let underway: Promise<SiteNotice | null> | undefined;

  const current = (): Promise<SiteNotice | null> => {
    if (kept) {
      // Counted from when the database was asked, so what is kept is never older than keepMs;
      // a clock that went back does not keep it longer.
      const age = now() - kept.askedMs;
      if (age >= 0 && age < keepMs) return Promise.resolve(kept.notice);
    }
    if (!underway) {
      const askedMs = now();
      underway = read()
        .then((notice) => {
          kept = { notice, askedMs };
          return notice;
        })
        .finally(() => {
          underway = undefined;
        });
    }
    return underway;
  };

  return async () => {
    const notice = await current();
    return notice && isShown(notice, now()) ? notice : null;
  };
}
