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
import { parseArgs } from 'node:util';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getFirestore, Timestamp, WriteBatch } from 'firebase-admin/firestore';
import { ports } from './lib/emulators.ts';
import { quietFunctionsLog, runInsideFirestoreEmulator, startSmtpSink } from './lib/mail-bench.ts';
import { envLocal, host, projectId, root } from './lib/project.ts';
import type { MailConfig } from '../functions/src/config.ts';
import { loadFunctionsSource } from './lib/functions-source.ts';
import { defaultRetentionMonths } from '../functions/src/contact-pipeline/retention.ts';
import { collections } from '../functions/src/contracts/collections.ts';

// The contract imports its sibling as `./x.js`, which plain Node finds only with this hook.
loadFunctionsSource();
const { buildContactMessage } = await import('../functions/src/contracts/contact-message.ts');

const { values: args } = parseArgs({
  options: {
    flood: { type: 'string' },
    over: { type: 'string', default: '10' },
    inside: { type: 'boolean', default: false },
  },
  strict: false,
});
const count = Number(args.flood);
const overMinutes = Number(args.over);
if (!Number.isInteger(count) || count < 1 || !(overMinutes >= 0)) {
  console.error('✖ Usage: npm run bench:mail -- --flood N (N ≥ 1) [--over MINUTES (default 10; 0: all at once)]');
  process.exit(2);
}

type DeliverModule = typeof import('../functions/src/contact-pipeline/deliver.ts');
type SweepModule = typeof import('../functions/src/contact-pipeline/sweep.ts');
type TransportModule = typeof import('../functions/src/email/transport.ts');
type LimitsModule = typeof import('../functions/src/contact-pipeline/caps.ts');
type Alert = import('../functions/src/email/alerts.ts').MailAlert;

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

