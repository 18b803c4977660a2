// `npm run bench:mail -- --ops N`: how many Firestore operations (RPCs: batch gets, queries,
// aggregations, commits, transaction begins and rollbacks, …) one contact message costs, to
// compare the delivery code before and after a change. Runs itself under
// `firebase emulators:exec --only firestore` (no Functions emulator, so no trigger takes the
// documents); inside, the built `deliverMail` (functions/lib, as deployed) is called for N
// messages one after another, each a fresh document as the site writes it from an address of
// its own, with caps high enough that each goes alone, against the Firestore emulator and a
// real SMTP server on loopback. Every RPC of the Firestore instance the delivery code uses is
// counted (scripts/lib/firestore-ops.ts) from the call to its return. Then the same for
// messages over the global cap (MAIL_LIMIT_PER_HOUR 1, spent by one message first, in a
// simulated hour of their own), which wait for a digest.
//
//   --gap S   seconds between two messages (default 0); what an instance remembers between
//             messages (a check made a moment ago, a cap seen spent) then lapses as it does
//             between a quiet site's messages
//
// Prints, per message: Firestore operations by method and in all (median, min, max, and
// each message's total), documents read and written, SMTP sends, outcomes; then one line
// each: what a message that goes well costs, and one over the global cap. Exit code 1 when a
// message does not end in SUCCESS with one email (QUEUED with none, over the cap).
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { FieldValue, getFirestore } from 'firebase-admin/firestore';
import { ports } from './lib/emulators.ts';
import { countFirestoreOps, describeOps, type FirestoreOps } from './lib/firestore-ops.ts';
import { percentile, startSmtpSink, type SmtpSink } from './lib/mail-bench.ts';
import { benchMailConfig, builtFunctions, quietFunctionsLog, startMailBench } from './lib/mail-bench-start.ts';
import { host, projectId } from './lib/project.ts';
import type { MailConfig } from '../functions/src/config.ts';
import { loadFunctionsSource } from './lib/functions-source.ts';
import { collections } from '../functions/src/contracts/collections.ts';

// The contract imports its sibling as `./x.js`, which plain Node finds only with this hook.
loadFunctionsSource();
const { buildContactMessage } = await import('../functions/src/contracts/contact-message.ts');

const defaultCount = 20;
/** Messages measured over the global cap, one after another. */
const overCount = 3;

type Settings = { count: number; gapSeconds: number };
type DeliverModule = typeof import('../functions/src/contact-pipeline/deliver.ts');
type TransportModule = typeof import('../functions/src/email/transport.ts');
type LimitsModule = typeof import('../functions/src/contact-pipeline/caps.ts');
type RateLimits = import('../functions/src/contact-pipeline/caps.ts').RateLimits;
type Say = ReturnType<typeof quietFunctionsLog>;

// ─── inside ─────────────────────────────────────────────────────────────────────────────────

/** One message measured: what it cost, how it ended, what reached the inbox. */
type Measured = {
  token: string;
  outcome: string;
  /** `delivery.state` as the document holds it afterwards. */
  state: string;
  ops: FirestoreOps;
  /** Operations made after deliverMail returned (within the settling pause), included in `ops`. */
  late: number;
  /** How long deliverMail took. */
  ms: number;
  emails: number;
};

/** A moment for the counter to see anything the delivery code left running on its return. */
const settleMs = 200;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const tokenPattern = /\[(ops-[^\]]+)\]/;

