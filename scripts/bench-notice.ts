// `npm run bench:notice`: what a flood of requests for the known-problem notice costs in
// database reads. Requests with a query string (`/api/notice?x=1`) and requests to the
// function's own address pass Hosting's CDN by, so each one reaches the function; this sends
// such requests, each with a random query string, to an HTTP server that answers them the way
// the function `siteNotice` does (functions/src/site-notice/: the same read, the same memory),
// against a Firestore emulator of its own (free ports, `firebase emulators:exec --only
// firestore`, a demo project: it runs beside `npm start` and the tests' emulators). The reader
// passed to the function's module counts the database reads. Then the same requests once more
// with a reader that reads on every request, as the function did before it kept what it read.
//
//   --count N     requests (default 10000)
//   --parallel N  requests under way at once (default 50)
//
// Exit code 1 when an answer is not the notice set, 2 when the emulator could not run.
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { parseArgs } from 'node:util';
import { runInOwnFirestoreEmulator } from './lib/emulators-exec.ts';
import { loadFunctionsSource } from './lib/functions-source.ts';
import { host } from './lib/project.ts';

const benchProject = 'demo-bench-notice';

const { values: args } = parseArgs({
  options: {
    count: { type: 'string', default: '10000' },
    parallel: { type: 'string', default: '50' },
    inside: { type: 'string' },
  },
});
const count = Number(args.count);
const parallel = Number(args.parallel);
if (!Number.isInteger(count) || count < 1 || !Number.isInteger(parallel) || parallel < 1) {
  console.error('✖ Usage: npm run bench:notice -- [--count N (≥ 1)] [--parallel N (≥ 1)]');
  process.exit(2);
}

/** What one pass of requests came to. */
type Pass = { name: string; reads: number; seconds: number; wrong: number };

if (args.inside !== undefined) await inside(args.inside);
else await outside();

// ─── outside: a Firestore emulator of its own around the inside run ─────────────────────────

async function outside(): Promise<never> {
  console.log(
    `• ${count.toLocaleString('en')} requests for the notice, ${String(parallel)} at a time, in a Firestore emulator…`,
  );
  const started = Date.now();
  const run = await runInOwnFirestoreEmulator<Pass[]>({
    project: benchProject,
    script: 'bench-notice.ts',
    args: (_folder, reportFile) => [reportFile, '--count', String(count), '--parallel', String(parallel)],
  });
  const passes = run.report;
  if (!passes) {
    console.error(`✖ The benchmark did not finish (exit code ${String(run.code)}):\n${run.lastLines}`);
    process.exit(2);
  }
  for (const { name, reads, seconds, wrong } of passes) {
    const rate = Math.round(count / seconds).toLocaleString('en');
    console.log(
      `  ${name}: ${reads.toLocaleString('en')} Firestore read${reads === 1 ? '' : 's'} for ${count.toLocaleString('en')} requests, ${seconds.toFixed(2)} s (${rate} requests/s)${wrong > 0 ? `, ${String(wrong)} wrong answers` : ''}`,
    );
  }
  const ok = passes.every(({ wrong }) => wrong === 0);
  console.log(`${ok ? '✔' : '✖'} bench:notice in ${String(Math.round((Date.now() - started) / 1000))} s in all`);
  process.exit(ok ? 0 : 1);
}

// ─── inside: under emulators:exec ───────────────────────────────────────────────────────────

async function inside(reportFile: string): Promise<never> {
  if (!process.env.FIRESTORE_EMULATOR_HOST || process.env.GCLOUD_PROJECT !== benchProject) {
    console.error('✖ --inside runs under `firebase emulators:exec` only: use `npm run bench:notice`.');
    process.exit(2);
  }
  loadFunctionsSource();
  const [{ initializeApp }, { getFirestore }, store, { shownNoticeFromMemory }, { answerNoticeRead }, { isShown }] =
    await Promise.all([
      import('firebase-admin/app'),
      import('firebase-admin/firestore'),
      import('../functions/src/site-notice/store.ts'),
      import('../functions/src/site-notice/memory.ts'),
      import('../functions/src/site-notice/read.ts'),
      import('../functions/src/contracts/site-notice.ts'),
    ]);
  type SiteNotice = Awaited<ReturnType<typeof store.readCurrent>>;
  const db = getFirestore(initializeApp({ projectId: benchProject }));
  const text = { en: 'Sign-in fails on Android 15; a fix is on its way.', it: 'Accesso non riuscito su Android 15.' };
  const notice = await store.setNotice(db, { text, untilMs: null, help: null }, Date.now());

  /** One pass: `count` requests with random query strings to a server answering through `shown`. */
  async function pass(name: string, makeShown: (read: () => Promise<SiteNotice>) => () => Promise<SiteNotice>) {
    let reads = 0;
    const shown = makeShown(() => {
      reads++;
      return store.readCurrent(db);
    });
    const { seconds, wrong } = await flood((method) => answerNoticeRead(method, shown), notice.id);
    return { name, reads, seconds, wrong };
  }

  const passes: Pass[] = [
    await pass('kept in memory (the function now)', (read) => shownNoticeFromMemory({ read, now: Date.now })),
    await pass('read on every request (before)', (read) => async () => {
      const current = await read();
      return current && isShown(current, Date.now()) ? current : null;
    }),
  ];
  await store.clearNotice(db, Date.now());
  writeFileSync(reportFile, JSON.stringify(passes));
  // The Firestore client keeps its channel open; the report is written, so the run is over.
  process.exit(0);
}

type Answer = Awaited<ReturnType<typeof import('../functions/src/site-notice/read.ts').answerNoticeRead>>;

/**
 * Sends `count` requests with random query strings, `parallel` at a time, to a server that
 * answers them with `answer`; counts the answers that are not the notice `noticeId`.
 */
async function flood(answer: (method: string) => Promise<Answer>, noticeId: string) {
  const server = createServer((request, response) => {
    void answer(request.method ?? 'GET').then(({ status, headers, body }) => {
      response.writeHead(status, headers).end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const address = server.address();
  const origin = `http://${host}:${String(typeof address === 'object' && address ? address.port : 0)}`;
  let sent = 0;
  let wrong = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (sent < count) {
        sent++;
        const response = await fetch(`${origin}/api/notice?${randomUUID()}`);
        const answer = (await response.json()) as { notice?: { id?: string } | null };
        if (response.status !== 200 || answer.notice?.id !== noticeId) wrong++;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  await new Promise((resolve) => server.close(resolve));
  return { seconds, wrong };
}
