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
import { createWriteStream } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { deleteApp, initializeApp } from 'firebase/app';
import { addDoc, collection, connectFirestoreEmulator, getFirestore, serverTimestamp } from 'firebase/firestore/lite';
import { busyPorts, ensureLocalSecrets, firebaseBin, ports } from './lib/emulators.ts';
import { emulatorConfigArgs } from './lib/firebase-config.ts';
import { envLocal, host, projectId, root } from './lib/project.ts';
import { listMail, percentile, startSmtpSink, watchFunctionsLog, type MailSnapshot } from './lib/mail-bench.ts';
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

const { values: args } = parseArgs({
  options: {
    count: { type: 'string', default: '200' },
    timeout: { type: 'string', default: '120' },
    inside: { type: 'boolean', default: false },
  },
});
const count = Number(args.count);
const timeoutSeconds = Number(args.timeout);
if (!Number.isInteger(count) || count < 1 || !(timeoutSeconds > 0)) {
  console.error('✖ Usage: npm run bench:mail -- [--count N (≥ 1)] [--timeout SECONDS]');
  process.exit(2);
}

const smtpHost = envLocal('SMTP_HOST') ?? '';
const smtpPort = Number(envLocal('SMTP_PORT'));
const supportEmail = envLocal('SUPPORT_EMAIL') ?? '';
// The function's defaults (caps.ts) when functions/.env.local does not set a cap.
const perSenderCap = Number(envLocal('MAIL_LIMIT_PER_SENDER_PER_HOUR') ?? 5);
const globalCap = Number(envLocal('MAIL_LIMIT_PER_HOUR') ?? 100);
const mailFunction = 'sendContactMail';

/** Lines the inside run prints for the terminal; everything else goes to the log file. */
const marker = '@@bench@@ ';
const verdictMarker = '@@bench-verdict@@ ';
type Verdict = { ok: boolean; invocations: number };

// ─── outside: build, check the ports, run the emulators around the inside run ───────────────

async function outside(): Promise<never> {
  const started = Date.now();
  if (!['127.0.0.1', 'localhost', '::1'].includes(smtpHost) || !(smtpPort > 0)) {
    console.error(
      `✖ functions/.env.local sends mail to ${smtpHost}:${smtpPort}; the benchmark only runs against a loopback SMTP port.`,
    );
    process.exit(1);
  }
  const { firestore, firestoreWebsocket, functions, hub, logging, eventarc } = ports;
  const busy = await busyPorts({ firestore, firestoreWebsocket, functions, hub, logging, eventarc, smtp: smtpPort });
  if (busy.length > 0) {
    console.error(`✖ Cannot run the benchmark: already in use: ${busy.join(', ')}. Stop 'npm start' first.`);
    process.exit(1);
  }
  if (globalCap > 0 && count > globalCap) {
    console.log(
      `⚠ --count ${count} is over MAIL_LIMIT_PER_HOUR (${globalCap}): the rest wait for the sweep's digests.`,
    );
  }

  ensureLocalSecrets();
  console.log('• Building the functions…');
  if ((await run('npm', ['run', 'build', '--silent', '-w', 'functions'], { cwd: root })) !== 0) {
    console.error('✖ The functions build failed (see above).');
    process.exit(1);
  }

  const logFile = join(tmpdir(), 'bench-mail-emulators.log');
  const logStream = createWriteStream(logFile);
  console.log(`• Starting the Firestore and Functions emulators (their output: ${logFile})…`);
  const script = ["'" + process.execPath + "'", 'scripts/bench-mail.ts', '--inside'];
  script.push('--count', String(count), '--timeout', String(timeoutSeconds));
  const supervisor = new Supervisor();
  const emulators = supervisor.start(
    'emulators',
    firebaseBin,
    [
      'emulators:exec',
      ...emulatorConfigArgs(),
      '--project',
      projectId,
      '--only',
      'firestore,functions',
      script.join(' '),
    ],
    // The Logging emulator carries the Functions emulator's log to the inside run.
    { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, START_LOGGING_EMULATOR: 'true' } },
  );

  let verdict: Verdict | undefined;
  let consoleBegun = 0;
  const consoleBeginning = new RegExp(`Beginning execution of "[^"]*${mailFunction}"`);
  const tail: string[] = [];
  const closed = [emulators.child.stdout, emulators.child.stderr].map((stream) => {
    if (!stream) return Promise.resolve();
    const lines = createInterface({ input: stream, crlfDelay: Infinity });
    lines.on('line', (line) => {
      logStream.write(`${line}\n`);
      if (line.startsWith(marker)) console.log(line.slice(marker.length));
      else if (line.startsWith(verdictMarker)) verdict = JSON.parse(line.slice(verdictMarker.length)) as Verdict;
      else {
        if (consoleBeginning.test(line)) consoleBegun += 1;
        tail.push(line);
        if (tail.length > 30) tail.shift();
      }
    });
    return new Promise<void>((resolve) => lines.once('close', resolve));
  });

  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.on(signal, () => {
      console.error('\n• Stopping the emulators…');
      void supervisor.stopAll().then(() => process.exit(130));
    });
  }
  const code = await emulators.exited;
  await Promise.all(closed);
  await supervisor.stopAll();
  await new Promise((resolve) => logStream.end(resolve));

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

