import { isShown, siteNoticeLimits, type SiteNotice } from '../contracts/site-notice.js';

// What one instance of the known-problem reads remembers (the notice shown now, and the
// history the feeds, the app's status and the history page are made from). Hosting's CDN
// answers most requests, but not one with a query string (`/api/notice?x=1`) nor one to the
// function's own address: without this, a script could make every such request a database
// read. The instance keeps what it read for keepMs from when it asked the database, and every
// request in that time is answered from it; requests that come while a read is under way wait
// for that same read. A read that fails is not kept: the next request asks again. So however
// many requests come, each read is made at most once per instance every keepMs.

export type MemoryOptions<T> = {
  /** Reads from the database. */
  read: () => Promise<T>;
  /** The clock, in milliseconds. */
  now: () => number;
  /** How long a read is kept; siteNoticeLimits.memorySeconds unless said. */
  keepMs?: number;
};

/** `read`, made at most once per keepMs, whatever the number of requests. */
export function keptRead<T>({ read, now, keepMs = siteNoticeLimits.memorySeconds * 1000 }: MemoryOptions<T>) {
  let kept: { value: T; askedMs: number } | undefined;
  let underway: Promise<T> | undefined;

  return (): Promise<T> => {
    if (kept) {
      // Counted from when the database was asked, so what is kept is never older than keepMs;
      // a clock that went back does not keep it longer.
      const age = now() - kept.askedMs;
      if (age >= 0 && age < keepMs) return Promise.resolve(kept.value);
    }
    if (!underway) {
      const askedMs = now();
      underway = read()
        .then((value) => {
          kept = { value, askedMs };
          return value;
        })
        .finally(() => {
          underway = undefined;
        });
    }
    return underway;
  };
}

/**
 * The notice shown now, or none: what answers each request, read at most once per keepMs
 * (`read` is the notice set now, shown or not: store.ts readCurrent). Whether it is shown is
 * decided per request, so one whose `until` passes goes at that moment.
 */
export function shownNoticeFromMemory(options: MemoryOptions<SiteNotice | null>): () => Promise<SiteNotice | null> {
  const current = keptRead(options);
  return async () => {
    const notice = await current();
    return notice && isShown(notice, options.now()) ? notice : null;
  };
}
