import { randomUUID } from 'node:crypto';
import { FieldValue, Timestamp, type DocumentReference, type DocumentSnapshot } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions';
import type { MailConfig } from '../config.js';
import { referenceFor } from '../contact-message.js';
import { alertSink, markReported, pendingNotices, reportFailure, reportQuota, type AlertSink } from './alerts.js';
import {
  assessDelivery,
  capsApply,
  deferred,
  endedUnsent,
  leaseMs,
  failed,
  isCounted,
  processing,
  queued,
  requeued,
  succeeded,
  tryingAgain,
  unclaimedToQueue,
  unclaimedRetry,
  type DeliveryState,
  type DeliveryUpdate,
  type QueuedFor,
} from './delivery.js';
import { parseMailDocument, senderOf, type ContactMail } from './mail-document.js';
import {
  capVerdict,
  dayKey,
  emailCount,
  hourKey,
  markDaySpent,
  nextDayMs,
  readCounts,
  senderCounterRef,
  senderSlot,
  type RateLimits,
} from './rate-limits.js';
import { renderEmail, type OutgoingEmail } from './render-email.js';
import { expiryTime } from './retention.js';
import { maxAttempts, pause, quickRetryDelaysMs, retryDelayMs } from './retry-policy.js';
import { gaveUp, recordWithRetries, sendEmail } from './send.js';
import { readThread, sameRefs, threadRefs, threadWrites, type Thread, type ThreadRefs } from './threads.js';
import { getTransport, type MailTransport } from './transport.js';

// One Mail document → one email, in four steps: claim → render → send → record. The claim is
// one transaction (one read of the message and of everything it is decided by, one commit)
// that sets `delivery.state` PROCESSING with a lease before anything is sent, so a second
// invocation (an event delivered twice, the trigger and the sweep at once) finds it taken and
// sends nothing; the same commit counts the email against the caps, which one aggregation then
// checks (rate-limits.ts). The outcome is one write while the lease holds (delivery.ts: the
// states and write shapes). A message that goes well costs four Firestore operations.

export { leaseMs };

export type Outcome = Exclude<DeliveryState, 'PROCESSING'> | 'SKIPPED';

/** The count a claim made against the caps, kept unless the message does not go alone after all. */
type Counted = {
  day: { ref: DocumentReference; undo: Record<string, unknown> };
  sender?: DocumentReference;
};

export type Claim =
  /**
   * `token`: the claim's token; a state write after the lease's margin checks it
   * (`delivery.claim`). `counted`: what this claim counted against the caps.
   */
  | {
      kind: 'claimed';
      mail: ContactMail;
      attempts: number;
      token: string;
      counted?: Counted;
      thread: Thread;
      threadRefs: ThreadRefs;
      /** Until when the lease holds (this invocation's clock). */
      leaseUntilMs: number;
    }
  /** Ended in ERROR within the claim; `reason` is short and safe to log. */
  | { kind: 'ended'; error: string; reason: string }
  /** Over a cap: waits for a digest (digest.ts); `reason` is short and safe to log. */
  | { kind: 'queued'; reason: string }
  | { kind: 'skipped'; reason: string };

/** What a claim needs of the configuration. */
export type ClaimSettings = Pick<MailConfig, 'limits' | 'retentionMonths'>;

/**
 * When a document expires (`delivery.expireAt`): the retention period after the site wrote
 * it, or after `nowMs` when it does not say when (only an admin could write such a document).
 */
export function expiryOf(createdAt: unknown, nowMs: number, retentionMonths: number): Timestamp {
  const writtenMs = createdAt instanceof Timestamp ? createdAt.toMillis() : nowMs;
  return Timestamp.fromDate(expiryTime(writtenMs, Math.max(1, Math.floor(retentionMonths))));
}

// What this instance has seen of the caps: once the hour's or the day's emails are spent,
// its next messages go straight to the digests without counting themselves first (a flood
// costs a claim per message, not a count and its undo). Remembered briefly, since a count
// given back may make room again.
const spentCaps = new Map<string, number>();
const spentMemoryMs = 10_000;
const spentKey = (what: 'hour' | 'day', nowMs: number, limits: RateLimits) =>
  what === 'day' ? `day ${dayKey(nowMs)} of ${limits.perDay}` : `hour ${hourKey(nowMs)} of ${limits.perHour}`;