// ─── inside: under emulators:exec ───────────────────────────────────────────────────────────

const say = (text = '') => {
  for (const line of text.split('\n')) console.log(`${marker}${line}`);
};
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const sum = (map: Map<string, number>) => [...map.values()].reduce((a, b) => a + b, 0);
const ofMail = (map: Map<string, number>) =>
  [...map].filter(([name]) => name.endsWith(mailFunction)).reduce((a, [, n]) => a + n, 0);
const ms = (value: number) => (Number.isNaN(value) ? '–' : `${Math.round(value)} ms`);
const spread = (values: number[]) =>
  `p50 ${ms(percentile(values, 50))} · p95 ${ms(percentile(values, 95))} · max ${ms(percentile(values, 100))}`;

async function inside(): Promise<never> {
  // Only ever against the emulators of the demo project.
  const firestoreHost = process.env.FIRESTORE_EMULATOR_HOST;
  if (!firestoreHost || process.env.GCLOUD_PROJECT !== projectId) {
    console.error('✖ --inside runs under `firebase emulators:exec` only: use `npm run bench:mail`.');
    process.exit(2);
  }
  const sink = await startSmtpSink(smtpHost, smtpPort);
  const log = await watchFunctionsLog(`ws://${host}:${ports.logging}`);

  // The visitor's side: the site's client (Firestore Lite), the site's document, the rules.
  const app = initializeApp({ projectId }, 'bench-visitor');
  const db = getFirestore(app);
  const [fsHost = host, fsPort = String(ports.firestore)] = firestoreHost.split(':');
  connectFirestoreEmulator(db, fsHost, Number(fsPort));

  const runId = Date.now().toString(36);
  const tokenPattern = new RegExp(`\\[(bench-${runId}-\\d+)\\]`);
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

  say(`• Writing ${count} documents at once as visitors (${senders} sender addresses, ≤ ${perSender} each)…`);
  const burstStart = Date.now();
  const writes = await Promise.allSettled(
    documents.map(async ({ token, data }) => {
      const ref = await addDoc(collection(db, collections.mail), { ...data, createdAt: serverTimestamp() });
      return { id: ref.id, token };
    }),
  );
  const burstMs = Date.now() - burstStart;
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

  // Wait for every document to end, then for the invocations to settle (to catch late ones).
  const isFinal = (snapshot: MailSnapshot) => snapshot.state === 'SUCCESS' || snapshot.state === 'ERROR';
  const settleMs = 3000;
  const deadline = Date.now() + timeoutSeconds * 1000;
  let mine: MailSnapshot[];
  let timedOut = false;
  let lastKey = '';
  let lastChange = Date.now();
  let lastProgress = Date.now();
  say(`• Waiting for ${written.size} deliveries (time-out ${timeoutSeconds}s)…`);
  for (;;) {
    mine = (await listMail(firestoreHost, projectId)).filter(({ id }) => written.has(id));
    const final = mine.filter(isFinal).length;
    const begun = sum(log.begun);
    const finished = sum(log.finished);
    const key = `${final} ${sink.arrivals.length} ${begun} ${finished}`;
    if (key !== lastKey) [lastKey, lastChange] = [key, Date.now()];
    if (final === written.size && begun === finished && Date.now() - lastChange >= settleMs) break;
    if (Date.now() > deadline) {
      timedOut = true;
      break;
    }
    if (Date.now() - lastProgress >= 5000) {
      lastProgress = Date.now();
      const elapsed = ((Date.now() - burstStart) / 1000).toFixed(1);
      say(`  … ${elapsed}s: ${final}/${written.size} ended, ${sink.arrivals.length} emails, ${begun} invocations`);
    }
    await pause(250);
  }

  // What arrived, by token.
  const arrivalsByToken = new Map<string, typeof sink.arrivals>();
  let stray = 0;
  for (const arrival of sink.arrivals) {
    const token = tokenPattern.exec(arrival.subject)?.[1];
    if (!token) stray += 1;
    else arrivalsByToken.set(token, [...(arrivalsByToken.get(token) ?? []), arrival]);
  }
  const misaddressed = sink.arrivals.filter(
    ({ recipients }) => recipients.length !== 1 || recipients[0] !== supportEmail,
  ).length;

  let delivered = 0;
  let duplicates = 0;
  let duplicated = 0;
  let idsMatching = 0;
  let errorButSent = 0;
  const errors = new Map<string, number>();
  const lost = new Map<string, number>(); // by state
  const states = new Map<string, number>();
  const latencies: number[] = [];
  const recorded: number[] = [];
  const snapshots = new Map(mine.map((snapshot) => [snapshot.id, snapshot]));
  for (const [id, token] of written) {
    const snapshot = snapshots.get(id);
    const state = snapshot?.state ?? 'no delivery';
    states.set(state, (states.get(state) ?? 0) + 1);
    const emails = arrivalsByToken.get(token) ?? [];
    const [first] = emails;
    if (first) {
      delivered += 1;
      if (emails.length > 1) [duplicated, duplicates] = [duplicated + 1, duplicates + emails.length - 1];
      if (snapshot) latencies.push(first.acceptedAt - snapshot.createTimeMs);
      if (snapshot?.messageId !== undefined && snapshot.messageId === first.messageId) idsMatching += 1;
      if (state === 'ERROR') errorButSent += 1;
    } else if (state === 'ERROR') {
      const reason = snapshot?.error ?? 'no reason recorded';
      errors.set(reason, (errors.get(reason) ?? 0) + 1);
    } else {
      lost.set(state, (lost.get(state) ?? 0) + 1);
    }
    if (snapshot?.state === 'SUCCESS' && snapshot.endTimeMs !== undefined) {
      recorded.push(snapshot.endTimeMs - snapshot.createTimeMs);
    }
  }
  const lostCount = sum(lost);
  const writeFailures = sum(writeErrors);
  const invocations = ofMail(log.begun);
  const lastAccepted = Math.max(...sink.arrivals.map(({ acceptedAt }) => acceptedAt));
  const spanSeconds = (lastAccepted - burstStart) / 1000;
  const list = (map: Map<string, number>) =>
    [...map]
      .sort(([, a], [, b]) => b - a)
      .map(([what, n]) => `${n} ${what}`)
      .join(' · ');

  const rows: Array<[string, string]> = [
    [
      'documents written',
      `${written.size} of ${count} in ${burstMs} ms (client SDK through the rules)` +
        (writeFailures > 0 ? `; ${writeFailures} refused: ${list(writeErrors)}` : ''),
    ],
    [
      'delivered',
      `${delivered} (emails with their token; Message-ID = delivery.info.messageId for ${idsMatching})` +
        (errorButSent > 0 ? `; ${errorButSent} of them recorded as ERROR` : ''),
    ],
    ['duplicates', duplicates === 0 ? '0' : `${duplicates} extra emails for ${duplicated} documents`],
    ['lost', lostCount === 0 ? '0' : `${lostCount} (no email, no ERROR): ${list(lost)}`],
    ['errors', errors.size === 0 ? '0' : `${sum(errors)}: ${list(errors)}`],
    ['delivery.state', list(states)],
    [
      'function invocations',
      `${invocations} ${mailFunction} (${ofMail(log.finished)} finished, at most ${log.peakConcurrency} at once) = ` +
        (delivered > 0 ? `${(invocations / delivered).toFixed(2)} per email` : '– per email') +
        (sum(log.begun) !== invocations ? `; ${sum(log.begun) - invocations} of other functions` : ''),
    ],
    ['function log', list(log.userMessages) || '–'],
    ['create → SMTP 250', spread(latencies)],
    ['create → delivery.endTime', spread(recorded)],
    ['invocation duration', spread(log.durationsMs)],
    [
      'wall time',
      sink.arrivals.length === 0
        ? '–'
        : `first write → last email ${spanSeconds.toFixed(1)} s = ${(delivered / spanSeconds).toFixed(1)} emails/s`,
    ],
  ];
  if (stray > 0 || misaddressed > 0) {
    rows.push(['other emails', `${stray} without a token of this run; ${misaddressed} not to ${supportEmail} alone`]);
  }
  if (timedOut) rows.push(['time-out', `not everything had ended ${timeoutSeconds}s after the burst`]);

  const width = Math.max(...rows.map(([name]) => name.length));
  say(`\nMail benchmark: ${count} documents, emulators (Firestore, Functions), SMTP ${smtpHost}:${smtpPort}`);
  say(rows.map(([name, value]) => `  ${name.padEnd(width)}  ${value}`).join('\n'));
  say();

  log.close();
  await sink.close();
  const ok = lostCount === 0 && duplicates === 0 && writeFailures === 0;
  console.log(`${verdictMarker}${JSON.stringify({ ok, invocations } satisfies Verdict)}`);
  process.exit(ok ? 0 : 1);
}

if (args.inside) await inside();
else await outside();
