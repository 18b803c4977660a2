// `npm run bench:mail`: a burst of contact messages through the emulators, measured.
// Builds the functions, then runs itself (with --inside) under `firebase emulators:exec`
// (Firestore and Functions, the demo project, the Logging emulator for the functions' log).
// Inside, a real SMTP server on loopback takes the port functions/.env.local sends to; the
// documents are written as a visitor writes them (Firestore Lite client, through the rules);
// the outcome is read back from the inbox, the documents and the Functions emulator's log.
//
//   --count N     documents in the burst (default 200)
//   --timeout S   seconds to wait after the burst for every document to end (default 120)
//   --parallel N  instead: N invocations at once, as production runs them
//                 (scripts/bench-mail-parallel.ts)
//   --flood N     instead: a flood of N scripted messages over the caps, and a visitor's
//                 message in the middle of it (scripts/bench-mail-flood.ts)
//   --ops N       instead: the Firestore operations (RPCs, by method) one message costs, over
//                 N messages delivered one after another (default 20), and one over the
//                 global cap; `--gap S` spaces them S seconds apart (scripts/bench-mail-ops.ts)
//
// Exit code 1 when any document is lost or delivered more than once, or a write failed.
import { createWriteStream, type WriteStream } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { deleteApp, initializeApp } from 'firebase/app';
import { addDoc, collection, connectFirestoreEmulator, getFirestore, serverTimestamp } from 'firebase/firestore/lite';
import { ensureLocalSecrets, firebaseBin, ports } from './lib/emulators.ts';
import { envLocal, host, projectId, root } from './lib/project.ts';
import {
  listMail,
  startSmtpSink,
  watchFunctionsLog,
  type FunctionsLog,
  type MailSnapshot,
  type SmtpSink,
} from './lib/mail-bench.ts';
import { benchEmulatorsExec, buildFunctions, exitIfBusy, startMailBench } from './lib/mail-bench-start.ts';
import {
  burstRows,
  mailFunction,
  mailInvocations,
  remarkRows,
  sum,
  tallyBurst,
  type Burst,
  type Wait,
} from './lib/mail-burst.ts';
import { run, Supervisor } from './lib/processes.ts';
import { loadFunctionsSource } from './lib/functions-source.ts';
import { collections } from '../functions/src/contracts/collections.ts';

// The contract imports its sibling as `./x.js`, which plain Node finds only with this hook.
loadFunctionsSource();
const { buildContactMessage } = await import('../functions/src/contracts/contact-message.ts');

for (const [flag, file] of [
  ['--parallel', 'bench-mail-parallel.ts'],
  ['--flood', 'bench-mail-flood.ts'],
  ['--ops', 'bench-mail-ops.ts'],
] as const) {
  if (process.argv.some((arg) => arg === flag || arg.startsWith(`${flag}=`))) {
    process.exit(await run(process.execPath, [join(root, 'scripts', file), ...process.argv.slice(2)], { cwd: root }));
  }
}

type Settings = { count: number; timeoutSeconds: number };

const smtpHost = envLocal('SMTP_HOST') ?? '';
const smtpPort = Number(envLocal('SMTP_PORT'));
const supportEmail = envLocal('SUPPORT_EMAIL') ?? '';
// The function's defaults (caps.ts) when functions/.env.local does not set a cap.
const perSenderCap = Number(envLocal('MAIL_LIMIT_PER_SENDER_PER_HOUR') ?? 5);
const globalCap = Number(envLocal('MAIL_LIMIT_PER_HOUR') ?? 100);

/** Lines the inside run prints for the terminal; everything else goes to the log file. */
const marker = '@@bench@@ ';
const verdictMarker = '@@bench-verdict@@ ';
type Verdict = { ok: boolean; invocations: number };

// ─── outside: build, check the ports, run the emulators around the inside run ───────────────

async function outside(command: string, { count }: Settings): Promise<never> {
  const started = Date.now();
  if (!['127.0.0.1', 'localhost', '::1'].includes(smtpHost) || !(smtpPort > 0)) {
    console.error(
      `✖ functions/.env.local sends mail to ${smtpHost}:${smtpPort}; the benchmark only runs against a loopback SMTP port.`,
    );
    process.exit(1);
  }
  const { firestore, firestoreWebsocket, functions, hub, logging, eventarc } = ports;
  await exitIfBusy({ firestore, firestoreWebsocket, functions, hub, logging, eventarc, smtp: smtpPort });
  if (globalCap > 0 && count > globalCap) {
    console.log(
      `⚠ --count ${count} is over MAIL_LIMIT_PER_HOUR (${globalCap}): the rest wait for the sweep's digests.`,
    );
  }

  ensureLocalSecrets();
  if (!(await buildFunctions())) {
    console.error('✖ The functions build failed (see above).');
    process.exit(1);
  }
  const { code, verdict, consoleBegun, tail } = await runEmulators(command);

  const seconds = Math.round((Date.now() - started) / 1000);
  if (!verdict) {
    console.error(`✖ The benchmark did not finish (firebase exited with ${code}). Last lines of its output:`);
    console.error(tail.map((line) => `    ${line}`).join('\n'));
    process.exit(1);
  }
  if (consoleBegun !== verdict.invocations) {
    console.log(
      `⚠ The emulator console shows ${consoleBegun} executions of ${mailFunction}, its log stream ${verdict.invocations}.`,
    );
  }
  console.log(`${verdict.ok ? '✔' : '✖'} bench:mail ${verdict.ok ? 'passed' : 'failed'} in ${seconds}s in all`);
  process.exit(verdict.ok ? 0 : 1);
}

