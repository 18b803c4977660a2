import { randomUUID } from 'node:crypto';
import { Timestamp, type DocumentReference } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions';
import type { MailConfig } from '../config.js';
import {
  assessDelivery,
  capsApply,
  deferred,
  endedUnsent,
  failed,
  isCounted,
  processing,
  queued,
  requeued,
  succeeded,
  tryingAgain,
  unclaimedRetry,
  type DeliveryState,
  type DeliveryUpdate,
} from './delivery.js';
import { alertSink, markReported, pendingNotices, reportFailure, type AlertSink } from './alerts.js';
import { parseMailDocument, senderOf, type ContactMail } from './mail-document.js';
import { nextHourMs, takeGlobalTicket, takeSenderLimit, type GlobalTicket } from './rate-limits.js';
import { referenceFor } from '../contact-message.js';
import { renderEmail, type OutgoingEmail } from './render-email.js';
import { expiryTime } from './retention.js';
import {
  classifySendError,
  maxAttempts,
  pause,
  quickRetryDelaysMs,
  recordRetryDelaysMs,
  retryDelayMs,
} from './retry-policy.js';
import { getTransport, type MailTransport } from './transport.js';

// One Mail document → one email. The document is claimed in a transaction that sets
// `delivery.state` PROCESSING with a lease before anything is sent, so a second invocation
// (an event delivered twice, the trigger and the sweep at once) finds it taken and sends
// nothing. The outcome is recorded in `delivery` (delivery.ts: its states and write shapes).

export { leaseMs } from './delivery.js';

export type Outcome = Exclude<DeliveryState, 'PROCESSING'> | 'SKIPPED';

export type Claim =
  /**
   * `counted`: this claim counted the message against the caps (its ticket is kept).
   * `token`: the claim's token; every later state write checks it (`delivery.claim`).
   */
  | { kind: 'claimed'; mail: ContactMail; attempts: number; counted: boolean; token: string }
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

/** What the global cap said of a message's first round (rate-limits.ts), if it was asked. */
export type GlobalVerdict = GlobalTicket['verdict'] | 'unchecked';

/**
 * Takes the document for this invocation in one transaction. A document that cannot be
 * sent (malformed, out of attempts) is ended in ERROR right there; one over a cap joins the
 * queue of the next digest.
 */