async function inside({ count, gapSeconds }: Settings): Promise<never> {
  const logFile = join(tmpdir(), 'bench-mail-ops.log');
  const say = quietFunctionsLog(logFile);
  const { deliverMail } = await builtFunctions<DeliverModule>('contact-pipeline/deliver');
  const { closeTransport } = await builtFunctions<TransportModule>('email/transport');
  const { defaultRateLimits } = await builtFunctions<LimitsModule>('contact-pipeline/caps');
  const sink = await startSmtpSink(host, ports.smtp);
  const bench = openBench(deliverMail, defaultRateLimits);

  say(
    `• Delivering ${String(count)} messages one after another with deliverMail (functions/lib), each alone` +
      (gapSeconds > 0 ? `, ${String(gapSeconds)} s apart` : '') +
      '…',
  );
  const labels = Array.from({ length: count }, (_, index) => `${String(index + 1)}/${String(count)}`);
  const happy = await measureSeries(bench, labels, bench.config, gapSeconds);
  say(`• Then ${String(overCount)} messages over the global cap (MAIL_LIMIT_PER_HOUR 1, spent by one message first)…`);
  const { first, over } = await measureOverTheCap(bench, gapSeconds);
  await countEmails(sink, happy.length + 1, [...happy, first, ...over]);

  say(
    `\nFirestore operations: ${String(count)} messages that go well, Firestore emulator, SMTP ${host}:${String(ports.smtp)}`,
  );
  report(say, happy);
  say(`\nOver the global cap: ${String(overCount)} messages, after one that spent the hour's email`);
  report(say, over);
  say(
    `  ${'the one that spent the hour'.padEnd(32)}  ${String(first.ops.total)} operations (${describeOps(first.ops.byMethod)}), ${first.outcome}, ${String(first.emails)} email`,
  );
  say(`  ${"the functions' log".padEnd(32)}  ${logFile}`);
  say();
  const problems = findProblems(happy, first, over);
  const mark = problems.length === 0 ? '✔' : '✖';
  say(`${mark} a message that goes well costs ${typical(happy)}`);
  say(`${mark} a message over the global cap costs ${typical(over)}`);
  for (const problem of problems) say(`✖ ${problem}`);

  bench.counter.restore();
  closeTransport();
  await Promise.all([deleteApp(bench.app), deleteApp(bench.visitorApp)]);
  await sink.close();
  process.exit(problems.length === 0 ? 0 : 1);
}

/** The Firestore instances the measurements use, the counter of operations, the delivery settings. */
function openBench(deliverMail: DeliverModule['deliverMail'], defaultRateLimits: RateLimits) {
  // The delivery code works on the default app's instance, as in the functions (index.ts
  // initializes it): whatever it reaches, through the document's reference or getFirestore(),
  // is counted. The documents are written and read back through an instance of their own.
  const app = initializeApp({ projectId });
  const db = getFirestore(app);
  const visitorApp = initializeApp({ projectId }, 'bench-ops-visitor');
  const visitor = getFirestore(visitorApp);
  const counter = countFirestoreOps(db);

  // Every cap there is, high enough never to bite (a cap of 0 would skip its counting).
  const high = 1_000_000;
  const limits = Object.fromEntries(Object.keys(defaultRateLimits).map((name) => [name, high])) as RateLimits;
  const config = benchMailConfig(limits);
  return { deliverMail, app, db, visitorApp, visitor, counter, config, runId: Date.now().toString(36), written: 0 };
}

type Bench = ReturnType<typeof openBench>;

/** A fresh message from an address of its own, written as the site writes it. */
async function write(bench: Bench, what: string) {
  bench.written += 1;
  const token = `ops-${bench.runId}-${String(bench.written)}`;
  const ref = bench.visitor.collection(collections.mail).doc();
  await ref.set({
    ...buildContactMessage({
      name: 'Bench Angler',
      email: `ops+${bench.runId}-${String(bench.written)}@example.org`,
      subject: `Operations ${what} [${token}]`,
      message: `Benchmark message ${String(bench.written)}: what one message costs in Firestore operations.`,
      language: 'en',
    }),
    createdAt: FieldValue.serverTimestamp(),
  });
  return { token, ref: bench.db.collection(collections.mail).doc(ref.id) };
}

/**
 * Delivers one message as the trigger does (with the event's snapshot, read here before
 * counting: the event carries it for free) and counts the operations from the call on.
 */
