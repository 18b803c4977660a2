import { useSyncExternalStore } from 'react';
import { siteNoticeLimits, siteNoticePath } from '@contracts/site-notice';
import { nextTask } from '../../utils/next-task';

// The known-problem notice's read, as this page makes it (contracts/site-notice.ts): once a
// page that shows it has started (the page is on the screen by then: the app starts after its
// largest paint), then every half minute while the tab is visible and when it comes back into
// view. The answer is at most half a minute old (the function keeps what it read a few seconds,
// Hosting's CDN a few more, the browser not at all: contracts/site-notice.ts), so a notice set
// or cleared is on an open page within a minute. The read is a plain fetch: the answer tells the
// browser to keep nothing, and forcing that (`cache: 'no-cache'`) would add `Cache-Control:
// max-age=0` to the request, which a shared cache may take as a request to ask the function
// again. A read that fails changes nothing. This part is in every page that shows a notice, so
// it only reads: the answer is checked, and shown, by the part that comes when there is a
// notice (known-problem-box.tsx).

/** How often an open page asks again. */
export const noticeRefreshMs = siteNoticeLimits.pageRefreshSeconds * 1000;

/** The read's answer: `notice` as it came (checked where it is shown), or null for none. */
let current: unknown = null;
let currentJson = 'null';
const listeners = new Set<() => void>();
let refresh: ReturnType<typeof setInterval> | undefined;

/** Asks for the notice shown now. */
async function readNotice(): Promise<void> {
  try {
    const response = await fetch(siteNoticePath, { headers: { Accept: 'application/json' } });
    if (!response.ok) return;
    const answer = (await response.json()) as { notice?: unknown } | null;
    const notice = answer?.notice ?? null;
    const json = JSON.stringify(notice);
    if (json === currentJson) return;
    current = notice;
    currentJson = json;
    for (const listener of listeners) listener();
  } catch {
    // Offline, or the read is down: what is shown stays.
  }
}

const whenVisible = () => {
  if (document.visibilityState === 'visible') void readNotice();
};

function subscribe(listener: () => void): () => void {
  if (listeners.size === 0) {
    void nextTask().then(readNotice);
    refresh = setInterval(whenVisible, noticeRefreshMs);
    document.addEventListener('visibilitychange', whenVisible);
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size > 0) return;
    clearInterval(refresh);
    document.removeEventListener('visibilitychange', whenVisible);
  };
}

/**
 * The id of the notice the page has now, if its time has not ended: what a message written now
 * names (the contact contract keeps only an id of the right form; the rules, only the id of a
 * notice shown, or ended at most a few minutes before).
 */
export function shownNoticeId(nowMs = Date.now()): string | undefined {
  if (typeof current !== 'object' || current === null) return undefined;
  const { id, until } = current as { id?: unknown; until?: unknown };
  if (typeof until === 'string' && Date.parse(until) <= nowMs) return undefined;
  return typeof id === 'string' ? id : undefined;
}

/** The notice as the read answered it, unchecked; null for none, while prerendered and until the read answers. */
export function useNoticeAnswer(): unknown {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
}
