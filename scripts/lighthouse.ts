// `npm run lighthouse`: Lighthouse (mobile, default simulated throttling) on every route of
// web/src/config/paths.ts in English and Italian, against the built site served the way
// Firebase Hosting serves it. Prints a table of the four category scores and LCP, TBT and
// CLS, and writes one HTML report per page to lighthouse-reports/ (ignored by git).
//
//   --no-build           reuse web/dist instead of running `npm run build:emulator -w web`
//   --assert             exit 1 unless accessibility, best practices and SEO are 1 everywhere
//   --routes /,/pro      only these routes (default: every route of paths.ts)
//   --lang en            only these languages, comma-separated (default: en,it)
//   --dist DIR           serve this build instead of firebase.json's public folder (no build)
//
// The site is served by a small Node server that applies firebase.json (rewrites, headers,
// cleanUrls, the 404 page with status 404) and compresses like Hosting, on a free port: no
// emulator, Java or fixed port is needed, so it runs beside `npm start` or the e2e suite.
// Each page gets a fresh Chromium whose UI language is the page language (`--lang`,
// `--accept-lang`: the site reads navigator.languages), and the language the page really
// rendered (`<html lang>` after the app ran) is checked for every report.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import lighthouse from 'lighthouse';
import { languages } from '../web/src/config/languages.ts';
import { paths } from '../web/src/config/paths.ts';
import { startHostingServer } from './lib/hosting-server.ts';
import { PageLanguageAudit, PageLanguageGatherer, type PageLanguage } from './lib/lighthouse-page-language.ts';
import { run } from './lib/processes.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const reportsDir = join(root, 'lighthouse-reports');
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const asserted = ['accessibility', 'best-practices', 'seo'] as const;
const categories = ['performance', ...asserted] as const;

const { values } = parseArgs({
  options: {
    build: { type: 'boolean', default: true },
    assert: { type: 'boolean', default: false },
    routes: { type: 'string' },
    lang: { type: 'string' },
    dist: { type: 'string' },
  },
  allowNegative: true,
});

const allRoutes: string[] = Object.values(paths);
const routes = values.routes ? values.routes.split(',').map((route) => route.trim()) : allRoutes;
const unknownRoutes = routes.filter((route) => !allRoutes.includes(route));
const langs = values.lang ? values.lang.split(',').map((lang) => lang.trim()) : [...languages];
const unknownLangs = langs.filter((lang) => !(languages as readonly string[]).includes(lang));
if (unknownRoutes.length > 0 || unknownLangs.length > 0) {
  console.error(
    `✖ Unknown ${unknownRoutes.length > 0 ? `route(s) ${unknownRoutes.join(', ')} (known: ${allRoutes.join(', ')})` : `language(s) ${unknownLangs.join(', ')} (known: ${languages.join(', ')})`}.`,
  );
  process.exit(2);
}
if (!existsSync(chromePath)) {
  console.error(`✖ Chromium not found at ${chromePath}: install it (apt-get install -y chromium) or set CHROME_PATH.`);
  process.exit(1);
}

const started = Date.now();
const dist = values.dist === undefined ? undefined : resolve(values.dist);
if (dist !== undefined) {
  if (!existsSync(join(dist, 'index.html'))) {
    console.error(`✖ ${dist} holds no index.html.`);
    process.exit(1);
  }
} else if (values.build) {
  console.log('• Building the site (npm run build:emulator -w web)…');
  // A production build even when the caller's environment says otherwise (see scripts/start.ts).
  const code = await run('npm', ['run', 'build:emulator', '-w', 'web', '--silent'], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (code !== 0) {
    console.error('✖ The site build failed (see above).');
    process.exit(1);
  }
} else if (!existsSync(join(root, 'web', 'dist', 'index.html'))) {
  console.error('✖ web/dist has no build: run without --no-build.');
  process.exit(1);
}

// The flags of the toolchain notes: headless, no sandbox, and a resolver that answers only
// loopback, so that nothing (Chromium's own services included) leaves the machine.
function chromeFlags(lang: string, userDataDir: string): string[] {
  return [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--disable-dev-shm-usage',
    '--no-first-run',
    '--no-default-browser-check',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--disable-extensions',
    '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
    `--lang=${lang}`,
    `--accept-lang=${lang}`,
    `--user-data-dir=${userDataDir}`,
    '--remote-debugging-port=0',
    'about:blank',
  ];
}

type Chrome = { port: number; close: () => Promise<void> };

/** Starts Chromium in a profile of its own and waits for the port it chose for DevTools. */
async function launchChrome(lang: string): Promise<Chrome> {
  const userDataDir = await mkdtemp(join(tmpdir(), 'lighthouse-chrome-'));
  const child: ChildProcess = spawn(chromePath, chromeFlags(lang, userDataDir), {
    stdio: ['ignore', 'ignore', 'pipe'],
    detached: true,
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const close = async () => {
    if (child.pid !== undefined && child.exitCode === null) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // already gone
      }
      const timer = setTimeout(() => {
        try {
          if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
        } catch {
          // already gone
        }
      }, 5_000);
      await exited;
      clearTimeout(timer);
    }
    await rm(userDataDir, { recursive: true, force: true }).catch(() => undefined);
  };
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    const file = await readFile(join(userDataDir, 'DevToolsActivePort'), 'utf8').catch(() => '');
    const port = Number(file.split('\n')[0]);
    if (port > 0) return { port, close };
    await new Promise((done) => setTimeout(done, 100));
  }
  await close();
  throw new Error(`Chromium did not start (${chromePath}):\n${stderr.slice(-2000)}`);
}

