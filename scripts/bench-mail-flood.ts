// `npm run bench:mail -- --flood N`: what a flood of N scripted messages costs, and what it
// does to a real visitor's message written in the middle of it. Runs itself under
// `firebase emulators:exec --only firestore`; inside, the built functions (functions/lib, as
// deployed) run against the Firestore emulator and a real SMTP server on loopback, with the
// deployed default caps, on a simulated clock in an hour of their own:
//   - the flood's messages arrive evenly over `--over` minutes, each from its own address;
//     the trigger runs for them in waves of 10 side by side (maxInstances 10);
//   - a visitor writes halfway through;
//   - the sweep runs every simulated minute (as Cloud Scheduler runs it) until the queue is
//     empty, or for at most 24 simulated hours.
//
// Prints: emails sent alone and digests (in the first hour and in all), messages still
// waiting after the first hour, when the queue was empty, invocation-seconds (the trigger's
// and the sweep's wall time, summed; the sweep runs each minute, work or none) and Firestore
// writes (counted as committed) per message, and when the visitor's message reached the
// inbox. Exit code 1 when a message is lost or delivered twice.
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getFirestore, Timestamp, WriteBatch, type DocumentReference, type Firestore } from 'firebase-admin/firestore';
import { ports } from './lib/emulators.ts';
import { startSmtpSink, type SmtpSink } from './lib/mail-bench.ts';
import { benchMailConfig, builtFunctions, quietFunctionsLog, startMailBench } from './lib/mail-bench-start.ts';
import { host, projectId } from './lib/project.ts';
import type { MailConfig } from '../functions/src/config.ts';
import { loadFunctionsSource } from './lib/functions-source.ts';
import { collections } from '../functions/src/contracts/collections.ts';

// The contract imports its sibling as `./x.js`, which plain Node finds only with this hook.
loadFunctionsSource();
const { buildContactMessage } = await import('../functions/src/contracts/contact-message.ts');

type Settings = { count: number; overMinutes: number };
type DeliverModule = typeof import('../functions/src/contact-pipeline/deliver.ts');
type SweepModule = typeof import('../functions/src/contact-pipeline/sweep.ts');
type TransportModule = typeof import('../functions/src/email/transport.ts');
type LimitsModule = typeof import('../functions/src/contact-pipeline/caps.ts');
type Alert = import('../functions/src/email/alerts.ts').MailAlert;
type Say = ReturnType<typeof quietFunctionsLog>;

// ─── inside ─────────────────────────────────────────────────────────────────────────────────

/** Counts the writes Firestore commits (batches, transactions, single writes alike). */
function countCommittedWrites(): { readonly writes: number } {
  const counter = { writes: 0 };
  const prototype = WriteBatch.prototype as unknown as {
    _commit: (...rest: unknown[]) => Promise<unknown>;
    _opCount: number;
  };
  const commit = prototype._commit;
  prototype._commit = async function (this: typeof prototype, ...rest: unknown[]) {
    const writes = this._opCount;
    const result = await commit.apply(this, rest);
    counter.writes += writes;
    return result;
  };
  return counter;
}

const minute = 60_000;

/** The functions the flood runs, their settings, and what they reach. */
type Run = {
  db: Firestore;
  config: MailConfig;
  deliverMail: DeliverModule['deliverMail'];
  sweepMail: SweepModule['sweepMail'];
  sink: SmtpSink;
  /** Emails in the inbox before the flood. */
  emailsBefore: number;
  alerts: Alert[];
  onAlert: (alert: Alert) => void;
};

/** The flood as written: when each message arrives, and the visitor's message. */
type Flood = {
  start: number;
  ids: string[];
  arrivals: Array<{ id: string; at: number }>;
  visitorRef: DocumentReference;
  visitorAt: number;
};

/** What the simulated hours came to. */
type Timeline = {
  triggerMs: number;
  sweepMs: number;
  sweeps: number;
  visitorInboxAt?: number;
  firstHour?: { alone: number; digests: number; waiting: number };
  emptyAt?: number;
  wallMs: number;
};