function knownSpent(nowMs: number, limits: RateLimits): QueuedFor | undefined {
  const at = (what: 'hour' | 'day') => {
    const until = spentCaps.get(spentKey(what, nowMs, limits));
    return until !== undefined && Date.now() < until;
  };
  if (at('day')) return 'daily quota';
  if (at('hour')) return 'global cap';
  return undefined;
}
function rememberSpent(what: 'hour' | 'day', nowMs: number, limits: RateLimits): void {
  spentCaps.set(spentKey(what, nowMs, limits), Date.now() + spentMemoryMs);
}
/** Forgets what this instance saw of the caps (tests that reset the counters). */
export function forgetSpentCaps(): void {
  spentCaps.clear();
}

/** The documents a claim reads besides the message: its sender's counter and its thread's. */
function relatedRefs(ref: DocumentReference, settings: ClaimSettings, nowMs: number, mail: ContactMail | undefined) {
  const counter = mail ? senderCounterRef(ref.firestore, settings.limits, nowMs, senderOf(mail)) : undefined;
  return { counter, thread: threadRefs(ref.firestore, mail, referenceFor(ref.id)) };
}
const refList = (related: ReturnType<typeof relatedRefs>) =>
  [related.counter, related.thread.own, related.thread.sender, related.thread.quoted].filter(
    (ref): ref is DocumentReference => ref !== undefined,
  );

/**
 * Takes the document for this invocation in one transaction. A document that cannot be
 * sent (malformed, out of attempts) is ended in ERROR right there; one over a cap joins the
 * queue of the digests. `known`: the message as the event (or the sweep's query) carried it,
 * so the first read can take its sender's counter and thread documents too: the visitor's
 * fields never change once written (firestore.rules allow create only).
 */
export async function claim(
  ref: DocumentReference,
  settings: ClaimSettings,
  nowMs: number,
  known?: DocumentSnapshot,
): Promise<Claim> {
  const db = ref.firestore;
  const knownMail = known?.exists ? parseMailDocument(known.data()) : undefined;
  const guessed = relatedRefs(ref, settings, nowMs, knownMail?.ok ? knownMail.mail : undefined);
  return db.runTransaction(async (tx): Promise<Claim> => {
    const [snapshot, ...guessedSnapshots] = await tx.getAll(ref, ...(known ? refList(guessed) : []));
    if (!snapshot?.exists) return { kind: 'skipped', reason: 'the document no longer exists' };
    const data = snapshot.data() ?? {};
    const delivery = (typeof data.delivery === 'object' && data.delivery !== null ? data.delivery : {}) as Record<
      string,
      unknown
    >;
    const assessment = assessDelivery(data.delivery, nowMs);
    if (!assessment.take) return { kind: 'skipped', reason: assessment.reason };

    // An operator's retry starts a fresh budget of attempts.
    const before =
      assessment.round === 'manual' || typeof delivery.attempts !== 'number' ? 0 : Math.max(0, delivery.attempts);

    // Every write of the whole field carries the expiry, and the document its reference.
    const expireAt = expiryOf(data.createdAt, nowMs, settings.retentionMonths);
    const reference = referenceFor(ref.id);

    // A digest's message whose invocation died goes back to the queue, never out alone, and
    // is sent again in a digest of the same id (so the same Message-ID, should it have gone).
    if (assessment.round === 'recovered' && typeof delivery.digest === 'string') {
      tx.update(ref, requeued(before, 'the digest sending it stopped', nowMs, delivery.digest));
      return { kind: 'queued', reason: 'back in the queue after a digest stopped' };
    }

    const parsed = parseMailDocument(data);
    if (!parsed.ok) {
      const error = `malformed document: ${parsed.reason}`;
      tx.update(ref, { ...endedUnsent(error, before, expireAt), reference });
      return { kind: 'ended', error, reason: error };
    }
    if (before >= maxAttempts) {
      const last = typeof delivery.error === 'string' ? delivery.error : 'the invocation sending it stopped';
      const error = gaveUp(before, last);
      tx.update(ref, { ...endedUnsent(error, before, expireAt), reference });
      return { kind: 'ended', error, reason: `gave up after ${before} attempts` };
    }

    // The related documents, read with the message when it was known (the usual case).
    const related = relatedRefs(ref, settings, nowMs, parsed.mail);
    const list = refList(related);
    const sameAsGuessed =
      known !== undefined &&
      guessed.counter?.path === related.counter?.path &&
      sameRefs(guessed.thread, related.thread);
    const relatedSnapshots = sameAsGuessed ? guessedSnapshots : list.length ? await tx.getAll(...list) : [];
    const byPath = new Map(relatedSnapshots.map((item) => [item.ref.path, item]));
    const read = (item: DocumentReference | undefined) => (item ? byPath.get(item.path) : undefined);

    // Every send of a message not yet counted meets the caps (delivery.ts, capsApply):
    // retries of a counted message are not counted again, and an operator's retry is sent even
    // over a cap. Over the sender's cap, or once this instance saw the hour's or the day's
    // emails spent, the message waits for a digest, at its sender's place in the queue.
    let counted: Counted | undefined;
    if (capsApply(data.delivery, assessment.round)) {
      const spent = knownSpent(nowMs, settings.limits);
      const slot = senderSlot(read(related.counter), settings.limits, nowMs, spent === undefined);
      if (slot.write) tx.set(slot.write.ref, slot.write.data);
      if (!slot.alone) {
        const queuedFor = spent ?? 'sender cap';
        tx.update(ref, { ...queued(queuedFor, slot.digestMs, expireAt), reference });
        return { kind: 'queued', reason: `over the ${queuedFor}` };
      }
      if (settings.limits.perHour > 0 || settings.limits.perDay > 0) {
        const count = emailCount(db, nowMs, true);
        tx.set(count.ref, count.data, { merge: true });
        counted = { day: { ref: count.ref, undo: count.undo }, sender: slot.write?.ref };
      }
    }

    const attempts = before + 1;
    const token = randomUUID();
    tx.update(ref, {
      ...processing(attempts, nowMs, expireAt, token, counted !== undefined || isCounted(data.delivery)),
      reference,
    });
    const thread = readThread(
      ref.id,
      { sender: read(related.thread.sender), own: read(related.thread.own), quoted: read(related.thread.quoted) },
      nowMs,
    );
    return {
      kind: 'claimed',
      mail: parsed.mail,
      attempts,
      token,
      ...(counted ? { counted } : {}),
      thread,
      threadRefs: related.thread,
      leaseUntilMs: nowMs + leaseMs,
    };
  });
}

