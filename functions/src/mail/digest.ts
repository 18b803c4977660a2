import { Timestamp, type DocumentReference, type Firestore } from 'firebase-admin/firestore';
import type { MailConfig } from '../config.js';
import { alertSink, markReported, pendingNotices, reportFailure, type AlertSink } from './alerts.js';
import { referenceFor } from '../contact-message.js';
import { logger } from 'firebase-functions';
import {
  endedUnsent,
  failed,
  inDigest,
  requeued,
  succeeded,
  type DeliveryInfo,
  type DeliveryUpdate,
} from './delivery.js';
import { parseMailDocument, senderOf } from './mail-document.js';
import { nextHourMs, senderDigestSlots } from './rate-limits.js';
import { digestPart, renderDigest, type DigestPart } from './render-email.js';
import { classifySendError, maxAttempts, pause, recordRetryDelaysMs, retryDelayMs } from './retry-policy.js';
import { getTransport, type MailTransport } from './transport.js';

// Messages over a cap (rate-limits.ts) wait in state QUEUED, and the sweep sends them
// together: at most one digest per run (every minute), so the SMTP volume stays bounded at
// the caps plus 60 digests an hour, while nothing is dropped. Each digest carries the newest
// messages that are due and the oldest, half and half: a message written during a flood is in
// the inbox within a minute or two, and a backlog still drains, oldest first. A digest takes
// its messages in one transaction (state PROCESSING, a lease, `delivery.digest`), so a second
// sweep or a retried run never sends one twice; a digest that cannot be sent gives them back
// to the queue, due again after the same back-off as a message of its own.

export const mailCollection = 'Mail';
/**
 * Most messages in one digest. As many as a fast flood writes in a minute, so a visitor's
 * message written during one is in the next digest or the one after (bench:mail --flood).
 */
export const maxDigestMessages = 1_000;
/**
 * Most bytes of the digest's html and text parts together (about 1,500 typical messages, or
 * 160 of the longest): with MIME encoding under 7 MB, within what mail servers accept (Gmail
 * 25 MB, Microsoft 365 25 MB by default).
 */
export const maxDigestBytes = 5_000_000;

export type DigestOptions = {
  now?: () => number;
  transport?: MailTransport;
  /** The Firebase project the email links each document in; the running project when not given. */
  projectId?: string;
  /** Told of each alert besides the log (alerts.ts). */
  onAlert?: AlertSink;
  sleep?: (ms: number) => Promise<void>;
};

export type DigestReport = {
  /** The digest's id, when one was sent or tried. */
  digest: string | null;
  outcome: 'SUCCESS' | 'QUEUED' | 'ERROR' | 'NONE';
  /** Messages the digest carried (or tried to). */
  messages: number;
  /** Messages in the queue once it is done (due now or later). */
  waiting: number;
};

/** The queue's next candidates: the newest due and the oldest due, taken in turn, without repeats. */
async function candidates(db: Firestore, nowMs: number): Promise<DocumentReference[]> {
  const due = db.collection(mailCollection).where('delivery.digestTime', '<=', Timestamp.fromMillis(nowMs));
  const half = Math.ceil(maxDigestMessages / 2);
  const [newest, oldest] = await Promise.all([
    due.orderBy('delivery.digestTime', 'desc').limit(half).get(),
    due.orderBy('delivery.digestTime', 'asc').limit(half).get(),
  ]);
  const refs = new Map<string, DocumentReference>();
  for (let index = 0; index < half; index += 1) {
    for (const snapshot of [newest.docs[index], oldest.docs[index]]) {
      if (snapshot && !refs.has(snapshot.id)) refs.set(snapshot.id, snapshot.ref);
    }
  }
  return [...refs.values()];
}

/** How many messages wait in the queue, due now or later. */
export async function queuedCount(db: Firestore): Promise<number> {
  const snapshot = await db.collection(mailCollection).where('delivery.state', '==', 'QUEUED').count().get();
  return snapshot.data().count;
}

type Taken = { ref: DocumentReference; attempts: number; part: DigestPart; digestMs: number; reference: string };
type Malformed = { ref: DocumentReference; error: string };

