// What `npm run lighthouse` and `npm run bench:web` share: their common options, the build,
// the pages to visit (every route of web/src/config/paths.ts at its own address in each
// language, one help article for all), Chromium started the way the toolchain notes say, one Lighthouse run per page
// in a fresh browser, and the table printer.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import lighthouse from 'lighthouse';
import { languages, type Language } from '../../web/src/config/languages.ts';
import { helpArticleIds } from '../../web/src/config/help.ts';
import { localizedPath, paths, type RoutePath } from '../../web/src/config/paths.ts';
import { everyPath } from '../../web/src/config/site-pages.ts';
import { PageLanguageAudit, PageLanguageGatherer, type PageLanguage } from './lighthouse-page-language.ts';
import { run } from './processes.ts';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';

/** The options both commands take, for node:util's parseArgs (with allowNegative). */
export const siteOptions = {
  build: { type: 'boolean', default: true },
  routes: { type: 'string' },
  lang: { type: 'string' },
  dist: { type: 'string' },
} as const;

export function exitWith(message: string, code = 1): never {
  console.error(`✖ ${message}`);
  process.exit(code);
}

/**
 * The routes and languages asked for (`--routes /,/pro`, `--lang it`). By default every route,
 * but of the help articles (one page, each with its own text: same scripts, same layout) only
 * the first; any article can be asked for by its address.
 */
export function targets(values: { routes?: string | undefined; lang?: string | undefined }) {
  const allRoutes: string[] = Object.values(everyPath);
  const firstArticle = `${paths.help}/${helpArticleIds[0] ?? ''}`;
  const defaultRoutes = allRoutes.filter((route) => !route.startsWith(`${paths.help}/`) || route === firstArticle);
  const routes = values.routes ? values.routes.split(',').map((route) => route.trim()) : defaultRoutes;
  const langs = values.lang ? values.lang.split(',').map((lang) => lang.trim()) : [...languages];
  const unknownRoutes = routes.filter((route) => !allRoutes.includes(route));
  const unknownLangs = langs.filter((lang) => !(languages as readonly string[]).includes(lang));
  if (unknownRoutes.length > 0) {
    exitWith(`Unknown route(s) ${unknownRoutes.join(', ')} (known: ${allRoutes.join(', ')}).`, 2);
  }
  if (unknownLangs.length > 0) {
    exitWith(`Unknown language(s) ${unknownLangs.join(', ')} (known: ${languages.join(', ')}).`, 2);
  }
  return { routes: routes as RoutePath[], langs: langs as Language[] };
}

/**
 * Makes sure there is a site to measure and Chromium to measure it with: builds web/dist
 * unless `--no-build` or `--dist` (another build, served instead). Returns the `--dist`
 * folder, if any.
 */
export async function prepareSite(values: { build?: boolean; dist?: string | undefined }) {
  if (!existsSync(chromePath)) {
    exitWith(`Chromium not found at ${chromePath}: install it (apt-get install -y chromium) or set CHROME_PATH.`);
  }
  const dist = values.dist === undefined ? undefined : resolve(values.dist);
  if (dist !== undefined) {
    if (!existsSync(join(dist, 'index.html'))) exitWith(`${dist} holds no index.html.`);
  } else if (values.build !== false) {
    console.log('• Building the site (npm run build:emulator -w web)…');
    // A production build even when the caller's environment says otherwise (see scripts/start.ts).
    const code = await run('npm', ['run', 'build:emulator', '-w', 'web', '--silent'], {
      cwd: root,
      env: { ...process.env, NODE_ENV: 'production' },
    });
    if (code !== 0) exitWith('The site build failed (see above).');
  } else if (!existsSync(join(root, 'web', 'dist', 'index.html'))) {
    exitWith('web/dist has no build: run without --no-build.');
  }
  return dist;
}

/**
 * A page's address in a language: every language has its own (`/features`, `/it/features`),
 * which serves that language whatever the browser asks for, so no run depends on Hosting's
 * language negotiation or the browser's settings.
 */
export function pageUrl(origin: string, route: RoutePath, lang: Language): string {
  return origin + localizedPath(route, lang);
}

// The flags of the toolchain notes: headless, no sandbox, and a resolver that answers only
// loopback, so that nothing (Chromium's own services included) leaves the machine. The
// browser is English for every run, as most first visits are: an Italian page must be Italian
// because of its address alone, which the `<html lang>` check then proves.
function chromeFlags(userDataDir: string): string[] {
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
    '--lang=en-US',
    '--accept-lang=en-US,en',
    `--user-data-dir=${userDataDir}`,
    '--remote-debugging-port=0',
    'about:blank',
  ];
}

type Chrome = { port: number; close: () => Promise<void> };