async function inside(settings: Settings): Promise<never> {
  const logFile = join(tmpdir(), 'bench-mail-flood.log');
  const say = quietFunctionsLog(logFile);
  const { deliverMail } = await builtFunctions<DeliverModule>('contact-pipeline/deliver');
  const { sweepMail } = await builtFunctions<SweepModule>('contact-pipeline/sweep');
  const { closeTransport } = await builtFunctions<TransportModule>('email/transport');
  const { defaultRateLimits } = await builtFunctions<LimitsModule>('contact-pipeline/caps');
  const committed = countCommittedWrites();

  const sink = await startSmtpSink(host, ports.smtp);
  const app = initializeApp({ projectId }, 'bench-flood');
  const db = getFirestore(app);
  const config = benchMailConfig(defaultRateLimits);
  // An hour of its own, years ahead, five minutes in.
  const start = Date.UTC(2045, 0, 1) + Math.floor(Math.random() * 100_000) * 3_600_000 + 5 * minute;

  say(`• Writing ${String(settings.count)} flood messages and one visitor's…`);
  const flood = await writeFlood(db, settings, start);
  const writesBefore = committed.writes;
  const alerts: Alert[] = [];
  const onAlert = (alert: Alert) => alerts.push(alert);
  const run: Run = { db, config, deliverMail, sweepMail, sink, emailsBefore: sink.arrivals.length, alerts, onAlert };
  say(`• Flood over ${String(settings.overMinutes)} simulated minutes, the sweep every minute…`);
  const timeline = await simulate(run, flood);
  const ended = await finalStates(db, flood);
  const writes = committed.writes - writesBefore;
  printFlood(say, { settings, run, flood, timeline, ended, writes, logFile });
  const { lost, duplicated } = faults(run, ended, settings.count + 1);

  closeTransport();
  await deleteApp(app);
  await sink.close();
  const ok = lost === 0 && duplicated === 0;
  say(
    ok ? '✔ every message delivered exactly once' : `✖ ${String(lost)} not delivered, ${String(duplicated)} duplicated`,
  );
  process.exit(ok ? 0 : 1);
}

/** Writes the flood's messages, each from its own address, and the visitor's halfway through. */
async function writeFlood(db: Firestore, { count, overMinutes }: Settings, start: number): Promise<Flood> {
  const runId = Date.now().toString(36);
  const ids: string[] = [];
  for (let first = 0; first < count; first += 400) {
    const batch = db.batch();
    for (let index = first; index < Math.min(count, first + 400); index += 1) {
      const ref = db.collection(collections.mail).doc();
      ids.push(ref.id);
      batch.set(ref, {
        ...buildContactMessage({
          name: 'Flood',
          email: `flood${String(index)}+${runId}@example.org`,
          subject: `Flood ${String(index)}`,
          message: `Flood message ${String(index)} of ${String(count)}.`,
          language: 'en',
        }),
        createdAt: Timestamp.fromMillis(start + (index * overMinutes * minute) / count),
      });
    }
    await batch.commit();
  }
  const visitorAt = start + (overMinutes * minute) / 2;
  const visitorRef = db.collection(collections.mail).doc();
  await visitorRef.set({
    ...buildContactMessage({
      name: 'Real Visitor',
      email: `visitor+${runId}@example.org`,
      subject: 'My catch log is empty',
      message: 'Since the update my catch log shows nothing.',
      language: 'en',
    }),
    createdAt: Timestamp.fromMillis(visitorAt),
  });
  const arrivals = ids.map((id, index) => ({ id, at: start + (index * overMinutes * minute) / count }));
  arrivals.push({ id: visitorRef.id, at: visitorAt });
  arrivals.sort((a, b) => a.at - b.at);
  return { start, ids, arrivals, visitorRef, visitorAt };
}

/**
 * The timeline: each message's trigger at its arrival (in waves of 10), the sweep each minute,
 * until the queue is empty and the first hour is over, or for at most 24 hours.
 */