/** Messages taken per transaction: each writes the message and, at most, its sender's counter. */
const takeChunk = 200;

/**
 * Takes the candidates still QUEUED and due into the digest, `takeChunk` to a transaction
 * (a transaction writes at most 500 documents): each sender's messages only while the sender's
 * emails of this hour are not spent (the rest wait for the next hour), the whole within
 * maxDigestMessages and maxDigestBytes. A malformed document ends in ERROR. Should the
 * invocation die between two parts, the leases of those taken run out and the sweep puts them
 * back in the queue.
 */
async function take(
  db: Firestore,
  refs: DocumentReference[],
  config: MailConfig,
  digest: string,
  nowMs: number,
  source: (id: string) => { id: string; projectId?: string },
): Promise<{ taken: Taken[]; malformed: Malformed[] }> {
  const taken: Taken[] = [];
  const malformed: Malformed[] = [];
  const counted = new Set<string>();
  let bytes = 0;
  for (let first = 0; first < refs.length && taken.length < maxDigestMessages; first += takeChunk) {
    const part = await db.runTransaction(async (tx) => {
      const snapshots = await tx.getAll(...refs.slice(first, first + takeChunk));
      const due = snapshots.filter((snapshot) => {
        const time: unknown = snapshot.get('delivery.digestTime');
        return snapshot.get('delivery.state') === 'QUEUED' && time instanceof Timestamp && time.toMillis() <= nowMs;
      });
      const parsed = due.map((snapshot) => ({ snapshot, result: parseMailDocument(snapshot.data()) }));
      const slots = await senderDigestSlots(
        tx,
        db,
        config.limits,
        nowMs,
        parsed.map(({ result }) => (result.ok ? senderOf(result.mail) : undefined)),
        counted,
      );
      // What this attempt takes; kept only once the transaction commits.
      const chunk = { taken: [] as Taken[], malformed: [] as Malformed[], bytes, counted: [] as string[] };
      const included: Array<string | undefined> = [];
      for (const { snapshot, result } of parsed) {
        const attemptsBefore: unknown = snapshot.get('delivery.attempts');
        const attempts = typeof attemptsBefore === 'number' ? attemptsBefore : 0;
        if (!result.ok) {
          const error = `malformed document: ${result.reason}`;
          tx.update(snapshot.ref, endedUnsent(error, attempts, snapshot.get('delivery.expireAt') as Timestamp));
          chunk.malformed.push({ ref: snapshot.ref, error });
          continue;
        }
        const sender = senderOf(result.mail);
        if (!slots.allowed(sender)) {
          tx.update(snapshot.ref, requeued(attempts, null, nextHourMs(nowMs)));
          continue;
        }
        if (taken.length + chunk.taken.length >= maxDigestMessages) break;
        const rendered = digestPart(result.mail, source(snapshot.id));
        if (taken.length + chunk.taken.length > 0 && chunk.bytes + rendered.bytes > maxDigestBytes) continue;
        chunk.bytes += rendered.bytes;
        included.push(sender);
        chunk.taken.push({
          ref: snapshot.ref,
          attempts: attempts + 1,
          part: rendered,
          digestMs: (snapshot.get('delivery.digestTime') as Timestamp).toMillis(),
          reference: referenceFor(snapshot.id),
        });
        tx.update(snapshot.ref, inDigest(digest, attempts + 1, nowMs));
      }
      chunk.counted = slots.count(included);
      return chunk;
    });
    taken.push(...part.taken);
    malformed.push(...part.malformed);
    bytes = part.bytes;
    for (const id of part.counted) counted.add(id);
  }
  return { taken, malformed };
}

/**
 * Writes a digest's outcome on its messages, in transactions of `takeChunk`, each message only
 * while its claim is still this digest's; a failed write is tried again after the same pauses
 * as a message's own SUCCESS (deliver.ts), then left to the lease (the sweep requeues them).
 */
