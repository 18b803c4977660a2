// `npm run bench:web`: how fast a first visit is. Lighthouse (mobile, default simulated
// throttling) on every route of web/src/config/paths.ts in English and Italian, each at its
// own address, against the built site served the way Firebase Hosting serves it; then the
// home page again `--runs` times in each language, since one run's figures wander. Prints,
// per page: performance score, LCP, TBT, the longest main-thread task and the number of tasks
// of 50 ms or more (Lighthouse's long-tasks audit, on the simulated 4× slower CPU), CLS, bytes
// transferred, request count and requests to other origins; then the home page's median, min and max; each figure beside its goal
// with ✓ or ✗. The goals are printed, not enforced: the exit code is non-zero only when
// Lighthouse could not measure a page or a page rendered in the wrong language (then the
// figures are not those of the page meant).
//
//   --no-build           reuse web/dist instead of running `npm run build:emulator -w web`
//   --runs N             extra runs of the home page per language (default 5; 0: none)
//   --routes /,/pro      only these routes (default: every route; the extra runs need /)
//   --lang en            only these languages, comma-separated (default: en,it)
//   --dist DIR           serve this build instead of firebase.json's public folder (no build)
//
// Every run is a fresh Chromium with an empty profile, a first visit; its resolver answers
// only loopback, so a request to another origin fails but is still recorded and listed.
import { mkdir, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { parseArgs } from 'node:util';
import type { Language } from '../web/src/config/languages.ts';
import { paths, type RoutePath } from '../web/src/config/paths.ts';
import { startHostingServer } from './lib/hosting-server.ts';
import {
  exitWith,
  lighthouseConfig,
  numeric,
  pageUrl,
  prepareSite,
  root,
  runLighthouse,
  siteOptions,
  table,
  targets,
  type Lhr,
} from './lib/lighthouse-runner.ts';

/** The targets of the site's performance work (1 KB = 1000 bytes). */
const goals = { score: 0.98, homeLcpMs: 1500, tbtMs: 50, longestTaskMs: 50, cls: 0, homeBytes: 400_000 };

const { values } = parseArgs({
  options: { ...siteOptions, runs: { type: 'string', default: '5' } },
  allowNegative: true,
});
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 0) exitWith(`--runs wants a whole number ≥ 0, not "${values.runs}".`, 2);
const { routes, langs } = targets(values);
const started = Date.now();
const dist = await prepareSite(values);
// total-byte-weight and network-requests are read here even where the category leaves them out.
const config = lighthouseConfig(['performance'], ['total-byte-weight', 'network-requests', 'long-tasks']);

type Sample = {
  route: RoutePath;
  lang: Language;
  url: string;
  score: number | undefined;
  lcp: number | undefined;
  tbt: number | undefined;
  /** The longest top-level main-thread task, and how many took 50 ms or more. */
  longestTask: number | undefined;
  longTasks: number | undefined;
  cls: number | undefined;
  bytes: number | undefined;
  requests: number;
  otherOrigins: string[];
  renderedLang: string;
  seconds: number;
};

/** The figures of one run: requests are the http(s) ones (data: and blob: URLs load nothing). */
function sample(
  lhr: Lhr,
  origin: string,
): Pick<Sample, 'score' | 'lcp' | 'tbt' | 'longestTask' | 'longTasks' | 'cls' | 'bytes' | 'requests' | 'otherOrigins'> {
  const items = (lhr.audits['network-requests']?.details as { items?: { url?: string }[] } | undefined)?.items ?? [];
  const tasks = (lhr.audits['long-tasks']?.details as { items?: { duration?: number }[] } | undefined)?.items;
  const durations = (tasks ?? []).map((task) => task.duration ?? 0);
  const urls = items.map((item) => item.url ?? '').filter((url) => /^https?:/i.test(url));
  return {
    score: lhr.categories.performance?.score ?? undefined,
    lcp: numeric(lhr, 'largest-contentful-paint'),
    tbt: numeric(lhr, 'total-blocking-time'),
    longestTask: tasks === undefined ? undefined : Math.max(0, ...durations),
    longTasks: tasks === undefined ? undefined : durations.length,
    cls: numeric(lhr, 'cumulative-layout-shift'),
    bytes: numeric(lhr, 'total-byte-weight'),
    requests: urls.length,
    otherOrigins: urls.filter((url) => new URL(url).origin !== origin),
  };
}

