// The main-thread tasks of a page's start-up, read from the performance trace of one load
// (Lighthouse's, recorded without throttling): the tasks that ran between the first
// contentful paint and the app's `data-ready` mark (web/src/app/app-ready.ts), each scaled by
// the CPU slowdown Lighthouse simulates, as its long-tasks audit and TBT do. A task over
// 50 ms there is a tap that waits on a mid-range phone.
import type { TraceEvent } from './lighthouse-runner.ts';

/** The user-timing mark the app sets when every part of the page is hydrated. */
export const readyMark = 'data-ready';
/** A task longer than this blocks input noticeably (the long-task threshold of the web). */
export const longTaskMs = 50;

export type StartUp = {
  /** Milliseconds from navigation to the first contentful paint and to the ready mark. */
  firstPaintMs: number;
  /** Undefined when the page never set the mark (an older build): the window runs to the trace's end. */
  readyMs: number | undefined;
  /** Every task in the window, in milliseconds after the slowdown, in order. */
  tasks: number[];
  longestMs: number;
  /** How many took longer than `longTaskMs`. */
  longCount: number;
};

const isHttp = (url: unknown) => typeof url === 'string' && /^https?:/.test(url);

/**
 * The start-up of the page a trace loaded. Throws when the trace holds no navigation to an
 * http(s) address or no first contentful paint (a trace that did not record the load).
 */
export function startUpTasks(trace: readonly TraceEvent[], slowdown: number): StartUp {
  const navigation = trace.find(
    (event) => event.name === 'navigationStart' && isHttp(event.args?.data?.['documentLoaderURL']),
  );
  if (!navigation) throw new Error('The trace holds no navigation to a page.');
  const { pid, tid } = navigation;
  const frame = navigation.args?.frame;
  const inPage = (event: TraceEvent) => event.pid === pid && event.ts >= navigation.ts;
  const paint = trace.find(
    (event) => event.name === 'firstContentfulPaint' && inPage(event) && (!frame || event.args?.frame === frame),
  );
  if (!paint) throw new Error('The trace holds no first contentful paint.');
  const ready = trace.find(
    (event) => event.name === readyMark && event.cat.includes('user_timing') && inPage(event) && event.ts >= paint.ts,
  );
  const end = ready?.ts ?? Math.max(...trace.map((event) => event.ts + (event.dur ?? 0)));
  const tasks = trace
    .filter(
      (event) =>
        event.pid === pid &&
        event.tid === tid &&
        event.ph === 'X' &&
        event.name === 'RunTask' &&
        event.ts + (event.dur ?? 0) > paint.ts &&
        event.ts <= end,
    )
    .sort((a, b) => a.ts - b.ts)
    .map((event) => ((event.dur ?? 0) / 1000) * slowdown);
  return {
    firstPaintMs: (paint.ts - navigation.ts) / 1000,
    readyMs: ready ? (ready.ts - navigation.ts) / 1000 : undefined,
    tasks,
    longestMs: Math.max(0, ...tasks),
    longCount: tasks.filter((ms) => ms > longTaskMs).length,
  };
}
