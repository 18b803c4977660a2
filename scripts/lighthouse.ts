// `npm run lighthouse`: Lighthouse (mobile, default simulated throttling) on every route of
// web/src/config/paths.ts in English and Italian, against the built site served the way
// Firebase Hosting serves it. Prints a table of the four category scores and LCP, TBT and
// CLS, and writes one HTML report per page to lighthouse-reports/ (ignored by git).
//
//   --no-build           reuse web/dist instead of running `npm run build:emulator -w web`
//   --assert             exit 1 unless accessibility, best practices and SEO are 1 everywhere;
//                        the performance category is then not run (nothing asserts it, and
//                        speed is compared side by side by `npm run bench:web`), nor the
//                        report's picture of the whole page, and Chromium is the tests'
//                        headless shell
//   --routes /,/pro      only these routes (default: every route of paths.ts)
//   --lang en            only these languages, comma-separated (default: en,it)
//   --dist DIR           serve this build instead of firebase.json's public folder (no build)
//   --jobs N             N Lighthouse runs at once, each in a process of its own (default 1):
//                        the asserted categories do not depend on the CPU, the performance
//                        figures do, so measure speed with one job (or npm run bench:web)
//
// The site is served by superstatic, the Hosting emulator's own server, with firebase.json's
// hosting settings (scripts/lib/hosting-server.ts), on a free port: no emulator, Java or fixed
// port is needed, so it runs beside `npm start` or the e2e suite.
// Each page is visited at its own address in its language (`/it/features` for Italian) by a
// fresh Chromium, and the language the page really rendered (`<html lang>` after the app ran)
// is checked for every report. The runner is shared with `npm run bench:web`
// (scripts/lib/lighthouse-runner.ts).
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { fork, type ChildProcess } from 'node:child_process';
import { dirname, join, relative } from 'node:path';
import { parseArgs } from 'node:util';
import type { Language } from '../web/src/config/languages.ts';
import { unlistedPaths, type RoutePath } from '../web/src/config/paths.ts';
import { startHostingServer } from './lib/hosting-server.ts';
import {
  lighthouseConfig,
  numeric,
  pageUrl,
  prepareSite,
  root,
  isTraceError,
  runLighthouse,
  siteOptions,
  table,
  targets,
} from './lib/lighthouse-runner.ts';
import { testChromiumPath } from './lib/test-chromium.ts';

const reportsDir = join(root, 'lighthouse-reports');
const asserted = ['accessibility', 'best-practices', 'seo'] as const;
/** Every category the table has a column for. */
const columns = ['performance', ...asserted] as const;
type Category = (typeof columns)[number];

const { values } = parseArgs({
  options: { ...siteOptions, assert: { type: 'boolean', default: false }, jobs: { type: 'string', default: '1' } },
  allowNegative: true,
});
/** The categories run: with --assert, the asserted ones alone. */
const categories: readonly Category[] = values.assert ? asserted : columns;
// With --assert (npm test), the scores are what is read: the reports leave out the picture of
// the whole page, which no audit scores (3 pages here: 46.5 → 39.8 CPU-s).
const look = { fullPageScreenshot: !values.assert };
// Nor does it measure speed, so it runs in the browser the tests drive
// (scripts/lib/test-chromium.ts): the same scores on all 26 pages, 94 and 110 CPU-s against
// 141 and 163 in the full browser (two runs each, two jobs). Without --assert the performance
// figures are the full browser's, as visitors run it.
const browser = values.assert ? testChromiumPath : undefined;
const config = lighthouseConfig(categories, [], [], look);
// A page the site asks search engines to leave out (`noindex`, the route table's `unlisted`)
// is not crawlable on purpose: its audit for that is skipped, every other one still counts.
const unlistedConfig = lighthouseConfig(categories, [], ['is-crawlable'], look);
const unlisted = new Set<string>(unlistedPaths());

type Row = {
  route: RoutePath;
  lang: Language;
  url: string;
  /** Each category's score; a category not run has none. */
  scores: Partial<Record<Category, number | null>>;
  lcp: number | undefined;
  tbt: number | undefined;
  cls: number | undefined;
  renderedLang: string;
  failing: string[];
  report: string;
  seconds: number;
};