/** What the emulators' output told: the inside run's verdict, the executions it showed, its last lines. */
type EmulatorsOutput = { verdict: Verdict | undefined; consoleBegun: number; tail: string[] };

/** Runs the Firestore and Functions emulators around `command`, their output to a log file. */
async function runEmulators(command: string): Promise<EmulatorsOutput & { code: number }> {
  const logFile = join(tmpdir(), 'bench-mail-emulators.log');
  const logStream = createWriteStream(logFile);
  console.log(`• Starting the Firestore and Functions emulators (their output: ${logFile})…`);
  const supervisor = new Supervisor();
  const emulators = supervisor.start(
    'emulators',
    firebaseBin,
    benchEmulatorsExec('firestore,functions', command),
    // The Logging emulator carries the Functions emulator's log to the inside run.
    { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, START_LOGGING_EMULATOR: 'true' } },
  );
  const { output, closed } = readEmulatorsOutput([emulators.child.stdout, emulators.child.stderr], logStream);

  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.on(signal, () => {
      console.error('\n• Stopping the emulators…');
      void supervisor.stopAll().then(() => process.exit(130));
    });
  }
  const code = await emulators.exited;
  await closed;
  await supervisor.stopAll();
  await new Promise((resolve) => logStream.end(resolve));
  return { ...output, code };
}

/** Follows the emulators' output: every line to the log file, the inside run's to the terminal. */
function readEmulatorsOutput(streams: Array<Readable | null>, logStream: WriteStream) {
  const output: EmulatorsOutput = { verdict: undefined, consoleBegun: 0, tail: [] };
  const consoleBeginning = new RegExp(`Beginning execution of "[^"]*${mailFunction}"`);
  const closed = streams.map((stream) => {
    if (!stream) return Promise.resolve();
    const lines = createInterface({ input: stream, crlfDelay: Infinity });
    lines.on('line', (line) => {
      logStream.write(`${line}\n`);
      if (line.startsWith(marker)) console.log(line.slice(marker.length));
      else if (line.startsWith(verdictMarker)) output.verdict = JSON.parse(line.slice(verdictMarker.length)) as Verdict;
      else {
        if (consoleBeginning.test(line)) output.consoleBegun += 1;
        output.tail.push(line);
        if (output.tail.length > 30) output.tail.shift();
      }
    });
    return new Promise<void>((resolve) => lines.once('close', resolve));
  });
  return { output, closed: Promise.all(closed) };
}

// ─── inside: under emulators:exec ───────────────────────────────────────────────────────────

const say = (text = '') => {
  for (const line of text.split('\n')) console.log(`${marker}${line}`);
};
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function inside({ count, timeoutSeconds }: Settings, firestoreHost: string): Promise<never> {
  const sink = await startSmtpSink(smtpHost, smtpPort);
  const log = await watchFunctionsLog(`ws://${host}:${ports.logging}`);
  const burst = await writeBurst(firestoreHost, count);
  const wait = await waitForDeliveries(firestoreHost, burst, { sink, log }, timeoutSeconds);

  const outcome = tallyBurst(burst, wait.mine, sink.arrivals, supportEmail);
  const rows = [...burstRows(burst, outcome, log, sink.arrivals), ...remarkRows(outcome, supportEmail, wait)];
  const width = Math.max(...rows.map(([name]) => name.length));
  say(`\nMail benchmark: ${count} documents, emulators (Firestore, Functions), SMTP ${smtpHost}:${smtpPort}`);
  say(rows.map(([name, value]) => `  ${name.padEnd(width)}  ${value}`).join('\n'));
  say();

  const invocations = mailInvocations(log);
  log.close();
  await sink.close();
  const ok = sum(outcome.lost) === 0 && outcome.duplicates === 0 && sum(burst.writeErrors) === 0;
  console.log(`${verdictMarker}${JSON.stringify({ ok, invocations } satisfies Verdict)}`);
  process.exit(ok ? 0 : 1);
}