/** gRPC ABORTED: a transaction lost to another one on the same document. */
const aborted = (error: unknown) => (error as { code?: unknown } | null)?.code === 10;

/**
 * Claims like `claim`, and when the transaction keeps losing to others on the same documents
 * (the SDK already tries five times), tries again after a growing, jittered pause until
 * `claimForMs` has passed. Other errors are not retried.
 */
export async function claimWithRetries(
  ref: DocumentReference,
  settings: ClaimSettings,
  known: DocumentSnapshot | undefined,
  {
    now = Date.now,
    sleep = pause,
    random = Math.random,
    claimForMs = contentionBudgetMs,
    onRetry = () => {},
  }: ClaimRetryOptions = {},
): Promise<Claim> {
  const giveUpAt = now() + claimForMs;
  for (let retry = 0; ; retry += 1) {
    try {
      return await claim(ref, settings, now(), known);
    } catch (error) {
      const delay = Math.min(2_000, 50 * 2 ** retry) * (0.5 + random());
      if (!aborted(error) || now() + delay > giveUpAt) throw error;
      onRetry();
      await sleep(delay);
    }
  }
}

/** How long an invocation keeps trying to claim through contention (well within its time-out). */
export const contentionBudgetMs = 60_000;

export type ClaimRetryOptions = {
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  claimForMs?: number;
  /** Called before each retry after contention (counted by the parallel benchmark). */
  onRetry?: () => void;
};

export type DeliverOptions = {
  /** The document as the event (or the sweep's query) carried it: saves a read. */
  snapshot?: DocumentSnapshot;
  /** Pauses between the tries within this invocation; [] for a single try. */
  retryDelaysMs?: readonly number[];
  /** Where the email goes; the instance's pooled SMTP transport when not given. */
  transport?: MailTransport;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
  /** Called before each claim retried after contention (counted by the parallel benchmark). */
  onContention?: () => void;
  /** The Firebase project the email links the document in; the running project when not given. */
  projectId?: string;
  /** Told of each alert besides the log (alerts.ts). */
  onAlert?: AlertSink;
};

