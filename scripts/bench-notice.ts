// `npm run bench:notice`: what a flood of requests for the known problems costs in database
// reads: the notice (/api/notice), the history, the app's status and the Atom feeds, in turn.
// Requests with a query string (`/api/notice?x=1`) and requests to the function's own address
// pass Hosting's CDN by, so each one reaches the function; this sends such requests, each with
// a random query string, to an HTTP server that answers them the way the function `siteNotice`
// does (functions/src/site-notice/: the same reads, the same memory),
// against a Firestore emulator of its own (free ports, `firebase emulators:exec --only
// firestore`, a demo project: it runs beside `npm start` and the tests' emulators). The reader
// passed to the function's module counts the database reads. Then the same requests once more
// with readers that read on every request, as the function would without its memory. A query
// is counted as Firestore bills it: a read per document returned, one when none is.
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
    `• ${count.toLocaleString('en')} requests for the known problems, ${String(parallel)} at a time, in a Firestore emulator…`,
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
  const [
    { initializeApp },
    { getFirestore },
    store,
    { keptRead, shownNoticeFromMemory },
    { answerNoticeRead },
    { isShown },
    { knownProblemsPaths },
    { noticeSiteFacts },
  ] = await Promise.all([
    import('firebase-admin/app'),
    import('firebase-admin/firestore'),
    import('../functions/src/site-notice/store.ts'),
    import('../functions/src/site-notice/memory.ts'),
    import('../functions/src/site-notice/read.ts'),
    import('../functions/src/contracts/site-notice.ts'),
    import('../functions/src/contracts/known-problems.ts'),
    import('./lib/known-problems-facts.ts'),
  ]);
  const db = getFirestore(initializeApp({ projectId: benchProject }));
  const facts = noticeSiteFacts();
  const notice = await seedHistory(store, db);
  const addresses = [
    '/api/notice',
    knownProblemsPaths.history,
    knownProblemsPaths.appStatus,
    ...Object.values(facts.languages).map((language) => language.feed),
  ];

  const pass = (name: string, memory: boolean) =>
    flood(addresses, notice.id, (count) => {
      const reads = makeReads({ store, memory, count, facts, db, keptRead, shownNoticeFromMemory, isShown });
      return (method, path) => answerNoticeRead(method, path, reads);
    }).then(({ seconds, wrong, reads }) => ({ name, reads, seconds, wrong }));
  const passes: Pass[] = [
    await pass('kept in memory (the function now)', true),
    await pass('read on every request (without the memory)', false),
  ];
  await store.clearNotice(db, Date.now());
  writeFileSync(reportFile, JSON.stringify(passes));
  // The Firestore client keeps its channel open; the report is written, so the run is over.
  process.exit(0);
}

type Modules = {
  store: typeof import('../functions/src/site-notice/store.ts');
  keptRead: typeof import('../functions/src/site-notice/memory.ts').keptRead;
  shownNoticeFromMemory: typeof import('../functions/src/site-notice/memory.ts').shownNoticeFromMemory;
  isShown: typeof import('../functions/src/contracts/site-notice.ts').isShown;
};

/**
 * The reads the function makes, each read counted as Firestore bills it (`count`): a document
 * read for the notice, and for the history's query one per document returned (one when none is).
 * With `memory`, as the function keeps them; without, read on every request.
 */
function makeReads({
  store,
  keptRead,
  shownNoticeFromMemory,
  isShown,
  memory,
  count,
  facts,
  db,
}: Modules & {
  memory: boolean;
  count: (reads: number) => void;
  facts: import('../functions/src/site-notice/site-facts.ts').NoticeSiteFacts;
  db: import('firebase-admin/firestore').Firestore;
}): import('../functions/src/site-notice/read.ts').NoticeReads {
  const readCurrent = () => {
    count(1);
    return store.readCurrent(db);
  };
  const readHistory = async () => {
    const notices = await store.readHistory(db, Date.now());
    count(Math.max(1, notices.length));
    return notices;
  };
  return {
    shown: memory
      ? shownNoticeFromMemory({ read: readCurrent, now: Date.now })
      : async () => {
          const now = await readCurrent();
          return now && isShown(now, Date.now()) ? now : null;
        },
    history: memory ? keptRead({ read: readHistory, now: Date.now }) : readHistory,
    facts: () => Promise.resolve(facts),
    now: Date.now,
  };
}

/** A history of three notices, the last shown now with two updates; resolves to that one. */
async function seedHistory(
  store: typeof import('../functions/src/site-notice/store.ts'),
  db: import('firebase-admin/firestore').Firestore,
) {
  const text = (n: number) => ({ en: `Problem ${String(n)}.`, it: `Problema ${String(n)}.` });
  for (const n of [1, 2]) await store.setNotice(db, { text: text(n), untilMs: null, help: null }, Date.now());
  const notice = await store.setNotice(db, { text: text(3), untilMs: null, help: null, part: 'maps' }, Date.now());
  await store.changeNotice(db, { text: text(4), state: 'identified' }, Date.now());
  await store.changeNotice(db, { text: text(5), state: 'monitoring' }, Date.now());
  return notice;
}

type Answer = Awaited<ReturnType<typeof import('../functions/src/site-notice/read.ts').answerNoticeRead>>;

/**
 * Sends `count` requests with random query strings, `parallel` at a time, to a server that
 * answers them as `makeAnswer` makes it, each to the next of `addresses`; counts the database
 * reads it reports and the answers that do not name the notice `noticeId`.
 */
async function flood(
  addresses: readonly string[],
  noticeId: string,
  makeAnswer: (count: (reads: number) => void) => (method: string, path: string) => Promise<Answer>,
) {
  let reads = 0;
  const answer = makeAnswer((more) => {
    reads += more;
  });
  const server = createServer((request, response) => {
    const { pathname } = new URL(request.url ?? '/', 'http://localhost');
    void answer(request.method ?? 'GET', pathname).then(({ status, headers, body }) => {
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
        const path = addresses[sent % addresses.length] ?? '/api/notice';
        sent++;
        const response = await fetch(`${origin}${path}?${randomUUID()}`);
        const body = await response.text();
        if (response.status !== 200 || !body.includes(noticeId)) wrong++;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  await new Promise((resolve) => server.close(resolve));
  return { seconds, wrong, reads };
}
