// `npm run bench:mail -- --parallel N`: the delivery code as Cloud Functions runs it under a
// burst, many invocations side by side (the Functions emulator runs one at a time, so the
// serial mode never shows what they do to each other). Runs itself under
// `firebase emulators:exec --only firestore`; inside, `deliverMail` (the built functions, as
// deployed) is called for N documents at once against the Firestore emulator and a real SMTP
// server on loopback, with caps high enough not to bite.
//
// Prints: delivered on the first invocation, transactions retried after contention, failures,
// wall time, per-message latency (call to recorded outcome) p50/p95/max, and the process's
// memory (resident set) before and at its peak: `--pictures` gives every message the largest
// the pipeline decodes (the longest text, and a picture of 1,600 × 1,600 px of noise, as costly
// to decode and encode as a picture gets, within the rules' 640 KiB), so the peak is what an
// instance running N invocations at once needs (index.ts chooses the trigger's memory and
// concurrency from it). Exit code 1 when a message is not delivered exactly once or a
// document is left without a final state.
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getFirestore, Timestamp, type DocumentReference, type Firestore } from 'firebase-admin/firestore';
import { ports } from './lib/emulators.ts';
import { percentile, startSmtpSink, type SmtpSink } from './lib/mail-bench.ts';
import { benchMailConfig, builtFunctions, quietFunctionsLog, startMailBench } from './lib/mail-bench-start.ts';
import { host, projectId } from './lib/project.ts';
import type { MailConfig } from '../functions/src/config.ts';
import { loadFunctionsSource } from './lib/functions-source.ts';
import sharp from 'sharp';
import { collections } from '../functions/src/contracts/collections.ts';

// The contract imports its sibling as `./x.js`, which plain Node finds only with this hook.
loadFunctionsSource();
const { buildContactMessage, contactFields, contactPicture } =
  await import('../functions/src/contracts/contact-message.ts');

type Settings = { count: number; pictures: boolean };
type DeliverModule = typeof import('../functions/src/contact-pipeline/deliver.ts');
type TransportModule = typeof import('../functions/src/email/transport.ts');
type Say = ReturnType<typeof quietFunctionsLog>;

// ─── inside ─────────────────────────────────────────────────────────────────────────────────

async function inside({ count, pictures }: Settings): Promise<never> {
  const logFile = join(tmpdir(), 'bench-mail-parallel.log');
  const say = quietFunctionsLog(logFile);
  const { deliverMail } = await builtFunctions<DeliverModule>('contact-pipeline/deliver');
  const { closeTransport } = await builtFunctions<TransportModule>('email/transport');

  const sink = await startSmtpSink(host, ports.smtp);
  const app = initializeApp({ projectId }, 'bench-parallel');
  const db = getFirestore(app);
  const config = benchMailConfig({ perSenderPerHour: 1000, perHour: 1_000_000, perDay: 0 });
  const runId = Date.now().toString(36);
  const picture = pictures ? await largestPicture() : undefined;
  const write = (index: number) => writeMessage(db, { runId, count, picture }, index);

  // One message first, untimed: the SDK's channel and the SMTP pool are warm, as in an
  // instance that has served before.
  await deliverMail(await write(0), config);
  const refs = await Promise.all(Array.from({ length: count }, (_, index) => write(index + 1)));
  const arrivalsBefore = sink.arrivals.length;

  say(
    `• Delivering ${String(count)} messages at once with deliverMail (functions/lib)${picture ? `, each with a picture of ${String(picture.length)} bytes and the longest text` : ''}…`,
  );
  const delivered = await deliverAtOnce(deliverMail, refs, config);
  const ended = await howTheyEnded(refs, sink, arrivalsBefore);
  printParallel(say, count, delivered, ended);
  say(`  the functions' log                 ${logFile}`);

  closeTransport();
  await deleteApp(app);
  await sink.close();
  const ok = ended.lost === 0 && ended.duplicates === 0 && ended.open === 0;
  say(
    ok
      ? '✔ every message delivered exactly once, every document in a final state'
      : '✖ lost, duplicated or unfinished messages',
  );
  process.exit(ok ? 0 : 1);
}

/** Writes message `index` of the run as the site writes it: with the picture and the longest text, if any. */
async function writeMessage(
  db: Firestore,
  { runId, count, picture }: { runId: string; count: number; picture: Buffer | undefined },
  index: number,
): Promise<DocumentReference> {
  const ref = db.collection(collections.mail).doc(`bench-${runId}-${String(index)}`);
  await ref.set({
    ...buildContactMessage({
      name: 'Bench Angler',
      email: `bench+${runId}-${String(index)}@example.org`,
      subject: `Benchmark ${String(index)}/${String(count)} [${ref.id}]`,
      message: picture
        ? `Benchmark message ${String(index)}. ${'&'.repeat(contactFields.message.max - 40)}`
        : `Benchmark message ${String(index)}.`,
      language: 'en',
    }),
    ...(picture ? { [contactPicture.field]: picture } : {}),
    createdAt: Timestamp.now(),
  });
  return ref;
}