/**
 * Sends the email for one `Mail` document and records the outcome on it. Never throws: a
 * failure it cannot record is logged, and the sweep finds the document again later.
 */
export async function deliverMail(
  ref: DocumentReference,
  config: MailConfig,
  options: DeliverOptions = {},
): Promise<Outcome> {
  try {
    return await claimAndSend(ref, config, options);
  } catch (error) {
    logger.error('Mail delivery stopped unexpectedly', {
      mailId: ref.id,
      error: error instanceof Error ? error.name : typeof error,
      code: (error as { code?: unknown } | null)?.code ?? null,
    });
    return (await deferUnclaimed(ref, config.retentionMonths, options.now ?? Date.now)) ? 'RETRY' : 'SKIPPED';
  }
}

/** When a message that could not be claimed is tried again. */
export const unclaimedRetryMs = 60_000;

/**
 * A message this invocation could not even claim (Firestore kept refusing) gets a recorded
 * RETRY, so it never stays without a delivery state; the sweep takes it from there. Written
 * only if the document has not changed since it was read: a document another invocation
 * claimed meanwhile is left to that one. True when the RETRY was recorded.
 */
async function deferUnclaimed(ref: DocumentReference, retentionMonths: number, now: () => number): Promise<boolean> {
  try {
    const snapshot = await ref.get();
    if (!snapshot.exists || snapshot.get('delivery.state') !== undefined) return false;
    const expireAt = expiryOf(snapshot.get('createdAt'), now(), retentionMonths);
    await ref.update(
      {
        ...unclaimedRetry('could not be claimed: the database was busy', now() + unclaimedRetryMs, expireAt),
        reference: referenceFor(ref.id),
      },
      { lastUpdateTime: snapshot.updateTime },
    );
    logger.warn('Mail deferred', { mailId: ref.id, state: 'RETRY', reason: 'not claimed' });
    return true;
  } catch {
    return false;
  }
}

/**
 * A state write is made without a check while the lease has this long left: nobody else may
 * claim the document before the lease runs out, so the claim is still this one.
 */
const leaseMarginMs = 2 * 60_000;

async function claimAndSend(ref: DocumentReference, config: MailConfig, options: DeliverOptions): Promise<Outcome> {
  const now = options.now ?? Date.now;
  const log = { mailId: ref.id };
  const alert = alertSink(options.onAlert);
  const reference = referenceFor(ref.id);

  // Claim.
  const taken = await claimWithRetries(ref, config, options.snapshot, {
    now,
    sleep: options.sleep,
    onRetry: options.onContention,
  });
  if (taken.kind === 'skipped') {
    logger.info('Mail not claimed', { ...log, reason: taken.reason });
    return 'SKIPPED';
  }
  if (taken.kind === 'ended') {
    logger.warn('Mail not sent', { ...log, state: 'ERROR', reason: taken.reason });
    await reportFailure(ref.firestore, { kind: 'failed', mailId: ref.id, reference, error: taken.error }, now(), alert);
    return 'ERROR';
  }
  if (taken.kind === 'queued') {
    logger.info('Mail queued for a digest', { ...log, state: 'QUEUED', reason: taken.reason });
    return 'QUEUED';
  }
  const record = (update: DeliveryUpdate, extra: Array<{ ref: DocumentReference; data: object }> = []) =>
    writeWhileClaimed(ref, taken, update, extra, now);
  // The caps' check, which also says whether delivery notices wait for an email.
  const counts = taken.counted ? await readCounts(ref.firestore, now()) : undefined;
  if (counts && taken.counted) {
    const over = capVerdict(config.limits, counts, now());
    if (over !== 'under') return queueOverCap(ref, taken, over, counts.day, config, now(), alert);
  }

  // Render.
  const source = { id: ref.id, projectId: options.projectId ?? process.env.GCLOUD_PROJECT };
  const notices =
    counts === undefined
      ? await pendingNotices(ref.firestore)
      : counts.notices > 0
        ? await pendingNotices(ref.firestore)
        : { ids: [], lines: [] };
  const email = renderEmail(taken.mail, config, source, { notices: notices.lines, thread: taken.thread });

  // Send, and record.
  const outcome = await sendWithRetries(email, {
    transport: options.transport ?? getTransport(config.smtp),
    record: (update) =>
      record(
        update,
        update['delivery.state'] === 'SUCCESS' && email.messageId
          ? threadWrites(taken.threadRefs, taken.thread, {
              mailId: ref.id,
              messageId: email.messageId,
              nowMs: now(),
            })
          : [],
      ),
    attempts: taken.attempts,
    delays: options.retryDelaysMs ?? quickRetryDelaysMs,
    now,
    sleep: options.sleep ?? pause,
    log,
    onFailed: (error) =>
      reportFailure(ref.firestore, { kind: 'failed', mailId: ref.id, reference, error }, now(), alert),
    onQuota: async () => {
      // The account's quota is spent: the message waits for the next day's digests with its
      // count given back, and every later message of the day goes to the digests.
      await markDaySpent(ref.firestore, config.limits, now());
      rememberSpent('day', now(), config.limits);
      const result = await record(unclaimedToQueue('daily quota', nextDayMs(now())));
      if (result === 'written' && taken.counted) await giveBack(ref, taken.counted);
      await reportQuota(
        ref.firestore,
        { kind: 'quota', day: dayKey(now()), limit: config.limits.perDay },
        now(),
        alert,
      );
      return result;
    },
  });
  if (outcome === 'SUCCESS') await markReported(ref.firestore, notices);
  return outcome;
}