/** Starts Chromium in a profile of its own and waits for the port it chose for DevTools. */
async function launchChrome(browser: string): Promise<Chrome> {
  const userDataDir = await mkdtemp(join(tmpdir(), 'lighthouse-chrome-'));
  const child = spawn(browser, chromeFlags(userDataDir), { stdio: ['ignore', 'ignore', 'pipe'], detached: true });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const signal = (name: NodeJS.Signals) => {
    try {
      if (child.pid !== undefined) process.kill(-child.pid, name);
    } catch {
      // already gone
    }
  };
  const close = async () => {
    if (child.pid !== undefined && child.exitCode === null) {
      signal('SIGTERM');
      const timer = setTimeout(() => signal('SIGKILL'), 5_000);
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
  throw new Error(`Chromium did not start (${browser}):\n${stderr.slice(-2000)}`);
}

type Config = Parameters<typeof lighthouse>[2];

/**
 * Lighthouse's default mobile configuration (simulated throttling) narrowed to `categories`
 * plus `audits` (ids of audits outside them that a command reads), with the page-language
 * audit added; without `fullPageScreenshot`, the report shows no picture of the page.
 */
export function lighthouseConfig(
  categories: readonly string[],
  audits: readonly string[] = [],
  skipAudits: readonly string[] = [],
  { fullPageScreenshot = true }: { fullPageScreenshot?: boolean } = {},
): Config {
  return {
    extends: 'lighthouse:default',
    settings: {
      onlyCategories: [...categories],
      onlyAudits: ['page-language', ...audits],
      ...(skipAudits.length > 0 ? { skipAudits: [...skipAudits] } : {}),
      // The picture of the whole page that the HTML report shows beside each element it names:
      // no audit scores it.
      ...(fullPageScreenshot ? {} : { disableFullPageScreenshot: true }),
    },
    artifacts: [{ id: 'PageLanguage', gatherer: { instance: new PageLanguageGatherer() } }],
    audits: [{ implementation: PageLanguageAudit }],
  };
}

type Result = NonNullable<Awaited<ReturnType<typeof lighthouse>>>;
export type Lhr = Result['lhr'];
/** One event of Chromium's performance trace (the fields the benchmarks read). */
export type TraceEvent = {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: Record<string, unknown>; frame?: string };
};
export type Run = { lhr: Lhr; html: string; renderedLang: string; seconds: number; trace: TraceEvent[] };

/**
 * Lighthouse errors about recording the trace, not about the page: now and then Chromium's
 * trace of a load lacks its start, and the same run succeeds when repeated.
 */
const traceErrors = new Set(['NO_NAVSTART', 'NO_TRACING_STARTED', 'NO_LCP_ALL_FRAMES', 'PROTOCOL_TIMEOUT']);

/**
 * One Lighthouse run of `url` in a fresh Chromium (a first visit: empty cache and storage),
 * repeated once (in another fresh Chromium) when the trace was not recorded. Throws when
 * Lighthouse could not measure the page (its runtime error, such as a 404). `browser` is the
 * full Chromium visitors run unless a caller that measures no speed asks for another.
 */
export async function runLighthouse(url: string, config: Config, browser = chromePath): Promise<Run> {
  try {
    return await runLighthouseOnce(url, config, browser);
  } catch (error) {
    const code = error instanceof LighthouseError ? error.code : undefined;
    if (code === undefined || !traceErrors.has(code)) throw error;
    console.warn(`  ${url}: ${code}, running it again`);
    return runLighthouseOnce(url, config, browser);
  }
}

/** Whether Lighthouse failed to record the trace (worth another try later), not to load the page. */
export function isTraceError(error: unknown): boolean {
  return error instanceof LighthouseError && traceErrors.has(error.code);
}

class LighthouseError extends Error {
  readonly code: string;
  constructor(code: string, message: string) {
    super(`${code}: ${message}`);
    this.code = code;
  }
}

async function runLighthouseOnce(url: string, config: Config, browser: string): Promise<Run> {
  const begun = Date.now();
  const chrome = await launchChrome(browser);
  try {
    const result = await lighthouse(
      url,
      { port: chrome.port, output: 'html', logLevel: 'error', locale: 'en-US' },
      config,
    );
    if (!result) throw new Error('Lighthouse returned no result');
    const { lhr, artifacts } = result;
    if (lhr.runtimeError) throw new LighthouseError(lhr.runtimeError.code, lhr.runtimeError.message);
    const page = lhr.audits['page-language']?.details as (PageLanguage & { type: string }) | undefined;
    return {
      lhr,
      html: typeof result.report === 'string' ? result.report : result.report.join(''),
      renderedLang: page?.lang ?? '?',
      seconds: (Date.now() - begun) / 1000,
      trace: (artifacts.Trace as { traceEvents: TraceEvent[] }).traceEvents,
    };
  } finally {
    await chrome.close();
  }
}

/** A metric of the run, or undefined when Lighthouse could not compute it. */
export function numeric(lhr: Lhr, audit: string): number | undefined {
  return lhr.audits[audit]?.numericValue;
}

/** Lines of a text table; the first `left` columns are aligned left, the others right. */
export function table(header: string[], rows: string[][], left = 2): string[] {
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((cells) => (cells[column] ?? '').length)),
  );
  const pad = (cell: string, column: number) => {
    const fill = ' '.repeat(Math.max(0, (widths[column] ?? 0) - cell.length));
    return column < left ? cell + fill : fill + cell;
  };
  const line = (cells: string[]) => cells.map(pad).join('  ').trimEnd();
  return [line(header), widths.map((width) => '-'.repeat(width)).join('  '), ...rows.map(line)];
}
