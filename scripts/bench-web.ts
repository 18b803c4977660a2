// `npm run bench:web`: how fast a first visit is. Lighthouse (mobile, default simulated
// throttling) on every route of web/src/config/paths.ts in English and Italian, each at its
// own address, against the built site served the way Firebase Hosting serves it, `--runs`
// times per page (languages and pages take turns, so a slow spell of the machine spreads over
// all of them). Prints per page the median of the runs: performance score, LCP, TBT, the
// start-up's longest main-thread task and its number of tasks over 50 ms (from the trace:
// between the first contentful paint and the app's `data-ready` mark, scaled to the
// simulated 4× slower CPU; scripts/lib/start-up-tasks.ts), CLS, bytes transferred, requests
// and requests to other origins; each beside its goal with ✓ or ✗. The goals are printed,
// not enforced: the exit code is non-zero only when Lighthouse could not measure a page or a
// page rendered in the wrong language (then the figures are not those of the page meant).
//
// A/B: `--baseline REV|DIR` measures another build beside this one, alternately in one
// session (A B, then B A, …), and prints both medians and the ratio B/A per page and over
// all pages: a regression shows as a figure. REV is any commit (built in a temporary git
// worktree); DIR a build folder (web/dist of another checkout).
//
//   --no-build           reuse web/dist instead of running `npm run build:emulator -w web`
//   --runs N             runs per page and build (default 3)
//   --routes /,/pro      only these routes (default: every route)
//   --lang en            only these languages, comma-separated (default: en,it)
//   --dist DIR           measure this build instead of firebase.json's public folder (no build)
//   --baseline REV|DIR   A/B against this build
//
// Every run is a fresh Chromium with an empty profile, a first visit; its resolver answers
// only loopback, so a request to another origin fails but is still recorded and listed.
import { mkdir, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { parseArgs } from 'node:util';
import type { Language } from '../web/src/config/languages.ts';
import type { RoutePath } from '../web/src/config/paths.ts';
import { startHostingServer } from './lib/hosting-server.ts';
import {
  exitWith,
  lighthouseConfig,
  pageUrl,
  root,
  runLighthouse,
  siteOptions,
  table,
  targets,
} from './lib/lighthouse-runner.ts';
import { benchBuilds } from './lib/revision-build.ts';
import {
  figures,
  formatCount,
  formatKib,
  formatMs,
  formatSeconds,
  goals,
  isHome,
  judged,
  median,
  metricNames,
  metrics,
  type Metric,
  type Sample,
} from './lib/bench-web-figures.ts';

const { values } = parseArgs({
  options: { ...siteOptions, runs: { type: 'string', default: '3' }, baseline: { type: 'string' } },
  allowNegative: true,
});
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1) exitWith(`--runs wants a whole number ≥ 1, not "${values.runs}".`, 2);
const { routes, langs } = targets(values);
const started = Date.now();
const builds = await benchBuilds(values);

// The audits read here beyond the category's scored ones: bytes, requests and the largest paint's phases.
const config = lighthouseConfig(
  ['performance'],
  ['total-byte-weight', 'resource-summary', 'network-requests', 'metrics', 'lcp-breakdown-insight'],
);

const servers = await Promise.all(
  builds.map((build) => startHostingServer(join(root, 'firebase.json'), { publicDir: build.dist })),
);
const samples: Sample[] = [];
const failures: string[] = [];
const total = routes.length * langs.length * runs * builds.length;
let done = 0;