const config = {
  extends: 'lighthouse:default',
  settings: { onlyCategories: [...categories], onlyAudits: ['page-language'] },
  artifacts: [{ id: 'PageLanguage', gatherer: { instance: new PageLanguageGatherer() } }],
  audits: [{ implementation: PageLanguageAudit }],
} as unknown as Parameters<typeof lighthouse>[2];

type Row = {
  route: string;
  lang: string;
  scores: Record<(typeof categories)[number], number | null>;
  lcp: number | undefined;
  tbt: number | undefined;
  cls: number | undefined;
  renderedLang: string;
  failing: string[];
  report: string;
  seconds: number;
};

const hosting = await startHostingServer(join(root, 'firebase.json'), { publicDir: dist });
const rows: Row[] = [];
let crashed = false;
await rm(reportsDir, { recursive: true, force: true });
console.log(
  `• Serving ${dist ?? 'web/dist'} like Hosting at ${hosting.origin}; ${routes.length * langs.length} Lighthouse run(s), mobile, simulated throttling.`,
);
try {
  for (const lang of langs) {
    for (const route of routes) {
      const begun = Date.now();
      const chrome = await launchChrome(lang);
      try {
        const result = await lighthouse(
          hosting.origin + route,
          { port: chrome.port, output: 'html', logLevel: 'error', locale: 'en-US' },
          config,
        );
        if (!result) throw new Error('Lighthouse returned no result');
        const { lhr } = result;
        if (lhr.runtimeError) throw new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
        const name = route === '/' ? 'home' : route.slice(1);
        const report = join(reportsDir, lang, `${name}.html`);
        await mkdir(dirname(report), { recursive: true });
        await writeFile(report, typeof result.report === 'string' ? result.report : result.report.join(''));
        const audit = (id: string) => lhr.audits[id];
        const page = audit('page-language')?.details as (PageLanguage & { type: string }) | undefined;
        const failing = asserted.flatMap((category) =>
          (lhr.categories[category]?.auditRefs ?? [])
            .filter((ref) => ref.weight > 0 && audit(ref.id)?.score !== null && (audit(ref.id)?.score ?? 0) < 1)
            .map((ref) => `${category}: ${ref.id}`),
        );
        rows.push({
          route,
          lang,
          scores: Object.fromEntries(categories.map((id) => [id, lhr.categories[id]?.score ?? null])) as Row['scores'],
          lcp: audit('largest-contentful-paint')?.numericValue,
          tbt: audit('total-blocking-time')?.numericValue,
          cls: audit('cumulative-layout-shift')?.numericValue,
          renderedLang: page?.lang ?? '?',
          failing,
          report: relative(root, report),
          seconds: (Date.now() - begun) / 1000,
        });
        const row = rows.at(-1);
        console.log(
          `  ${lang} ${route.padEnd(20)} ${categories.map((id) => score(row?.scores[id] ?? null)).join(' ')}  (${row?.seconds.toFixed(1)} s)`,
        );
      } catch (error) {
        crashed = true;
        console.error(`✖ ${lang} ${route}: ${error instanceof Error ? error.message : String(error)}`);
      } finally {
        await chrome.close();
      }
    }
  }
} finally {
  await hosting.close();
}

function score(value: number | null): string {
  return value === null ? '  –' : String(Math.round(value * 100)).padStart(3);
}

const header = ['Route', 'Lang', 'Perf', 'A11y', 'BP', 'SEO', 'LCP', 'TBT', 'CLS', 'html[lang]'];
const table = rows.map((row) => [
  row.route,
  row.lang,
  ...categories.map((id) => score(row.scores[id]).trim()),
  row.lcp === undefined ? '–' : `${(row.lcp / 1000).toFixed(2)} s`,
  row.tbt === undefined ? '–' : `${Math.round(row.tbt)} ms`,
  row.cls === undefined ? '–' : row.cls.toFixed(3),
  row.renderedLang,
]);
const widths = header.map((title, column) =>
  Math.max(title.length, ...table.map((cells) => cells[column]?.length ?? 0)),
);
const line = (cells: string[]) =>
  cells
    .map((cell, column) => (column < 2 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0)))
    .join('  ');
console.log(`\n${line(header)}\n${widths.map((width) => '-'.repeat(width)).join('  ')}`);
for (const cells of table) console.log(line(cells));

const wrongLanguage = rows.filter((row) => row.renderedLang !== row.lang);
const failing = rows.filter((row) => row.failing.length > 0);
if (failing.length > 0) {
  console.log('\nAudits below 1 in accessibility, best practices or SEO:');
  for (const row of failing) console.log(`  ${row.lang} ${row.route}: ${row.failing.join(', ')}`);
}
for (const row of wrongLanguage) {
  console.error(`✖ ${row.lang} ${row.route}: the page rendered in "${row.renderedLang}", not "${row.lang}".`);
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