async function recordDigest(
  db: Firestore,
  digest: string,
  updates: ReadonlyArray<[DocumentReference, DeliveryUpdate]>,
  sleep: (ms: number) => Promise<void>,
): Promise<void> {
  for (let first = 0; first < updates.length; first += takeChunk) {
    const chunk = updates.slice(first, first + takeChunk);
    for (let retry = 0; ; retry += 1) {
      try {
        await db.runTransaction(async (tx) => {
          const snapshots = await tx.getAll(...chunk.map(([ref]) => ref));
          chunk.forEach(([ref, update], index) => {
            if (snapshots[index]?.get('delivery.claim') === digest) tx.update(ref, update);
          });
        });
        break;
      } catch (error) {
        const pauseMs = recordRetryDelaysMs[retry];
        const code = (error as { code?: unknown } | null)?.code ?? null;
        if (pauseMs === undefined) {
          logger.error('Digest outcome could not be recorded', { digest, messages: chunk.length, code });
          break;
        }
        await sleep(pauseMs);
      }
    }
  }
}

/**
 * Sends one digest of the queue's due messages, if any, and records the outcome on each
 * message: SUCCESS with the digest's Message-ID; back to the queue on a transient failure;
 * ERROR (each reported, alerts.ts) on a permanent one or out of attempts.
 */
export async function sendDigest(
  db: Firestore,
  config: MailConfig,
  options: DigestOptions = {},
): Promise<DigestReport> {
  const now = options.now ?? Date.now;
  const alert = alertSink(options.onAlert);
  const nowMs = now();
  const refs = await candidates(db, nowMs);
  if (refs.length === 0) return { digest: null, outcome: 'NONE', messages: 0, waiting: await queuedCount(db) };

  const digest = db.collection(mailCollection).doc().id;
  const projectId = options.projectId ?? process.env.GCLOUD_PROJECT;
  const { taken, malformed } = await take(db, refs, config, digest, nowMs, (id) => ({ id, projectId }));
  for (const { ref, error } of malformed) {
    await reportFailure(db, { kind: 'failed', mailId: ref.id, reference: referenceFor(ref.id), error }, nowMs, alert);
  }
  if (taken.length === 0) return { digest: null, outcome: 'NONE', messages: 0, waiting: await queuedCount(db) };

  const waiting = await queuedCount(db);
  const notices = await pendingNotices(db);
  const email = renderDigest(
    taken.map(({ part }) => part),
    config,
    { id: digest, waiting },
    notices.lines,
  );
  let outcome: DigestReport['outcome'];
  const updates: Array<[DocumentReference, DeliveryUpdate]> = [];
  const failures: Array<{ mailId: string; reference: string; error: string }> = [];
  let result: Awaited<ReturnType<MailTransport['sendMail']>> | undefined;
  let sendError: unknown;
  try {
    result = await (options.transport ?? getTransport(config.smtp)).sendMail(email);
  } catch (error) {
    sendError = error;
  }
  if (result) {
    const info: DeliveryInfo = {
      messageId: result.messageId || null,
      accepted: result.accepted.map(String),
      rejected: result.rejected.map(String),
      response: result.response || null,
    };
    for (const { ref, attempts } of taken) updates.push([ref, succeeded(attempts, info)]);
    outcome = 'SUCCESS';
  } else {
    const failure = classifySendError(sendError);
    outcome = 'QUEUED';
    for (const { ref, attempts, digestMs, reference } of taken) {
      if (failure.transient && attempts < maxAttempts) {
        // Back off as a message of its own would (retry-policy.ts); never before its place.
        updates.push([ref, requeued(attempts, failure.message, Math.max(digestMs, nowMs + retryDelayMs(attempts)))]);
      } else {
        const message = failure.transient ? `gave up after ${attempts} attempts: ${failure.message}` : failure.message;
        updates.push([ref, failed(attempts, message)]);
        failures.push({ mailId: ref.id, reference, error: message });
        outcome = 'ERROR';
      }
    }
  }
  // Recorded apart from the send, and only on the messages this digest still holds.
  await recordDigest(db, digest, updates, options.sleep ?? pause);
  if (outcome === 'SUCCESS') {
    await markReported(db, notices);
    alert({ kind: 'digest', digest, messages: taken.length, waiting });
  }
  for (const failure of failures) await reportFailure(db, { kind: 'failed', ...failure }, now(), alert);
  return { digest, outcome, messages: taken.length, waiting: outcome === 'SUCCESS' ? waiting : waiting + taken.length };
}