/** Runs Lighthouse on one page, writes its HTML report and sums it up. */
async function audit(origin: string, route: RoutePath, lang: Language): Promise<Row> {
  const url = pageUrl(origin, route, lang);
  const { lhr, html, renderedLang, seconds } = await runLighthouse(
    url,
    unlisted.has(route) ? unlistedConfig : config,
    browser,
  );
  const name = route === '/' ? 'home' : route.slice(1);
  const report = join(reportsDir, lang, `${name}.html`);
  await mkdir(dirname(report), { recursive: true });
  await writeFile(report, html);
  const audit = (id: string) => lhr.audits[id];
  const failing = asserted.flatMap((category) =>
    (lhr.categories[category]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && audit(ref.id)?.score !== null && (audit(ref.id)?.score ?? 0) < 1)
      .map((ref) => `${category}: ${ref.id}`),
  );
  return {
    route,
    lang,
    url: url.slice(origin.length),
    scores: Object.fromEntries(categories.map((id) => [id, lhr.categories[id]?.score ?? null])),
    lcp: numeric(lhr, 'largest-contentful-paint'),
    tbt: numeric(lhr, 'total-blocking-time'),
    cls: numeric(lhr, 'cumulative-layout-shift'),
    renderedLang,
    failing,
    report: relative(root, report),
    seconds,
  };
}

type Job = { origin: string; route: RoutePath; lang: Language };
/** A page's outcome; `again`: the trace was not recorded, and another try later may succeed. */
type Done = { row: Row } | { error: string; again: boolean };
const failure = (error: unknown): Done => ({
  error: error instanceof Error ? error.message : String(error),
  again: isTraceError(error),
});

// A job process (--jobs): Lighthouse keeps state of its own in the process, so runs side by
// side each have one; it takes pages from the parent one at a time and answers each.
if (process.env.LIGHTHOUSE_JOB === '1' && process.send) {
  const send = process.send.bind(process);
  process.on('message', (job: Job) => {
    audit(job.origin, job.route, job.lang).then(
      (row) => send({ row } satisfies Done),
      (error: unknown) => send(failure(error)),
    );
  });
  process.on('disconnect', () => process.exit(0));
} else {
  await main();
}

async function main(): Promise<void> {
  const { routes, langs } = targets(values);
  const jobs = Math.max(1, Math.min(Number.parseInt(values.jobs, 10) || 1, routes.length * langs.length));
  const started = Date.now();
  const dist = await prepareSite(values);
  const hosting = await startHostingServer(join(root, 'firebase.json'), { publicDir: dist });
  await rm(reportsDir, { recursive: true, force: true });
  console.log(
    `• Serving ${dist ?? 'web/dist'} like Hosting at ${hosting.origin}; ${routes.length * langs.length} Lighthouse run(s), mobile, simulated throttling${jobs > 1 ? `, ${String(jobs)} at once` : ''}.`,
  );
  const queue: Job[] = langs.flatMap((lang) => routes.map((route) => ({ origin: hosting.origin, route, lang })));
  const outcomes = collectOutcomes(queue);
  try {
    await Promise.all(
      Array.from({ length: jobs }, () =>
        jobs > 1 ? inAJobProcess(queue, outcomes.done) : inThisProcess(queue, outcomes.done),
      ),
    );
  } finally {
    await hosting.close();
  }
  // In the order asked for, whichever job finished first.
  const { rows } = outcomes;
  const order = (row: Row) => langs.indexOf(row.lang) * routes.length + routes.indexOf(row.route);
  rows.sort((a, b) => order(a) - order(b));
  await summarize(rows, outcomes.crashed(), started);
}

/**
 * Takes each page's outcome as it comes (`done`): a row, kept and printed; a crash, said at once;
 * a page whose trace was not recorded twice in a row (runLighthouse tries twice) goes back on
 * `queue` for one more try after the others, when fewer runs share the CPU.
 */