/**
 * A message over the hour's cap, or past what the day leaves for messages alone, once its
 * count was checked: back in the queue for a digest (due now), its count given back, in one
 * write. The team hears once a day when the day's emails are spent.
 */
async function queueOverCap(
  ref: DocumentReference,
  taken: Extract<Claim, { kind: 'claimed' }>,
  over: 'hour' | 'day',
  sentToday: number,
  config: MailConfig,
  nowMs: number,
  alert: AlertSink,
): Promise<Outcome> {
  rememberSpent(over, nowMs, config.limits);
  const queuedFor: QueuedFor = over === 'day' ? 'daily quota' : 'global cap';
  const batch = ref.firestore.batch();
  batch.update(ref, unclaimedToQueue(queuedFor, nowMs, taken.attempts - 1));
  if (taken.counted) addGiveBack(batch, taken.counted);
  await batch.commit();
  if (over === 'day' && sentToday >= config.limits.perDay) {
    await reportQuota(ref.firestore, { kind: 'quota', day: dayKey(nowMs), limit: config.limits.perDay }, nowMs, alert);
  }
  logger.info('Mail queued for a digest', { mailId: ref.id, state: 'QUEUED', reason: `over the ${queuedFor}` });
  return 'QUEUED';
}

function addGiveBack(batch: FirebaseFirestore.WriteBatch, counted: Counted): void {
  batch.set(counted.day.ref, counted.day.undo, { merge: true });
  if (counted.sender) batch.set(counted.sender, { count: FieldValue.increment(-1) }, { merge: true });
}

/** Gives back what a claim counted against the caps. */
async function giveBack(ref: DocumentReference, counted: Counted): Promise<void> {
  const batch = ref.firestore.batch();
  addGiveBack(batch, counted);
  await batch.commit();
}

/** What a state write found: the claim still current (written), or taken by a later one. */
export type RecordResult = 'written' | 'stale';

/**
 * Writes a change of `delivery` (and, with it, `extra` documents) while the claim is this
 * invocation's: one write while the lease has well over `leaseMarginMs` left, since nobody
 * may take the document before it runs out; later, in a transaction that checks the token.
 */
async function writeWhileClaimed(
  ref: DocumentReference,
  taken: Extract<Claim, { kind: 'claimed' }>,
  update: DeliveryUpdate,
  extra: ReadonlyArray<{ ref: DocumentReference; data: object }>,
  now: () => number,
): Promise<RecordResult> {
  if (now() < taken.leaseUntilMs - leaseMarginMs) {
    const batch = ref.firestore.batch();
    batch.update(ref, update);
    for (const item of extra) batch.set(item.ref, item.data, { merge: true });
    await batch.commit();
    return 'written';
  }
  return recordIfClaimed(ref, taken.token, update, extra);
}

/**
 * Writes a change of `delivery` only while `token` is still the document's claim, in a
 * transaction: an invocation that lost its claim (timed out and woke later, or overtaken by
 * the sweep once its lease ran out) changes nothing.
 */