const hosting = await startHostingServer(join(root, 'firebase.json'), { publicDir: dist });
const firstPass: Sample[] = [];
const repeats: Sample[] = [];
const failures: string[] = [];
const home = paths.home;
const extra = routes.includes(home) ? runs : 0;

async function measure(route: RoutePath, lang: Language, into: Sample[], label: string) {
  const url = pageUrl(hosting.origin, route, lang);
  try {
    const { lhr, renderedLang, seconds } = await runLighthouse(url, config);
    const found: Sample = {
      route,
      lang,
      url: url.slice(hosting.origin.length),
      ...sample(lhr, hosting.origin),
      renderedLang,
      seconds,
    };
    into.push(found);
    console.log(
      `  ${label.padEnd(10)} ${lang} ${found.url.padEnd(24)} ${formatScore(found.score).padStart(4)}  (${seconds.toFixed(1)} s)`,
    );
  } catch (error) {
    failures.push(`${lang} ${url}: ${error instanceof Error ? error.message : String(error)}`);
    console.error(`✖ ${lang} ${url}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

const total = routes.length * langs.length + extra * langs.length;
console.log(
  `• Serving ${dist ?? 'web/dist'} like Hosting at ${hosting.origin}; ${total} Lighthouse run(s), mobile, simulated throttling.`,
);
try {
  for (const lang of langs) for (const route of routes) await measure(route, lang, firstPass, 'page');
  // Languages take turns, so a slow spell of the machine does not fall on one language only.
  for (let run = 1; run <= extra; run++) {
    for (const lang of langs) await measure(home, lang, repeats, `home ${run}/${extra}`);
  }
} finally {
  await hosting.close();
}

function formatScore(score: number | undefined) {
  return score === undefined ? '–' : score.toFixed(2);
}
function formatMs(ms: number) {
  return `${Math.round(ms)} ms`;
}
function formatSeconds(ms: number) {
  return `${(ms / 1000).toFixed(2)} s`;
}
function formatCls(cls: number) {
  return cls === 0 ? '0' : cls < 0.001 ? '<0.001' : cls.toFixed(3);
}
function formatBytes(bytes: number) {
  return `${(bytes / 1000).toFixed(1)} KB`;
}

/** A figure with its mark: `goal` undefined means this figure has no goal on this page. */
function judged<T>(value: T | undefined, format: (value: T) => string, goal?: (value: T) => boolean) {
  if (value === undefined) return '–';
  return goal ? `${format(value)} ${goal(value) ? '✓' : '✗'}` : format(value);
}
const scoreGoal = (score: number) => score >= goals.score;
const lcpGoal = (lcp: number) => lcp <= goals.homeLcpMs;
const tbtGoal = (tbt: number) => tbt < goals.tbtMs;
const longTaskGoal = (ms: number) => ms <= goals.longestTaskMs;
const clsGoal = (cls: number) => cls === goals.cls;
const bytesGoal = (bytes: number) => bytes <= goals.homeBytes;

const header = [
  'Address',
  'Lang',
  'Perf',
  'LCP',
  'TBT',
  'Longest task',
  'Tasks ≥50 ms',
  'CLS',
  'Transferred',
  'Requests',
  'Other origins',
  'html[lang]',
];
const cells = firstPass.map((found) => {
  const isHome = found.route === home;
  return [
    found.url,
    found.lang,
    judged(found.score, formatScore, scoreGoal),
    judged(found.lcp, formatSeconds, isHome ? lcpGoal : undefined),
    judged(found.tbt, formatMs, tbtGoal),
    judged(found.longestTask, formatMs, longTaskGoal),
    found.longTasks === undefined ? '–' : String(found.longTasks),
    judged(found.cls, formatCls, clsGoal),
    judged(found.bytes, formatBytes, isHome ? bytesGoal : undefined),
    String(found.requests),
    found.otherOrigins.length === 0 ? '0 ✓' : `${found.otherOrigins.length} ✗`,
    found.renderedLang === found.lang ? found.renderedLang : `${found.renderedLang} ✗`,
  ];
});
console.log(`\nEvery page, first visit:\n${table(header, cells).join('\n')}`);

type Spread = { median: number; min: number; max: number };
function spread(numbers: (number | undefined)[]): Spread | undefined {
  const sorted = numbers.filter((value) => value !== undefined).sort((a, b) => a - b);
  if (sorted.length === 0) return undefined;
  const middle = sorted.length / 2;
  const median = Number.isInteger(middle)
    ? ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2
    : (sorted[Math.floor(middle)] ?? 0);
  return { median, min: sorted[0] ?? 0, max: sorted.at(-1) ?? 0 };
}
function judgedSpread(
  values: (number | undefined)[],
  format: (value: number) => string,
  goal: (value: number) => boolean,
) {
  const found = spread(values);
  if (found === undefined) return '–';
  return `${judged(found.median, format, goal)} (${format(found.min)}–${format(found.max)})`;
}

const homeSamples = [...firstPass, ...repeats].filter((found) => found.route === home);
if (extra > 0) {
  const summary = langs.map((lang) => {
    const mine = homeSamples.filter((found) => found.lang === lang);
    return [
      lang,
      String(mine.length),
      judgedSpread(
        mine.map((found) => found.score),
        formatScore,
        scoreGoal,
      ),
      judgedSpread(
        mine.map((found) => found.lcp),
        formatSeconds,
        lcpGoal,
      ),
      judgedSpread(
        mine.map((found) => found.tbt),
        formatMs,
        tbtGoal,
      ),
      judgedSpread(
        mine.map((found) => found.longestTask),
        formatMs,
        longTaskGoal,
      ),
      judgedSpread(
        mine.map((found) => found.cls),
        formatCls,
        clsGoal,
      ),
      judgedSpread(
        mine.map((found) => found.bytes),
        formatBytes,
        bytesGoal,
      ),
    ];
  });
  console.log(
    `\nHome page, the first visit above and ${extra} more per language: median (min–max), the mark on the median:`,
  );
  console.log(
    table(['Lang', 'Runs', 'Perf', 'LCP', 'TBT', 'Longest task', 'CLS', 'Transferred'], summary, 1).join('\n'),
  );
}

const elsewhere = [...firstPass, ...repeats].filter((found) => found.otherOrigins.length > 0);
if (elsewhere.length === 0) {
  console.log(`\n✓ No request went to another origin (${firstPass.length + repeats.length} first visits).`);
} else {
  console.log('\n✗ Requests to other origins (a first visit must make none):');
  const seen = new Set<string>();
  for (const found of elsewhere) {
    for (const url of found.otherOrigins) {
      const line = `  ${found.lang} ${found.url}: ${url}`;
      if (!seen.has(line)) console.log(line);
      seen.add(line);
    }
  }
}

console.log(
  `\nGoals (printed, not enforced): performance ≥ ${goals.score} on every page · home page LCP ≤ ${goals.homeLcpMs / 1000} s` +
    ` · CLS ${goals.cls} · TBT < ${goals.tbtMs} ms · longest task ≤ ${goals.longestTaskMs} ms (4× slower CPU) · home page ≤ ${goals.homeBytes / 1000} KB transferred (1 KB = 1000 bytes)` +
    " · no request to another origin. Transferred: bytes over the wire (compressed), from Lighthouse's total-byte-weight.",
);

const wrongLanguage = [...firstPass, ...repeats].filter((found) => found.renderedLang !== found.lang);
for (const found of wrongLanguage) {
  console.error(`✖ ${found.lang} ${found.url}: the page rendered in "${found.renderedLang}", not "${found.lang}".`);
}
const summaryFile = join(root, 'lighthouse-reports', 'bench-web.json');
await mkdir(join(root, 'lighthouse-reports'), { recursive: true });
await writeFile(summaryFile, `${JSON.stringify({ goals, firstPass, repeats, failures }, null, 2)}\n`);
const minutes = (Date.now() - started) / 60_000;
console.log(`• Every run's figures in ${relative(root, summaryFile)}. Took ${minutes.toFixed(1)} min.`);
if (failures.length > 0 || wrongLanguage.length > 0) process.exit(1);