function collectOutcomes(queue: Job[]) {
  const rows: Row[] = [];
  let crashed = false;
  const triedAgain = new Set<Job>();
  const done = (job: Job, outcome: Done) => {
    if ('error' in outcome && outcome.again && !triedAgain.has(job)) {
      triedAgain.add(job);
      console.warn(`  ${job.lang} ${job.route}: ${outcome.error.split(':')[0] ?? ''}, trying it once more at the end`);
      queue.push(job);
      return;
    }
    if ('error' in outcome) {
      crashed = true;
      console.error(`✖ ${job.lang} ${job.route}: ${outcome.error}`);
      return;
    }
    const { row } = outcome;
    rows.push(row);
    console.log(
      `  ${row.lang} ${row.url.padEnd(24)} ${columns.map((id) => score(row.scores[id])).join(' ')}  (${row.seconds.toFixed(1)} s)`,
    );
  };
  return { rows, done, crashed: () => crashed };
}

/** Audits the pages of `queue` in this process, one after another, until it is empty. */
async function inThisProcess(queue: Job[], done: (job: Job, outcome: Done) => void): Promise<void> {
  for (let job = queue.shift(); job; job = queue.shift()) {
    const current = job;
    await audit(current.origin, current.route, current.lang).then(
      (row) => done(current, { row }),
      (error: unknown) => done(current, failure(error)),
    );
  }
}

/** Audits the pages of `queue` in a job process of its own (this script, LIGHTHOUSE_JOB), one at a time. */
async function inAJobProcess(queue: Job[], done: (job: Job, outcome: Done) => void): Promise<void> {
  const child: ChildProcess = fork(import.meta.filename, process.argv.slice(2), {
    env: { ...process.env, LIGHTHOUSE_JOB: '1' },
  });
  try {
    for (let job = queue.shift(); job; job = queue.shift()) {
      const current = job;
      const outcome = await new Promise<Done>((resolve) => {
        const onExit = (code: number | null) =>
          resolve({ error: `the job process exited (code ${String(code)})`, again: false });
        child.once('exit', onExit);
        child.once('message', (message: Done) => {
          child.off('exit', onExit);
          resolve(message);
        });
        child.send(current);
      });
      done(current, outcome);
      if (child.exitCode !== null) break;
    }
  } finally {
    if (child.connected) child.disconnect();
  }
}

function score(value: number | null | undefined): string {
  return value === null || value === undefined ? '  –' : String(Math.round(value * 100)).padStart(3);
}

async function summarize(rows: Row[], crashed: boolean, started: number): Promise<void> {
  const header = ['Address', 'Lang', 'Perf', 'A11y', 'BP', 'SEO', 'LCP', 'TBT', 'CLS', 'html[lang]'];
  const cells = rows.map((row) => [
    row.url,
    row.lang,
    ...columns.map((id) => score(row.scores[id]).trim()),
    row.lcp === undefined ? '–' : `${(row.lcp / 1000).toFixed(2)} s`,
    row.tbt === undefined ? '–' : `${Math.round(row.tbt)} ms`,
    row.cls === undefined ? '–' : row.cls.toFixed(3),
    row.renderedLang,
  ]);
  console.log(`\n${table(header, cells).join('\n')}`);

  const wrongLanguage = rows.filter((row) => row.renderedLang !== row.lang);
  const failing = rows.filter((row) => row.failing.length > 0);
  if (failing.length > 0) {
    console.log('\nAudits below 1 in accessibility, best practices or SEO:');
    for (const row of failing) console.log(`  ${row.lang} ${row.url}: ${row.failing.join(', ')}`);
  }
  for (const row of wrongLanguage) {
    console.error(`✖ ${row.lang} ${row.url}: the page rendered in "${row.renderedLang}", not "${row.lang}".`);
  }
  await writeFile(join(reportsDir, 'summary.json'), `${JSON.stringify(rows, null, 2)}\n`).catch(() => undefined);
  const minutes = (Date.now() - started) / 60_000;
  console.log(`\n• Scores 0–100. HTML reports in ${relative(root, reportsDir)}/. Took ${minutes.toFixed(1)} min.`);

  const belowOne = rows.filter((row) => asserted.some((id) => row.scores[id] !== 1));
  if (crashed || wrongLanguage.length > 0) process.exit(1);
  if (values.assert && belowOne.length > 0) {
    console.error(
      `✖ Accessibility, best practices and SEO must be 100 on every route: ${belowOne.length} page(s) fall short.`,
    );
    process.exit(1);
  }
}