async function simulate(run: Run, flood: Flood): Promise<Timeline> {
  const timeline: Timeline = { triggerMs: 0, sweepMs: 0, sweeps: 0, wallMs: 0 };
  const wallStarted = Date.now();
  let next = 0;
  for (let sweepAt = flood.start + minute; sweepAt <= flood.start + 24 * 60 * minute; sweepAt += minute) {
    // The messages that arrived before this sweep.
    let end = next;
    while (end < flood.arrivals.length && (flood.arrivals[end]?.at ?? Infinity) < sweepAt) end += 1;
    const due = flood.arrivals.slice(next, end);
    next = end;
    const waiting = await simulateMinute(run, flood, timeline, due, sweepAt);
    if (timeline.emptyAt === undefined && next >= flood.arrivals.length && waiting === 0) {
      timeline.emptyAt = sweepAt;
    }
    if (timeline.emptyAt !== undefined && timeline.firstHour !== undefined) break;
  }
  timeline.wallMs = Date.now() - wallStarted;
  return timeline;
}

/** One simulated minute: the triggers of the messages `due`, then the sweep; returns how many messages still wait. */
async function simulateMinute(run: Run, flood: Flood, timeline: Timeline, due: Flood['arrivals'], sweepAt: number) {
  await runTriggers(run, timeline, due);
  const { visitorRef, visitorAt } = flood;
  if (
    timeline.visitorInboxAt === undefined &&
    due.some((arrival) => arrival.id === visitorRef.id) &&
    (await visitorDelivered(visitorRef))
  ) {
    timeline.visitorInboxAt = visitorAt;
  }
  const began = Date.now();
  const report = await run.sweepMail(run.db, run.config, { now: sweepAt, onAlert: run.onAlert });
  timeline.sweepMs += Date.now() - began;
  timeline.sweeps += 1;
  if (timeline.visitorInboxAt === undefined && visitorAt < sweepAt && (await visitorDelivered(visitorRef))) {
    timeline.visitorInboxAt = sweepAt;
  }
  if (sweepAt >= flood.start + 60 * minute && timeline.firstHour === undefined) {
    const digests = digestCount(run);
    timeline.firstHour = { alone: emails(run).length - digests, digests, waiting: report.digest.waiting };
  }
  return report.digest.waiting;
}

/** The triggers of the messages `due`, 10 side by side (maxInstances 10), each at its arrival. */
async function runTriggers(run: Run, timeline: Timeline, due: Flood['arrivals']): Promise<void> {
  for (let first = 0; first < due.length; first += 10) {
    await Promise.all(
      due.slice(first, first + 10).map(async (arrival) => {
        const began = Date.now();
        await run.deliverMail(run.db.collection(collections.mail).doc(arrival.id), run.config, {
          now: () => arrival.at,
          onAlert: run.onAlert,
        });
        timeline.triggerMs += Date.now() - began;
      }),
    );
  }
}

// Recorded SUCCESS only once the SMTP server accepted the email that carries it.
const visitorDelivered = async (visitorRef: DocumentReference) =>
  (await visitorRef.get()).get('delivery.state') === 'SUCCESS';
/** The emails the flood brought. */
const emails = (run: Run) => run.sink.arrivals.slice(run.emailsBefore);
const digestCount = (run: Run) => emails(run).filter(({ subject }) => subject.startsWith('[Digest]')).length;

/** How each message ended: its state, and the digest it went in (or the email alone). */
async function finalStates(db: Firestore, flood: Flood) {
  const snapshots = await Promise.all(
    [...flood.ids, flood.visitorRef.id].map((id) => db.collection(collections.mail).doc(id).get()),
  );
  const states = new Map<string, number>();
  for (const snapshot of snapshots) {
    const state = (snapshot.get('delivery.state') as string | undefined) ?? 'no delivery';
    states.set(state, (states.get(state) ?? 0) + 1);
  }
  const digestSizes = new Map<string, number>();
  let alone = 0;
  for (const snapshot of snapshots) {
    const digest = snapshot.get('delivery.digest') as string | undefined;
    if (digest) digestSizes.set(digest, (digestSizes.get(digest) ?? 0) + 1);
    else if (snapshot.get('delivery.state') === 'SUCCESS') alone += 1;
  }
  return { states, digestSizes, alone };
}

