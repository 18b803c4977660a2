// What `npm run bench:web` (scripts/bench-web.ts) reads from each Lighthouse run, the goals it
// holds them to, and how it writes them.
import type { Language } from '../../web/src/config/languages.ts';
import type { RoutePath } from '../../web/src/config/paths.ts';
import { numeric, type Lhr, type TraceEvent } from './lighthouse-runner.ts';
import { lcpPhases, type LcpPhases } from './lcp-phases.ts';
import { longTaskMs, startUpTasks } from './start-up-tasks.ts';

/** The targets of the site's performance work (1 KB = 1000 bytes). */
export const goals = {
  score: 0.98,
  lcpMs: 1200,
  tbtMs: 50,
  longestTaskMs: longTaskMs,
  longTasks: 0,
  cls: 0,
  homeBytes: 400_000,
  /** 100 KB as Chromium and Lighthouse count them (KiB): the home page's script, all of it. */
  homeScriptBytes: 100 * 1024,
};

export type Sample = {
  build: number;
  route: RoutePath;
  lang: Language;
  url: string;
  score: number | undefined;
  lcp: number | undefined;
  tbt: number | undefined;
  /** The start-up's longest task and how many took over 50 ms (simulated CPU), or undefined without a trace. */
  longestTask: number | undefined;
  longTasks: number | undefined;
  /** Whether the page set its ready mark (older builds do not: then the window runs to the trace's end). */
  readyMark: boolean;
  cls: number | undefined;
  bytes: number | undefined;
  /** Script bytes transferred (compressed, as the browser downloaded them), the whole visit. */
  scriptBytes: number | undefined;
  /** The largest paint's element and phases (scripts/lib/lcp-phases.ts). */
  phases: LcpPhases | undefined;
  requests: number;
  otherOrigins: string[];
  renderedLang: string;
  seconds: number;
};

export type Figures = Omit<Sample, 'build' | 'route' | 'lang' | 'url' | 'renderedLang' | 'seconds'>;

/** The http(s) requests of a run (data: and blob: URLs load nothing). */
function requestUrls(lhr: Lhr): string[] {
  const items = (lhr.audits['network-requests']?.details as { items?: { url?: string }[] } | undefined)?.items ?? [];
  return items.map((item) => item.url ?? '').filter((url) => /^https?:/i.test(url));
}

/** The start-up's tasks from the trace (scripts/lib/start-up-tasks.ts), or undefined (said) when it has none. */
function startUpOf(trace: TraceEvent[], slowdown: number): ReturnType<typeof startUpTasks> | undefined {
  try {
    return startUpTasks(trace, slowdown);
  } catch (error) {
    console.warn(`  (no start-up tasks: ${error instanceof Error ? error.message : String(error)})`);
    return undefined;
  }
}

/** The script bytes a run transferred, from resource-summary. */
function scriptBytesOf(lhr: Lhr): number | undefined {
  return (
    lhr.audits['resource-summary']?.details as
      { items?: { resourceType?: string; transferSize?: number }[] } | undefined
  )?.items?.find((item) => item.resourceType === 'script')?.transferSize;
}

/** The figures of one run: requests are the http(s) ones (data: and blob: URLs load nothing). */
export function figures(lhr: Lhr, trace: TraceEvent[], origin: string): Figures {
  const urls = requestUrls(lhr);
  const startUp = startUpOf(trace, lhr.configSettings.throttling.cpuSlowdownMultiplier);
  return {
    score: lhr.categories.performance?.score ?? undefined,
    lcp: numeric(lhr, 'largest-contentful-paint'),
    tbt: numeric(lhr, 'total-blocking-time'),
    longestTask: startUp?.longestMs,
    longTasks: startUp?.longCount,
    readyMark: startUp?.readyMs !== undefined,
    cls: numeric(lhr, 'cumulative-layout-shift'),
    bytes: numeric(lhr, 'total-byte-weight'),
    scriptBytes: scriptBytesOf(lhr),
    phases: lcpPhases(lhr),
    requests: urls.length,
    otherOrigins: urls.filter((url) => new URL(url).origin !== origin),
  };
}

export function median(numbers: (number | undefined)[]): number | undefined {
  const sorted = numbers.filter((value) => value !== undefined).sort((a, b) => a - b);
  if (sorted.length === 0) return undefined;
  const middle = sorted.length / 2;
  return Number.isInteger(middle)
    ? ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2
    : sorted[Math.floor(middle)];
}
export function formatScore(score: number) {
  return score.toFixed(2);
}
export function formatMs(ms: number) {
  return `${Math.round(ms)} ms`;
}
export function formatSeconds(ms: number) {
  return `${(ms / 1000).toFixed(2)} s`;
}
export function formatCls(cls: number) {
  return cls === 0 ? '0' : cls < 0.001 ? '<0.001' : cls.toFixed(3);
}
export function formatBytes(bytes: number) {
  return `${(bytes / 1000).toFixed(1)} KB`;
}
export function formatKib(bytes: number) {
  return `${(bytes / 1024).toFixed(1)} KiB`;
}
export function formatCount(count: number) {
  return Number.isInteger(count) ? String(count) : count.toFixed(1);
}

/** A figure with its mark: `goal` undefined means this figure has no goal on this page. */
export function judged(
  value: number | undefined,
  format: (value: number) => string,
  goal?: (value: number) => boolean,
) {
  if (value === undefined) return '–';
  return goal ? `${format(value)} ${goal(value) ? '✓' : '✗'}` : format(value);
}
export const isHome = (route: RoutePath) => route === '/';
export const metrics = {
  score: { title: 'Perf', format: formatScore, goal: (score: number) => score >= goals.score },
  lcp: { title: 'LCP', format: formatSeconds, goal: (lcp: number) => lcp <= goals.lcpMs },
  tbt: { title: 'TBT', format: formatMs, goal: (tbt: number) => tbt < goals.tbtMs },
  longestTask: { title: 'Longest task', format: formatMs, goal: (ms: number) => ms <= goals.longestTaskMs },
  longTasks: {
    title: `Tasks >${longTaskMs} ms`,
    format: formatCount,
    goal: (count: number) => count <= goals.longTasks,
  },
  cls: { title: 'CLS', format: formatCls, goal: (cls: number) => cls === goals.cls },
  bytes: {
    title: 'Transferred',
    format: formatBytes,
    goal: (bytes: number) => bytes <= goals.homeBytes,
    homeOnly: true,
  },
  scriptBytes: {
    title: 'Script',
    format: formatKib,
    goal: (bytes: number) => bytes <= goals.homeScriptBytes,
    homeOnly: true,
  },
} satisfies Record<
  string,
  { title: string; format: (value: number) => string; goal: (value: number) => boolean; homeOnly?: boolean }
>;
export type Metric = keyof typeof metrics;
export const metricNames = Object.keys(metrics) as Metric[];