async function inside(): Promise<never> {
  if (!process.env.FIRESTORE_EMULATOR_HOST || process.env.GCLOUD_PROJECT !== projectId) {
    process.stderr.write('✖ --inside runs under `firebase emulators:exec` only: use `npm run bench:mail`.\n');
    process.exit(2);
  }
  const logFile = join(tmpdir(), 'bench-mail-flood.log');
  const say = quietFunctionsLog(logFile);
  const lib = (path: string) => join(root, 'functions', 'lib', `${path}.js`);
  const { deliverMail } = (await import(lib('contact-pipeline/deliver'))) as DeliverModule;
  const { sweepMail } = (await import(lib('contact-pipeline/sweep'))) as SweepModule;
  const { closeTransport } = (await import(lib('email/transport'))) as TransportModule;
  const { defaultRateLimits } = (await import(lib('contact-pipeline/caps'))) as LimitsModule;
  const committed = countCommittedWrites();

  const sink = await startSmtpSink(host, ports.smtp);
  const app = initializeApp({ projectId }, 'bench-flood');
  const db = getFirestore(app);
  const config: MailConfig = {
    smtp: { host, port: ports.smtp, secure: false, auth: { method: 'none' } },
    from: envLocal('MAIL_FROM') ?? 'bench@localhost',
    supportEmail: envLocal('SUPPORT_EMAIL') ?? '',
    limits: defaultRateLimits,
    retentionMonths: defaultRetentionMonths,
  };
  // An hour of its own, years ahead, five minutes in.
  const start = Date.UTC(2045, 0, 1) + Math.floor(Math.random() * 100_000) * 3_600_000 + 5 * minute;
  const runId = Date.now().toString(36);

  say(`• Writing ${String(count)} flood messages and one visitor's…`);
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

  // The timeline: each message's trigger at its arrival (in waves of 10), the sweep each minute.
  const arrivals = ids.map((id, index) => ({ id, at: start + (index * overMinutes * minute) / count }));
  arrivals.push({ id: visitorRef.id, at: visitorAt });
  arrivals.sort((a, b) => a.at - b.at);
  const writesBefore = committed.writes;
  const emailsBefore = sink.arrivals.length;
  const alerts: Alert[] = [];
  const onAlert = (alert: Alert) => alerts.push(alert);
  let triggerMs = 0;
  let sweepMs = 0;
  let sweeps = 0;
  let visitorInboxAt: number | undefined;
  let firstHour: { alone: number; digests: number; waiting: number } | undefined;
  let emptyAt: number | undefined;
  const emails = () => sink.arrivals.slice(emailsBefore);
  const digestCount = () => emails().filter(({ subject }) => subject.startsWith('[Digest]')).length;
  // Recorded SUCCESS only once the SMTP server accepted the email that carries it.
  const visitorDelivered = async () => (await visitorRef.get()).get('delivery.state') === 'SUCCESS';

  say(`• Flood over ${String(overMinutes)} simulated minutes, the sweep every minute…`);
  const wallStarted = Date.now();
  let next = 0;
  for (let sweepAt = start + minute; sweepAt <= start + 24 * 60 * minute; sweepAt += minute) {
    // The triggers of the messages that arrived before this sweep, 10 side by side.
    const due = [];
    while (next < arrivals.length && (arrivals[next]?.at ?? Infinity) < sweepAt) due.push(arrivals[next++]);
    for (let first = 0; first < due.length; first += 10) {
      await Promise.all(
        due.slice(first, first + 10).map(async (arrival) => {
          if (!arrival) return;
          const began = Date.now();
          await deliverMail(db.collection(collections.mail).doc(arrival.id), config, {
            now: () => arrival.at,
            onAlert,
          });
          triggerMs += Date.now() - began;
        }),
      );
    }
    if (
      visitorInboxAt === undefined &&
      due.some((arrival) => arrival?.id === visitorRef.id) &&
      (await visitorDelivered())
    ) {
      visitorInboxAt = visitorAt;
    }
    const began = Date.now();
    const report = await sweepMail(db, config, { now: sweepAt, onAlert });
    sweepMs += Date.now() - began;
    sweeps += 1;
    if (visitorInboxAt === undefined && visitorAt < sweepAt && (await visitorDelivered())) visitorInboxAt = sweepAt;
    if (sweepAt >= start + 60 * minute && firstHour === undefined) {
      firstHour = { alone: emails().length - digestCount(), digests: digestCount(), waiting: report.digest.waiting };
    }
    if (emptyAt === undefined && next >= arrivals.length && report.digest.waiting === 0) emptyAt = sweepAt;
    if (emptyAt !== undefined && firstHour !== undefined) break;
  }
  const wallMs = Date.now() - wallStarted;

  // Every message once: its reference in exactly one email (alone, or in a digest's documents).
  const snapshots = await Promise.all(
    [...ids, visitorRef.id].map((id) => db.collection(collections.mail).doc(id).get()),
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
  const aloneEmails = emails().length - digestCount();
  const total = count + 1;
  const sent = states.get('SUCCESS') ?? 0;
  const lost = total - sent;
  const duplicated = aloneEmails - alone + (digestCount() - digestSizes.size);
  const perMessage = (value: number) => (value / total).toFixed(3);
  const at = (ms: number | undefined) => (ms === undefined ? 'never' : `${((ms - start) / minute).toFixed(0)} min`);

  say(
    `  messages                           ${String(count)} flood + 1 visitor, caps ${String(config.limits.perHour)}/h in all, ${String(config.limits.perSenderPerHour)}/h per sender`,
  );
  say(
    `  first hour                         ${String(firstHour?.alone ?? aloneEmails)} emails alone, ${String(firstHour?.digests ?? digestCount())} digests, ${String(firstHour?.waiting ?? 0)} messages still waiting`,
  );
  say(
    `  in all                             ${String(aloneEmails)} emails alone, ${String(digestCount())} digests (largest ${String(Math.max(0, ...digestSizes.values()))} messages)`,
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
  say(
    `  Firestore writes                   ${String(committed.writes - writesBefore)} in all, ${perMessage(committed.writes - writesBefore)} per message`,
  );
  say(
    `  alerts                             ${String(alerts.filter((alert) => alert.kind === 'digest').length)} digest, ${String(alerts.filter((alert) => alert.kind !== 'digest').length)} other`,
  );
  say(`  final states                       ${[...states].map(([state, n]) => `${state} ${String(n)}`).join(', ')}`);
  say(`  wall                               ${(wallMs / 1000).toFixed(1)} s; the functions' log: ${logFile}`);

  closeTransport();
  await deleteApp(app);
  await sink.close();
  const ok = lost === 0 && duplicated === 0;
  say(
    ok ? '✔ every message delivered exactly once' : `✖ ${String(lost)} not delivered, ${String(duplicated)} duplicated`,
  );
  process.exit(ok ? 0 : 1);
}

await (args.inside
  ? inside()
  : runInsideFirestoreEmulator('bench-mail-flood.ts', ['--flood', String(count), '--over', String(overMinutes)]));