async function measure(build: number, route: RoutePath, lang: Language) {
  const origin = servers[build]?.origin ?? '';
  const url = pageUrl(origin, route, lang);
  const label = builds.length > 1 ? `${'AB'[build] ?? '?'} ` : '';
  try {
    const { lhr, trace, renderedLang, seconds } = await runLighthouse(url, config);
    const found: Sample = {
      build,
      route,
      lang,
      url: url.slice(origin.length),
      ...figures(lhr, trace, origin),
      renderedLang,
      seconds,
    };
    samples.push(found);
    done++;
    console.log(
      `  ${String(done).padStart(String(total).length)}/${total} ${label}${lang} ${found.url.padEnd(24)} TBT ${formatMs(found.tbt ?? 0).padStart(7)}  longest ${formatMs(found.longestTask ?? 0).padStart(6)}  (${seconds.toFixed(1)} s)`,
    );
  } catch (error) {
    failures.push(`${label}${lang} ${url}: ${error instanceof Error ? error.message : String(error)}`);
    console.error(`✖ ${label}${lang} ${url}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

console.log(
  `• ${builds.map((build, index) => `${builds.length > 1 ? `${'AB'[index] ?? '?'}: ` : ''}${build.label} at ${servers[index]?.origin ?? ''}`).join(' · ')}` +
    `; ${total} Lighthouse run(s), mobile, simulated throttling.`,
);
try {
  for (let run = 0; run < runs; run++) {
    // A B, then B A: neither build always goes first after the machine's quiet moments.
    const order = builds.map((_, index) => index);
    if (run % 2 === 1) order.reverse();
    for (const route of routes) for (const lang of langs) for (const build of order) await measure(build, route, lang);
  }
} finally {
  await Promise.all(servers.map((server) => server.close()));
}

function pagesOf(build: number) {
  const pages: { route: RoutePath; lang: Language; url: string; runs: Sample[] }[] = [];
  for (const route of routes) {
    for (const lang of langs) {
      const mine = samples.filter((found) => found.build === build && found.route === route && found.lang === lang);
      if (mine[0]) pages.push({ route, lang, url: mine[0].url, runs: mine });
    }
  }
  return pages;
}
const medianOf = (runs: Sample[], metric: Metric) => median(runs.map((found) => found[metric]));
const goalOn = (metric: Metric, route: RoutePath) => {
  const { goal, ...rest } = metrics[metric];
  return 'homeOnly' in rest && !isHome(route) ? undefined : goal;
};

const measured = builds.length - 1; // the build this command is about: the last one
const header = [
  'Address',
  'Lang',
  ...metricNames.map((name) => metrics[name].title),
  'Requests',
  'Other origins',
  'html[lang]',
];
const cells = pagesOf(measured).map(({ route, lang, url, runs: mine }) => {
  const other = mine.flatMap((found) => found.otherOrigins);
  const wrong = mine.find((found) => found.renderedLang !== lang);
  return [
    url,
    lang,
    ...metricNames.map((name) => judged(medianOf(mine, name), metrics[name].format, goalOn(name, route))),
    formatCount(median(mine.map((found) => found.requests)) ?? 0),
    other.length === 0 ? '0 ✓' : `${new Set(other).size} ✗`,
    wrong ? `${wrong.renderedLang} ✗` : lang,
  ];
});
console.log(`\n${builds[measured]?.label ?? ''}: every page, first visit, median of ${runs} run(s):`);
console.log(table(header, cells).join('\n'));

// The largest paint of each page, split into phases (medians), every build: a regression names its phase.
const phaseNames = ['ttfb', 'loadDelay', 'loadTime', 'renderDelay'] as const;
const phaseTitles = { ttfb: 'TTFB', loadDelay: 'Load delay', loadTime: 'Load time', renderDelay: 'Render delay' };
function mostCommon(values: string[]): string {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? '–';
}
const phaseRows = pagesOf(measured).flatMap(({ route, lang, url }) =>
  builds.map((_, build) => {
    const mine = samples.filter((found) => found.build === build && found.route === route && found.lang === lang);
    const phases = mine.flatMap((found) => (found.phases ? [found.phases] : []));
    const element = mostCommon(phases.map((found) => found.image ?? found.element.split(' > ').slice(-2).join(' > ')));
    return [
      builds.length > 1 ? `${url} ${'AB'[build] ?? '?'}` : url,
      lang,
      formatSeconds(medianOf(mine, 'lcp') ?? 0),
      ...phaseNames.map((name) => {
        const value = median(phases.map((found) => found[name]));
        return value === undefined ? '–' : formatMs(value);
      }),
      element,
    ];
  }),
);
console.log(`
Largest paint, median of ${runs} run(s): its phases and what it painted (the image's file, or the element):`);
console.log(
  table(['Address', 'Lang', 'LCP', ...phaseNames.map((name) => phaseTitles[name]), 'Painted'], phaseRows, 2).join('\n'),
);

const unmarked = samples.filter((found) => found.longestTask !== undefined && !found.readyMark);
if (unmarked.length > 0) {
  const labels = [...new Set(unmarked.map((found) => builds[found.build]?.label))].join(', ');
  console.log(`  (${labels}: no data-ready mark; start-up tasks counted to the end of the trace)`);
}

if (builds.length > 1) {
  const ratio = (a: number | undefined, b: number | undefined) =>
    a === undefined || b === undefined ? '–' : a === 0 ? (b === 0 ? '1.00' : '∞') : (b / a).toFixed(2);
  const compared: Metric[] = ['tbt', 'longestTask', 'longTasks', 'lcp', 'bytes', 'scriptBytes'];
  const baselinePages = pagesOf(0);
  const rows = pagesOf(measured).flatMap(({ route, lang, url, runs: mine }) => {
    const theirs = baselinePages.find((page) => page.route === route && page.lang === lang);
    if (!theirs) return [];
    return [
      [
        url,
        lang,
        ...compared.flatMap((name) => {
          const a = medianOf(theirs.runs, name);
          const b = medianOf(mine, name);
          const format = metrics[name].format;
          return [a === undefined ? '–' : format(a), b === undefined ? '–' : format(b), ratio(a, b)];
        }),
      ],
    ];
  });
  // Over all pages: the sum of the per-page medians, A against B.
  const sums = compared.flatMap((name) => {
    const sum = (build: number) => pagesOf(build).reduce((total, page) => total + (medianOf(page.runs, name) ?? 0), 0);
    const a = sum(0);
    const b = sum(measured);
    return [metrics[name].format(a), metrics[name].format(b), ratio(a, b)];
  });
  rows.push(['all pages (sum)', '', ...sums]);
  const abHeader = ['Address', 'Lang', ...compared.flatMap((name) => [`${metrics[name].title} A`, 'B', 'B/A'])];
  console.log(
    `\nA/B, median of ${runs} run(s) each, alternating: A = ${builds[0]?.label ?? ''}, B = ${builds[measured]?.label ?? ''}:`,
  );
  console.log(table(abHeader, rows).join('\n'));
}

const elsewhere = samples.filter((found) => found.otherOrigins.length > 0);
if (elsewhere.length === 0) {
  console.log(`\n✓ No request went to another origin (${samples.length} first visits).`);
} else {
  console.log('\n✗ Requests to other origins (a first visit must make none):');
  const seen = new Set<string>();
  for (const found of elsewhere) {
    for (const url of found.otherOrigins) {
      const line = `  ${builds[found.build]?.label ?? ''} ${found.lang} ${found.url}: ${url}`;
      if (!seen.has(line)) console.log(line);
      seen.add(line);
    }
  }
}

console.log(
  `\nGoals (printed, not enforced): performance ≥ ${goals.score} on every page · LCP ≤ ${goals.lcpMs / 1000} s on every page` +
    ` · CLS ${goals.cls} · TBT < ${goals.tbtMs} ms · no start-up task over ${goals.longestTaskMs} ms (from first paint to data-ready, 4× slower CPU)` +
    ` · home page ≤ ${goals.homeBytes / 1000} KB transferred (1 KB = 1000 bytes), of it ≤ ${formatKib(goals.homeScriptBytes)} of script · no request to another origin.` +
    " Transferred: bytes over the wire (compressed), from Lighthouse's total-byte-weight; Script: its scripts, from resource-summary." +
    ' Largest paint: its phases are the observed load scaled to the simulated LCP, as Lighthouse splits it.',
);

const wrongLanguage = samples.filter((found) => found.renderedLang !== found.lang);
for (const found of wrongLanguage) {
  console.error(`✖ ${found.lang} ${found.url}: the page rendered in "${found.renderedLang}", not "${found.lang}".`);
}
const summaryFile = join(root, 'lighthouse-reports', 'bench-web.json');
await mkdir(join(root, 'lighthouse-reports'), { recursive: true });
await writeFile(summaryFile, `${JSON.stringify({ goals, builds, samples, failures }, null, 2)}\n`);
const minutes = (Date.now() - started) / 60_000;
console.log(`• Every run's figures in ${relative(root, summaryFile)}. Took ${minutes.toFixed(1)} min.`);
if (failures.length > 0 || wrongLanguage.length > 0) process.exit(1);