export async function recordIfClaimed(
  ref: DocumentReference,
  token: string,
  update: DeliveryUpdate,
  extra: ReadonlyArray<{ ref: DocumentReference; data: object }> = [],
): Promise<RecordResult> {
  return ref.firestore.runTransaction(async (tx) => {
    if ((await tx.get(ref)).get('delivery.claim') !== token) return 'stale';
    tx.update(ref, update);
    for (const item of extra) tx.set(item.ref, item.data, { merge: true });
    return 'written';
  });
}

export type SendStep = {
  transport: MailTransport;
  /** Writes a change of `delivery` to the document, if the claim is still this one. */
  record: (update: DeliveryUpdate) => Promise<RecordResult>;
  /** Attempts so far, the claim's included. */
  attempts: number;
  delays: readonly number[];
  now: () => number;
  sleep: (ms: number) => Promise<void>;
  log: Record<string, unknown>;
  /** Called once the message has ended in ERROR (reported as an alert). */
  onFailed?: (error: string) => Promise<void>;
  /** The server said the account's sending quota is spent: put the message back to wait. */
  onQuota?: () => Promise<RecordResult>;
};

/**
 * Sends a claimed message, trying again within this invocation after the given pauses when
 * the failure is transient, and records every step: SUCCESS with the server's answer, ERROR
 * (permanent failure, or out of attempts), RETRY for the sweep once the pauses are used up,
 * or QUEUED when the account's quota is spent. Sending and recording are apart: once the
 * server has accepted the email it is never sent again by this invocation, and its SUCCESS is
 * written on its own, tried again (send.ts) if the database refuses. A write the claim no
 * longer covers stops here.
 */
export async function sendWithRetries(email: OutgoingEmail, step: SendStep): Promise<Outcome> {
  const { transport, record, delays, now, sleep, log } = step;
  let attempts = step.attempts;
  for (let quickRetry = 0; ; quickRetry += 1) {
    const sent = await sendEmail(transport, email);
    if (sent.kind === 'sent') {
      const result = await recordWithRetries(() => record(succeeded(attempts, sent.info)), {
        sleep,
        onRetry: (code) =>
          logger.warn('Mail sent; recording its SUCCESS failed, trying again', { ...log, attempts, code }),
      });
      if (result === 'stale') return stale(log);
      if (result === 'unrecorded') {
        // Sent, but not recorded: once the lease runs out the sweep may send it again, under
        // the same Message-ID, so the inbox shows one message.
        logger.error('Mail sent but its SUCCESS could not be recorded', { ...log, attempts });
      } else {
        logger.info('Mail delivered', { ...log, state: 'SUCCESS', attempts });
      }
      return 'SUCCESS';
    }
    const { failure } = sent;
    const failureLog = { ...log, attempts, code: failure.code, responseCode: failure.responseCode };
    if (failure.quota && step.onQuota) {
      if ((await step.onQuota()) === 'stale') return stale(log);
      logger.warn('Mail waits for the sending quota', { ...failureLog, state: 'QUEUED' });
      return 'QUEUED';
    }
    const delay = delays[quickRetry];
    if (!failure.transient || attempts >= maxAttempts) {
      const message = failure.transient ? gaveUp(attempts, failure.message) : failure.message;
      if ((await record(failed(attempts, message))) === 'stale') return stale(log);
      logger.error('Mail delivery failed', { ...failureLog, state: 'ERROR', transient: failure.transient });
      await step.onFailed?.(message);
      return 'ERROR';
    }
    if (delay === undefined) {
      const nextAttemptMs = now() + retryDelayMs(attempts);
      if ((await record(deferred(attempts, failure.message, nextAttemptMs))) === 'stale') return stale(log);
      logger.warn('Mail delivery deferred', {
        ...failureLog,
        state: 'RETRY',
        nextAttemptTime: new Date(nextAttemptMs).toISOString(),
      });
      return 'RETRY';
    }
    // Record the failure and the next try (renewing the lease) before pausing.
    attempts += 1;
    if ((await record(tryingAgain(attempts, failure.message, now()))) === 'stale') return stale(log);
    logger.warn('Mail delivery failed; trying again', { ...failureLog, retryInMs: delay });
    await sleep(delay);
  }
}

function stale(log: Record<string, unknown>): Outcome {
  logger.warn('Mail claim no longer current: nothing recorded', log);
  return 'SKIPPED';
}