async function measure(bench: Bench, what: string, settings: MailConfig, now?: () => number): Promise<Measured> {
  const { counter, visitor } = bench;
  const { token, ref } = await write(bench, what);
  const snapshot = await ref.get();
  counter.reset();
  const began = performance.now();
  const outcome = await bench.deliverMail(ref, settings, { snapshot, ...(now ? { now } : {}) });
  const ms = performance.now() - began;
  const returned = counter.snapshot().total;
  await pause(settleMs);
  const ops = counter.snapshot();
  const state = ((await visitor.doc(ref.path).get()).get('delivery.state') as string | undefined) ?? 'no delivery';
  return { token, outcome, state, ops, late: ops.total - returned, ms, emails: 0 };
}

/** A message measured for each label, one after another, `gapSeconds` apart. */
async function measureSeries(
  bench: Bench,
  labels: string[],
  settings: MailConfig,
  gapSeconds: number,
  now?: () => number,
): Promise<Measured[]> {
  const measured: Measured[] = [];
  for (const [index, label] of labels.entries()) {
    if (index > 0 && gapSeconds > 0) await pause(gapSeconds * 1000);
    measured.push(await measure(bench, label, settings, now));
  }
  return measured;
}

/**
 * Over the global cap: an hour of its own (years ahead, so no count of this run is in it)
 * whose one email a first message takes, then the messages measured.
 */
async function measureOverTheCap(bench: Bench, gapSeconds: number) {
  const hourStart = Date.UTC(2045, 0, 1) + Math.floor(Math.random() * 100_000) * 3_600_000;
  const inTheHour = () => hourStart + 30 * 60_000;
  const overConfig: MailConfig = { ...bench.config, limits: { ...bench.config.limits, perHour: 1 } };
  const first = await measure(bench, 'spending the hour', overConfig, inTheHour);
  const labels = Array.from(
    { length: overCount },
    (_, index) => `over the cap ${String(index + 1)}/${String(overCount)}`,
  );
  const over = await measureSeries(bench, labels, overConfig, gapSeconds, inTheHour);
  return { first, over };
}

/** Notes each message's emails, by token, once the `expected` have reached the inbox. */
async function countEmails(sink: SmtpSink, expected: number, measured: Measured[]): Promise<void> {
  // The server's 250 comes before the sink has the message.
  for (const waitUntil = Date.now() + 5_000; sink.arrivals.length < expected && Date.now() < waitUntil;) {
    await pause(50);
  }
  await pause(settleMs);
  const emailsOf = new Map<string, number>();
  for (const { subject } of sink.arrivals) {
    const token = tokenPattern.exec(subject)?.[1] ?? '?';
    emailsOf.set(token, (emailsOf.get(token) ?? 0) + 1);
  }
  for (const item of measured) item.emails = emailsOf.get(item.token) ?? 0;
}

/** The table of what the messages cost and how they ended. */
function report(say: Say, measured: Measured[]): void {
  const methods = [...new Set(measured.flatMap(({ ops }) => Object.keys(ops.byMethod)))].sort();
  const width = Math.max(32, ...methods.map((method) => method.length + 4));
  const spread = (values: number[]) =>
    `${String(percentile(values, 50))} · ${String(percentile(values, 0))} · ${String(percentile(values, 100))}`;
  const row = (name: string, value: string) => say(`  ${name.padEnd(width)}  ${value}`);
  row('Firestore operations per message', 'median · min · max');
  for (const method of methods) {
    const documents = ['batchGetDocuments', 'commit', 'batchWrite'].includes(method)
      ? `   (documents ${spread(measured.map(({ ops }) => ops.documents[method] ?? 0))})`
      : '';
    row(`  ${method}`, `${spread(measured.map(({ ops }) => ops.byMethod[method] ?? 0))}${documents}`);
  }
  row('  total', spread(measured.map(({ ops }) => ops.total)));
  row('by message', runs(measured.map(({ ops }) => ops.total)));
  const failed = measured.reduce((sum, { ops }) => sum + Object.values(ops.failed).reduce((a, b) => a + b, 0), 0);
  if (failed > 0) row('failed calls', `${String(failed)} (counted above)`);
  const late = measured.reduce((sum, { late: n }) => sum + n, 0);
  if (late > 0) row('after deliverMail returned', `${String(late)} operations (counted above)`);
  const emails = measured.map(({ emails: n }) => n);
  const [fewest, most] = [percentile(emails, 0), percentile(emails, 100)];
  const sends = fewest === most ? `${String(fewest)} a message` : `${spread(emails)} (median · min · max)`;
  row('SMTP sends', `${sends}, ${String(emails.reduce((a, b) => a + b, 0))} in all`);
  row('outcomes', tally(measured.map(({ outcome, state }) => (outcome === state ? outcome : `${outcome}/${state}`))));
  const ms = measured.map(({ ms: value }) => value);
  const time = (p: number) => `${String(Math.round(percentile(ms, p)))} ms`;
  row('deliverMail', `p50 ${time(50)} · max ${time(100)}`);
}