export async function claim(
  ref: DocumentReference,
  settings: ClaimSettings,
  nowMs: number,
  global: GlobalVerdict,
): Promise<Claim> {
  return ref.firestore.runTransaction(async (tx): Promise<Claim> => {
    const snapshot = await tx.get(ref);
    if (!snapshot.exists) return { kind: 'skipped', reason: 'the document no longer exists' };
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

    // A digest's message whose invocation died goes back to the queue, never out alone.
    if (assessment.round === 'recovered' && typeof delivery.digest === 'string') {
      tx.update(ref, requeued(before, 'the digest sending it stopped', nowMs));
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
      const error = `gave up after ${before} attempts: ${last}`;
      tx.update(ref, { ...endedUnsent(error, before, expireAt), reference });
      return { kind: 'ended', error, reason: `gave up after ${before} attempts` };
    }
    // Every send of a message not yet counted meets the caps (delivery.ts, capsApply):
    // retries of a counted message are not counted again, and an operator's retry is sent even
    // over a cap. Over a cap, the message waits for a digest: due now, or at the next hour when
    // its sender's are spent.
    const counting = capsApply(data.delivery, assessment.round);
    if (counting) {
      const sender =
        global === 'over'
          ? null
          : await takeSenderLimit(tx, ref.firestore, settings.limits, nowMs, senderOf(parsed.mail));
      if (sender !== 'alone') {
        const queuedFor = sender === null ? 'global cap' : 'sender cap';
        tx.update(ref, { ...queued(queuedFor, sender === 'wait' ? nextHourMs(nowMs) : nowMs, expireAt), reference });
        return { kind: 'queued', reason: `over the ${queuedFor}${sender === 'wait' ? ', until the next hour' : ''}` };
      }
    }

    const attempts = before + 1;
    const token = randomUUID();
    tx.update(ref, {
      ...processing(attempts, nowMs, expireAt, token, counting || isCounted(data.delivery)),
      reference,
    });
    return { kind: 'claimed', mail: parsed.mail, attempts, counted: counting, token };
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
  global: GlobalVerdict,
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
      return await claim(ref, settings, now(), global);
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

async function claimAndSend(ref: DocumentReference, config: MailConfig, options: DeliverOptions): Promise<Outcome> {
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? pause;
  const delays = options.retryDelaysMs ?? quickRetryDelaysMs;
  const log = { mailId: ref.id };

  // A send that will meet the caps takes a ticket of the global cap before its claim
  // (rate-limits.ts), so the claim transaction touches only the message and its sender's
  // counter. A message that turns out not to be sent alone gives its ticket back.
  let ticket: GlobalTicket | undefined;
  if (config.limits.perHour > 0) {
    const snapshot = await ref.get();
    const delivery: unknown = snapshot.get('delivery');
    const assessment = assessDelivery(delivery, now());
    if (snapshot.exists && assessment.take && capsApply(delivery, assessment.round)) {
      ticket = await takeGlobalTicket(ref.firestore, config.limits.perHour, now());
    }
  }
  let taken: Claim | undefined;
  try {
    taken = await claimWithRetries(ref, config, ticket?.verdict ?? 'unchecked', {
      now,
      sleep,
      onRetry: options.onContention,
    });
  } finally {
    if (ticket?.verdict === 'under' && !(taken?.kind === 'claimed' && taken.counted)) await ticket.release();
  }
  if (taken.kind === 'skipped') {
    logger.info('Mail not claimed', { ...log, reason: taken.reason });
    return 'SKIPPED';
  }
  const alert = alertSink(options.onAlert);
  const reference = referenceFor(ref.id);
  if (taken.kind === 'ended') {
    logger.warn('Mail not sent', { ...log, state: 'ERROR', reason: taken.reason });
    await reportFailure(ref.firestore, { kind: 'failed', mailId: ref.id, reference, error: taken.error }, now(), alert);
    return 'ERROR';
  }
  if (taken.kind === 'queued') {
    logger.info('Mail queued for a digest', { ...log, state: 'QUEUED', reason: taken.reason });
    return 'QUEUED';
  }

  const source = { id: ref.id, projectId: options.projectId ?? process.env.GCLOUD_PROJECT };
  const notices = await pendingNotices(ref.firestore);
  const outcome = await sendWithRetries(renderEmail(taken.mail, config, source, notices.lines), {
    transport: options.transport ?? getTransport(config.smtp),
    record: (update) => recordIfClaimed(ref, taken.token, update),
    attempts: taken.attempts,
    delays,
    now,
    sleep,
    log,
    onFailed: (error) =>
      reportFailure(ref.firestore, { kind: 'failed', mailId: ref.id, reference, error }, now(), alert),
  });
  if (outcome === 'SUCCESS') await markReported(ref.firestore, notices);
  return outcome;
}

/** What a state write found: the claim still current (written), or taken by a later one. */
export type RecordResult = 'written' | 'stale';

/**
 * Writes a change of `delivery` only while `token` is still the document's claim, in a
 * transaction: an invocation that lost its claim (timed out and woke later, or overtaken by
 * the sweep once its lease ran out) changes nothing.
 */
export async function recordIfClaimed(
  ref: DocumentReference,
  token: string,
  update: DeliveryUpdate,
): Promise<RecordResult> {
  return ref.firestore.runTransaction(async (tx) => {
    if ((await tx.get(ref)).get('delivery.claim') !== token) return 'stale';
    tx.update(ref, update);
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
};

/**
 * Sends a claimed message, trying again within this invocation after the given pauses when
 * the failure is transient, and records every step: SUCCESS with the server's answer, ERROR
 * (permanent failure, or out of attempts), or RETRY for the sweep once the pauses are used up.
 * Sending and recording are apart: once the server has accepted the email it is never sent
 * again by this invocation, and its SUCCESS is written on its own, tried again after
 * `recordRetryDelaysMs` if the database refuses. A write the claim no longer covers stops here.
 */
export async function sendWithRetries(email: OutgoingEmail, step: SendStep): Promise<Outcome> {
  const { transport, record, delays, now, sleep, log } = step;
  let attempts = step.attempts;
  for (let quickRetry = 0; ; quickRetry += 1) {
    let result: Awaited<ReturnType<MailTransport['sendMail']>>;
    try {
      result = await transport.sendMail(email);
    } catch (error) {
      const failure = classifySendError(error);
      const failureLog = { ...log, attempts, code: failure.code, responseCode: failure.responseCode };
      const delay = delays[quickRetry];
      if (!failure.transient || attempts >= maxAttempts) {
        const message = failure.transient ? `gave up after ${attempts} attempts: ${failure.message}` : failure.message;
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
      continue;
    }
    const success = succeeded(attempts, {
      messageId: result.messageId || null,
      accepted: result.accepted.map(String),
      rejected: result.rejected.map(String),
      response: result.response || null,
    });
    for (let retry = 0; ; retry += 1) {
      try {
        if ((await record(success)) === 'stale') return stale(log);
        logger.info('Mail delivered', { ...log, state: 'SUCCESS', attempts });
        return 'SUCCESS';
      } catch (error) {
        const pauseMs = recordRetryDelaysMs[retry];
        const code = (error as { code?: unknown } | null)?.code ?? null;
        if (pauseMs === undefined) {
          // Sent, but not recorded: once the lease runs out the sweep may send it again, under
          // the same Message-ID, so the inbox shows one message.
          logger.error('Mail sent but its SUCCESS could not be recorded', { ...log, attempts, code });
          return 'SUCCESS';
        }
        logger.warn('Mail sent; recording its SUCCESS failed, trying again', { ...log, attempts, code });
        await sleep(pauseMs);
      }
    }
  }
}

function stale(log: Record<string, unknown>): Outcome {
  logger.warn('Mail claim no longer current: nothing recorded', log);
  return 'SKIPPED';
}