/** Calls deliverMail for every document at once; times each, counts retries, samples the memory. */
async function deliverAtOnce(deliverMail: DeliverModule['deliverMail'], refs: DocumentReference[], config: MailConfig) {
  let contentionRetries = 0;
  global.gc?.();
  const rssBefore = process.memoryUsage().rss;
  let rssPeak = rssBefore;
  const sampler = setInterval(() => {
    rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
  }, 5);
  const started = Date.now();
  const results = await Promise.all(
    refs.map(async (ref) => {
      const start = Date.now();
      const outcome = await deliverMail(ref, config, {
        onContention: () => {
          contentionRetries += 1;
        },
      });
      return { id: ref.id, outcome, ms: Date.now() - start };
    }),
  );
  const wallMs = Date.now() - started;
  clearInterval(sampler);
  return { results, contentionRetries, wallMs, rssBefore, rssPeak };
}

/** The documents' final states and the emails each brought, by the document id in their subject. */
async function howTheyEnded(refs: DocumentReference[], sink: SmtpSink, arrivalsBefore: number) {
  const snapshots = await Promise.all(refs.map((ref) => ref.get()));
  const states = new Map<string, number>();
  for (const snapshot of snapshots) {
    const state = (snapshot.get('delivery.state') as string | undefined) ?? 'no delivery';
    states.set(state, (states.get(state) ?? 0) + 1);
  }
  const arrivals = sink.arrivals.slice(arrivalsBefore);
  const perId = new Map<string, number>();
  for (const { subject } of arrivals) {
    const id = /\[(bench-[^\]]+)\]/.exec(subject)?.[1] ?? '?';
    perId.set(id, (perId.get(id) ?? 0) + 1);
  }
  const lost = refs.filter((ref) => !perId.has(ref.id)).length;
  const duplicates = [...perId.values()].filter((n) => n > 1).length;
  const open = snapshots.length - (states.get('SUCCESS') ?? 0) - (states.get('ERROR') ?? 0);
  return { states, emails: arrivals.length, lost, duplicates, open };
}

/** The run's figures, a line each. */
function printParallel(
  say: Say,
  count: number,
  { results, contentionRetries, wallMs, rssBefore, rssPeak }: Awaited<ReturnType<typeof deliverAtOnce>>,
  { states, emails, lost, duplicates }: Awaited<ReturnType<typeof howTheyEnded>>,
): void {
  const mb = (bytes: number) => `${(bytes / 1_048_576).toFixed(0)} MB`;
  const firstTime = results.filter(({ outcome }) => outcome === 'SUCCESS').length;
  const failed = results.length - firstTime;
  const ms = (value: number) => `${String(Math.round(value))} ms`;
  const latencies = results.map(({ ms: value }) => value);

  say(`  delivered on the first invocation  ${String(firstTime)} of ${String(count)}`);
  say(`  failed                             ${String(failed)}`);
  say(`  transactions retried (contention)  ${String(contentionRetries)}`);
  say(`  wall                               ${(wallMs / 1000).toFixed(2)} s`);
  say(
    `  per message                        p50 ${ms(percentile(latencies, 50))} · p95 ${ms(percentile(latencies, 95))} · max ${ms(percentile(latencies, 100))}`,
  );
  say(
    `  emails                             ${String(emails)} (lost ${String(lost)}, duplicated ${String(duplicates)})`,
  );
  say(`  final states                       ${[...states].map(([state, n]) => `${state} ${String(n)}`).join(', ')}`);
  say(
    `  memory (resident set)              ${mb(rssBefore)} before, ${mb(rssPeak)} at the peak (+${mb(rssPeak - rssBefore)} for ${String(count)} at once)`,
  );
}

/**
 * The costliest picture the pipeline decodes: 1,600 × 1,600 px (the largest side it reads) of
 * noise, which no photo comes near in the work of decoding and encoding it, as a JPEG of the
 * best quality that stays within the rules' limit.
 */
async function largestPicture(): Promise<Buffer> {
  const side = contactPicture.maxSide;
  const noise = await sharp({
    create: {
      width: side,
      height: side,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 60 },
    },
  })
    .raw()
    .toBuffer();
  for (let quality = 60; quality > 5; quality -= 5) {
    const jpeg = await sharp(noise, { raw: { width: side, height: side, channels: 3 } })
      .jpeg({ quality })
      .toBuffer();
    if (jpeg.length <= contactPicture.maxBytes) return jpeg;
  }
  throw new Error('no JPEG of noise fits the limit');
}

await startMailBench<Settings>({
  script: 'bench-mail-parallel.ts',
  options: {
    parallel: { type: 'string' },
    pictures: { type: 'boolean', default: false },
  },
  strict: false,
  usage: '--parallel N (N ≥ 1)',
  settings: (values) => {
    const count = Number(values.parallel);
    return Number.isInteger(count) && count >= 1 ? { count, pictures: Boolean(values.pictures) } : undefined;
  },
  flags: ({ count, pictures }) => ['--parallel', String(count), ...(pictures ? ['--pictures'] : [])],
  inside,
});
