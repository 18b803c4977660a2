import { useCallback, useEffect, useState } from 'react';
import { knownProblemsPaths } from '@contracts/known-problems';
import type { SiteNotice } from '@contracts/site-notice';

// The history page's read (GET /api/known-problems: contracts/known-problems.ts): once the page
// is on the screen, then as often as the notice's own read (siteNoticeLimits.pageRefreshSeconds)
// while the tab is visible, and when it comes back into view, so an update is on an open page
// within a minute. Each notice is checked against its contract, and one that is not is left out.
// The check, the contract's limits and whether a notice is shown come with the notice box's
// script part, which every page that shows a notice loads: the page shares no smaller part with
// them. A read that fails after one that worked keeps what is shown.

/**
 * A notice as the page lists it: with its updates (one, its own text, for a notice set before
 * they were kept), and `now` when it is shown now (not resolved, its time not ended).
 */
export type ListedNotice = SiteNotice & { now: boolean };

export type HistoryRead =
  { state: 'loading' } | { state: 'failed' } | { state: 'ready'; notices: ListedNotice[]; days: number };

/** The box's part, through the part that shows it, as the pages with a notice load it. */
const loadBox = () => import('./known-problem').then(({ loadKnownProblemBox }) => loadKnownProblemBox());

async function readHistory(): Promise<{ notices: ListedNotice[]; days: number }> {
  const [response, { parseNotice, isShown, updatesOf }] = await Promise.all([
    fetch(knownProblemsPaths.history, { headers: { Accept: 'application/json' } }),
    loadBox(),
  ]);
  if (!response.ok) throw new Error(`The history answered ${String(response.status)}.`);
  const answer = (await response.json()) as { notices?: unknown; days?: unknown } | null;
  const listed = Array.isArray(answer?.notices) ? (answer.notices as unknown[]) : [];
  const readAt = Date.now();
  const notices = listed.flatMap((value) => {
    const notice = parseNotice(value);
    return notice
      ? [{ ...notice, updates: updatesOf(notice), now: notice.state !== 'resolved' && isShown(notice, readAt) }]
      : [];
  });
  const days = typeof answer?.days === 'number' && Number.isInteger(answer.days) ? answer.days : 0;
  return { notices, days };
}

/** The notices of the history's period, newest first, as the page last read them; `retry` asks again. */
export function useHistoryRead(): [HistoryRead, () => void] {
  const [read, setRead] = useState<HistoryRead>({ state: 'loading' });
  const ask = useCallback(() => {
    readHistory().then(
      (answer) => {
        setRead({ state: 'ready', ...answer });
      },
      () => {
        setRead((shown) => (shown.state === 'ready' ? shown : { state: 'failed' }));
      },
    );
  }, []);
  useEffect(() => {
    let timer: ReturnType<typeof setInterval> | undefined;
    let gone = false;
    const whenVisible = () => {
      if (document.visibilityState === 'visible') ask();
    };
    ask();
    void loadBox().then(({ siteNoticeLimits }) => {
      if (!gone) timer = setInterval(whenVisible, siteNoticeLimits.pageRefreshSeconds * 1000);
    });
    document.addEventListener('visibilitychange', whenVisible);
    return () => {
      gone = true;
      clearInterval(timer);
      document.removeEventListener('visibilitychange', whenVisible);
    };
  }, [ask]);
  const retry = useCallback(() => {
    setRead({ state: 'loading' });
    ask();
  }, [ask]);
  return [read, retry];
}
