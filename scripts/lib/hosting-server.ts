// The built site served as Firebase Hosting serves it, on a free port, without the emulators
// (no Java, no emulator hub): superstatic, the server the Hosting emulator itself runs, with
// firebase.json's hosting settings (redirects, cleanUrls and trailingSlash, the i18n folders
// chosen by the language cookie or Accept-Language, headers, the custom 404 page) and its
// compression (brotli or gzip as the browser asks). For the measurements (Lighthouse, the
// speed benchmarks), which must see the site as production serves it. The one function a page
// reads as it loads, the known problems' (rewrites to `siteNotice`: the notice, the history,
// the feeds), is answered by that function's own module as production answers with no notice
// set; another rewrite to a function is a 404 here.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadFunctionsSource } from './functions-source.ts';
import { dirname, resolve } from 'node:path';

/** Whether a firebase.json `source` glob (or `regex`) covers a path, as Hosting decides it. */
export function hostingPatternMatches(pattern: { source?: string; regex?: string }, path: string): boolean {
  return configMatcher(path, pattern);
}

// CommonJS modules, required as such (an import of the package's ES default differs between
// Node and Vitest).
const require = createRequire(import.meta.url);
const superstatic = require('superstatic/lib/superstatic.js') as typeof import('superstatic/lib/superstatic.js');
const { configMatcher } =
  require('superstatic/lib/utils/patterns.js') as typeof import('superstatic/lib/utils/patterns.js');

export type HostingServer = { server: Server; origin: string; close: () => Promise<void> };

/**
 * Serves `firebase.json`'s hosting site on 127.0.0.1 (port 0: a free port); `publicDir`
 * replaces the configured public folder (another build of the same site).
 */
export async function startHostingServer(
  firebaseJsonPath: string,
  { port = 0, publicDir }: { port?: number; publicDir?: string | undefined } = {},
): Promise<HostingServer> {
  const { hosting } = JSON.parse(await readFile(firebaseJsonPath, 'utf8')) as {
    hosting: Record<string, unknown> & { public: string };
  };
  // superstatic joins the public folder to its working directory (an absolute one included).
  const served = publicDir ? resolve(publicDir) : resolve(dirname(resolve(firebaseJsonPath)), hosting.public);
  const handle = superstatic({
    cwd: served,
    config: { ...hosting, public: '.' },
    compression: true,
    // As the Hosting emulator runs it: no environment script, no protected paths.
    stack: 'strict',
    fallthrough: false,
  });
  const notice = await noticeAnswer(hosting);
  const server = createServer((request, response) => {
    const { pathname } = new URL(request.url ?? '/', 'http://localhost');
    if (notice?.covers(pathname)) {
      void notice.answer(request.method ?? 'GET', pathname).then(({ status, headers, body }) => {
        response.writeHead(status, headers).end(body);
      });
      return;
    }
    // connect's handler type, which also takes the request's own `next`.
    (handle as (req: typeof request, res: typeof response, next: () => void) => void)(request, response, () => {
      response.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not Found');
    });
  });
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(port, '127.0.0.1', done);
  });
  const { port: actual } = server.address() as AddressInfo;
  return {
    server,
    origin: `http://127.0.0.1:${actual}`,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}

/**
 * The known-problem reads as production answers them with no notice set (the notice, the
 * history, the app's status and the feeds), for every address firebase.json rewrites to their
 * function.
 */
async function noticeAnswer(hosting: Record<string, unknown>): Promise<
  | {
      covers: (path: string) => boolean;
      answer: (
        method: string,
        path: string,
      ) => Promise<{ status: number; headers: Record<string, string>; body: string }>;
    }
  | undefined
> {
  loadFunctionsSource();
  const [{ siteNoticeFunction }, { answerNoticeRead }, { noticeSiteFacts }] = await Promise.all([
    import('../../functions/src/contracts/site-notice.ts'),
    import('../../functions/src/site-notice/read.ts'),
    import('./known-problems-facts.ts'),
  ]);
  const rewrites = (hosting.rewrites ?? []) as Array<{ source?: string; function?: { functionId?: string } }>;
  const rewrite = rewrites.find((candidate) => candidate.function?.functionId === siteNoticeFunction);
  if (rewrite === undefined) return undefined;
  const facts = noticeSiteFacts();
  const reads = {
    shown: () => Promise.resolve(null),
    history: () => Promise.resolve([]),
    facts: () => Promise.resolve(facts),
    now: Date.now,
  };
  return {
    covers: (path) => hostingPatternMatches(rewrite, path),
    answer: (method, path) => answerNoticeRead(method, path, reads),
  };
}