type Ended = Awaited<ReturnType<typeof finalStates>>;

/** Every message once: its reference in exactly one email (alone, or in a digest's documents). */
function faults(run: Run, ended: Ended, total: number) {
  const aloneEmails = emails(run).length - digestCount(run);
  const lost = total - (ended.states.get('SUCCESS') ?? 0);
  const duplicated = aloneEmails - ended.alone + (digestCount(run) - ended.digestSizes.size);
  return { lost, duplicated };
}

/** The flood's figures, a line each. */
function printFlood(
  say: Say,
  {
    settings,
    run,
    flood,
    timeline,
    ended,
    writes,
    logFile,
  }: {
    settings: Settings;
    run: Run;
    flood: Flood;
    timeline: Timeline;
    ended: Ended;
    writes: number;
    logFile: string;
  },
): void {
  const { count } = settings;
  const { config, alerts } = run;
  const { visitorAt } = flood;
  const { firstHour, emptyAt, visitorInboxAt, triggerMs, sweepMs, sweeps } = timeline;
  const aloneEmails = emails(run).length - digestCount(run);
  const perMessage = (value: number) => (value / (count + 1)).toFixed(3);
  const at = (ms: number | undefined) =>
    ms === undefined ? 'never' : `${((ms - flood.start) / minute).toFixed(0)} min`;
  say(
    `  messages                           ${String(count)} flood + 1 visitor, caps ${String(config.limits.perHour)}/h in all, ${String(config.limits.perSenderPerHour)}/h per sender`,
  );
  say(
    `  first hour                         ${String(firstHour?.alone ?? aloneEmails)} emails alone, ${String(firstHour?.digests ?? digestCount(run))} digests, ${String(firstHour?.waiting ?? 0)} messages still waiting`,
  );
  say(
    `  in all                             ${String(aloneEmails)} emails alone, ${String(digestCount(run))} digests (largest ${String(Math.max(0, ...ended.digestSizes.values()))} messages)`,
  );
  say(
    `  queue empty                        ${emptyAt === undefined ? 'not within 24 h' : `${at(emptyAt)} after the flood began`}`,
  );
  say(
    `  visitor (written at ${at(visitorAt)})          in the inbox at ${at(visitorInboxAt)}: ${visitorInboxAt === undefined ? 'never' : `${((visitorInboxAt - visitorAt) / minute).toFixed(1)} min after writing`}`,
  );
  say(
    `  invocation-seconds                 ${((triggerMs + sweepMs) / 1000).toFixed(1)} s in all, ${perMessage((triggerMs + sweepMs) / 1000)} s per message (trigger ${(triggerMs / 1000).toFixed(1)} s; ${String(sweeps)} sweeps ${(sweepMs / 1000).toFixed(1)} s)`,
  );
  say(`  Firestore writes                   ${String(writes)} in all, ${perMessage(writes)} per message`);
  say(
    `  alerts                             ${String(alerts.filter((alert) => alert.kind === 'digest').length)} digest, ${String(alerts.filter((alert) => alert.kind !== 'digest').length)} other`,
  );
  say(
    `  final states                       ${[...ended.states].map(([state, n]) => `${state} ${String(n)}`).join(', ')}`,
  );
  say(`  wall                               ${(timeline.wallMs / 1000).toFixed(1)} s; the functions' log: ${logFile}`);
}

await startMailBench<Settings>({
  script: 'bench-mail-flood.ts',
  options: {
    flood: { type: 'string' },
    over: { type: 'string', default: '10' },
  },
  strict: false,
  usage: '--flood N (N ≥ 1) [--over MINUTES (default 10; 0: all at once)]',
  settings: (values) => {
    const count = Number(values.flood);
    const overMinutes = Number(values.over);
    return Number.isInteger(count) && count >= 1 && overMinutes >= 0 ? { count, overMinutes } : undefined;
  },
  flags: ({ count, overMinutes }) => ['--flood', String(count), '--over', String(overMinutes)],
  inside,
});
