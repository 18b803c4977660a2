import { describe, expect, it } from 'vitest';
import type { TraceEvent } from './lighthouse-runner.ts';
import { startUpTasks } from './start-up-tasks.ts';

const page = { pid: 7, tid: 1 };
const frame = 'F1';
const ms = 1000; // trace timestamps are microseconds

function navigation(ts: number, url = 'http://127.0.0.1:5000/'): TraceEvent {
  return {
    name: 'navigationStart',
    cat: 'blink.user_timing',
    ph: 'R',
    ts,
    ...page,
    args: { frame, data: { documentLoaderURL: url } },
  };
}
function task(ts: number, dur: number, where = page): TraceEvent {
  return { name: 'RunTask', cat: 'toplevel', ph: 'X', ts, dur, ...where };
}
const paint = (ts: number): TraceEvent => ({
  name: 'firstContentfulPaint',
  cat: 'loading',
  ph: 'R',
  ts,
  ...page,
  args: { frame },
});
const ready = (ts: number): TraceEvent => ({ name: 'data-ready', cat: 'blink.user_timing', ph: 'R', ts, ...page });

describe('the start-up tasks of a trace', () => {
  it('keeps the main-thread tasks between the first paint and the ready mark, scaled by the slowdown', () => {
    const trace = [
      navigation(0, ''), // the blank page before the load
      navigation(1000 * ms),
      task(1100 * ms, 30 * ms), // before the paint
      paint(1200 * ms),
      task(1190 * ms, 20 * ms), // running when the paint was recorded: counts
      task(1300 * ms, 10 * ms),
      task(1310 * ms, 40 * ms, { pid: 7, tid: 2 }), // another thread
      task(1320 * ms, 40 * ms, { pid: 9, tid: 1 }), // another process
      task(1400 * ms, 13 * ms),
      ready(1405 * ms), // inside the task above
      task(1500 * ms, 100 * ms), // after: a carousel's timer
    ];
    const found = startUpTasks(trace, 4);
    expect(found.firstPaintMs).toBe(200);
    expect(found.readyMs).toBe(405);
    expect(found.tasks).toEqual([80, 40, 52]);
    expect(found.longestMs).toBe(80);
    expect(found.longCount).toBe(2);
  });

  it('runs to the end of the trace when the page sets no ready mark', () => {
    const trace = [navigation(0), paint(100 * ms), task(200 * ms, 5 * ms), task(900 * ms, 20 * ms)];
    const found = startUpTasks(trace, 4);
    expect(found.readyMs).toBeUndefined();
    expect(found.tasks).toEqual([20, 80]);
    expect(found.longCount).toBe(1);
  });

  it('ignores a ready mark from before the paint (another page) and says when the load is missing', () => {
    expect(
      startUpTasks([navigation(0), ready(50 * ms), paint(100 * ms), task(200 * ms, 1 * ms)], 4).readyMs,
    ).toBeUndefined();
    expect(() => startUpTasks([navigation(0, ''), task(10, 10)], 4)).toThrow(/no navigation/);
    expect(() => startUpTasks([navigation(0), task(10, 10)], 4)).toThrow(/no first contentful paint/);
  });
});