/** Messages that did not end as they should, or whose operations went uncounted. */
function findProblems(happy: Measured[], first: Measured, over: Measured[]): string[] {
  const problems: string[] = [];
  const check = (measured: Measured[], outcome: string, emails: number, what: string) => {
    const wrong = measured.filter(
      (item) => item.outcome !== outcome || item.state !== outcome || item.emails !== emails,
    ).length;
    if (wrong > 0) problems.push(`${String(wrong)} ${what} did not end in ${outcome} with ${String(emails)} email`);
    // Nothing counted means the counter did not see the instance the delivery code used.
    if (measured.some(({ ops }) => ops.total === 0)) problems.push(`no Firestore operation counted for a ${what}`);
  };
  check([...happy, first], 'SUCCESS', 1, 'message(s) that should go well');
  check(over, 'QUEUED', 0, 'message(s) over the cap');
  return problems;
}

/** What a message costs: the median, by method, and the range when the messages differ. */
function typical(measured: Measured[]): string {
  const totals = measured.map(({ ops }) => ops.total);
  const median = percentile(totals, 50);
  const [min, max] = [percentile(totals, 0), percentile(totals, 100)];
  const example = measured.find(({ ops }) => ops.total === median);
  const range = min === max ? '' : `; ${String(min)} to ${String(max)} over the ${String(measured.length)}`;
  return `${String(median)} Firestore operations (${describeOps(example?.ops.byMethod ?? {})})${range}`;
}

/** Each message's value, runs of the same value together: `#1 5 · #2–#20 4`. */
function runs(values: number[]): string {
  const parts: string[] = [];
  for (let start = 0; start < values.length;) {
    let end = start;
    while (end + 1 < values.length && values[end + 1] === values[start]) end += 1;
    const span = end === start ? `#${String(start + 1)}` : `#${String(start + 1)}–#${String(end + 1)}`;
    parts.push(`${span} ${String(values[start])}`);
    start = end + 1;
  }
  return parts.join(' · ');
}

/** Values counted, the most frequent first: `SUCCESS 20`. */
function tally(values: string[]): string {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts]
    .sort(([, a], [, b]) => b - a)
    .map(([value, n]) => `${value} ${String(n)}`)
    .join(', ');
}

// `--ops` alone (or followed by another flag) takes the default count.
const argv = process.argv.slice(2);
const opsAt = argv.indexOf('--ops');
if (opsAt >= 0 && (argv[opsAt + 1] ?? '--').startsWith('--')) argv.splice(opsAt + 1, 0, String(defaultCount));

await startMailBench<Settings>({
  script: 'bench-mail-ops.ts',
  argv,
  options: {
    ops: { type: 'string', default: String(defaultCount) },
    gap: { type: 'string', default: '0' },
  },
  strict: false,
  usage: '--ops [N (≥ 1, default 20)] [--gap SECONDS (default 0)]',
  settings: (values) => {
    const count = Number(values.ops);
    const gapSeconds = Number(values.gap);
    return Number.isInteger(count) && count >= 1 && gapSeconds >= 0 ? { count, gapSeconds } : undefined;
  },
  flags: ({ count, gapSeconds }) => ['--ops', String(count), '--gap', String(gapSeconds)],
  inside,
});