/** Writes `count` documents at once as the site's visitors write them. */
async function writeBurst(firestoreHost: string, count: number): Promise<Burst> {
  // The visitor's side: the site's client (Firestore Lite), the site's document, the rules.
  const app = initializeApp({ projectId }, 'bench-visitor');
  const db = getFirestore(app);
  const [fsHost = host, fsPort = String(ports.firestore)] = firestoreHost.split(':');
  connectFirestoreEmulator(db, fsHost, Number(fsPort));

  const runId = Date.now().toString(36);
  const { documents, senders, perSender } = burstDocuments(runId, count);
  say(`• Writing ${count} documents at once as visitors (${senders} sender addresses, ≤ ${perSender} each)…`);
  const startedAt = Date.now();
  const writes = await Promise.allSettled(
    documents.map(async ({ token, data }) => {
      const ref = await addDoc(collection(db, collections.mail), { ...data, createdAt: serverTimestamp() });
      return { id: ref.id, token };
    }),
  );
  const ms = Date.now() - startedAt;
  const written = new Map<string, string>(); // document id → token
  const writeErrors = new Map<string, number>();
  for (const result of writes) {
    if (result.status === 'fulfilled') written.set(result.value.id, result.value.token);
    else {
      const reason = result.reason instanceof Error ? result.reason.message : String(result.reason);
      writeErrors.set(reason, (writeErrors.get(reason) ?? 0) + 1);
    }
  }
  await deleteApp(app);
  return { count, written, writeErrors, startedAt, ms, tokenPattern: new RegExp(`\\[(bench-${runId}-\\d+)\\]`) };
}

/** The burst's documents, each with its token, from a few senders in turn. */
function burstDocuments(runId: string, count: number) {
  // Half a sender's hourly cap each, so the per-sender cap is never what stops a message.
  const perSender = perSenderCap > 0 ? Math.max(1, Math.floor(perSenderCap / 2)) : 10;
  const senders = Math.ceil(count / perSender);
  const documents = Array.from({ length: count }, (_, index) => {
    const token = `bench-${runId}-${index + 1}`;
    // The document the site writes, built as the site builds it.
    const data = buildContactMessage({
      name: `Bench Angler ${index % senders}`,
      email: `bench+${runId}-${index % senders}@example.org`,
      subject: `Benchmark ${index + 1}/${count} [${token}]`,
      message: `Benchmark message ${index + 1} of ${count}.\nThe tide table is off by an hour & more.`,
      language: 'en',
    });
    return { token, data };
  });
  return { documents, senders, perSender };
}

/**
 * Waits for every document to end, then for the invocations to settle (to catch late ones),
 * or for the time-out; returns the documents as they are then.
 */
async function waitForDeliveries(
  firestoreHost: string,
  { written, startedAt }: Burst,
  { sink, log }: { sink: SmtpSink; log: FunctionsLog },
  timeoutSeconds: number,
): Promise<Wait & { mine: MailSnapshot[] }> {
  const isFinal = (snapshot: MailSnapshot) => snapshot.state === 'SUCCESS' || snapshot.state === 'ERROR';
  const settleMs = 3000;
  const deadline = Date.now() + timeoutSeconds * 1000;
  let lastKey = '';
  let lastChange = Date.now();
  let lastProgress = Date.now();
  say(`• Waiting for ${written.size} deliveries (time-out ${timeoutSeconds}s)…`);
  for (;;) {
    const mine = (await listMail(firestoreHost, projectId)).filter(({ id }) => written.has(id));
    const final = mine.filter(isFinal).length;
    const begun = sum(log.begun);
    const finished = sum(log.finished);
    const key = `${final} ${sink.arrivals.length} ${begun} ${finished}`;
    if (key !== lastKey) [lastKey, lastChange] = [key, Date.now()];
    if (final === written.size && begun === finished && Date.now() - lastChange >= settleMs) {
      return { mine, timedOut: false, timeoutSeconds };
    }
    if (Date.now() > deadline) return { mine, timedOut: true, timeoutSeconds };
    if (Date.now() - lastProgress >= 5000) {
      lastProgress = Date.now();
      const elapsed = ((Date.now() - startedAt) / 1000).toFixed(1);
      say(`  … ${elapsed}s: ${final}/${written.size} ended, ${sink.arrivals.length} emails, ${begun} invocations`);
    }
    await pause(250);
  }
}

await startMailBench<Settings>({
  script: 'bench-mail.ts',
  options: {
    count: { type: 'string', default: '200' },
    timeout: { type: 'string', default: '120' },
  },
  usage: '[--count N (≥ 1)] [--timeout SECONDS]',
  settings: (values) => {
    const count = Number(values.count);
    const timeoutSeconds = Number(values.timeout);
    return Number.isInteger(count) && count >= 1 && timeoutSeconds > 0 ? { count, timeoutSeconds } : undefined;
  },
  flags: ({ count, timeoutSeconds }) => ['--count', String(count), '--timeout', String(timeoutSeconds)],
  outside,
  inside,
});
