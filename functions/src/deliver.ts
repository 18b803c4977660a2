import { FieldValue, Timestamp, type DocumentReference, type Transaction } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions';
import type { MailConfig } from './config.js';
import { parseMailDocument, type ContactMail } from './mail-document.js';
import {
  counterExpiry,
  limitsCollection,
  senderCounter,
  takeGlobalTicket,
  type GlobalTicket,
  type RateLimits,
} from './rate-limits.js';
import { renderEmail } from './render-email.js';
import { classifySendError, maxAttempts, quickRetryDelaysMs, retryDelayMs } from './retry-policy.js';
import { getTransport } from './transport.js';

// One Mail document → one email. The document is claimed in a transaction that sets
// `delivery.state` PROCESSING with a lease before anything is sent, so a second invocation
// (an event delivered twice, the trigger and the sweep at once) finds it taken and sends
// nothing. The outcome is recorded in `delivery`, the Trigger Email extension's field:
//   state            PROCESSING → SUCCESS | ERROR | RETRY (RETRY → PROCESSING again later)
//   attempts         tries so far (a claim and every further try add one)
//   startTime        when the current round began; endTime when it ended in SUCCESS or ERROR
//   leaseExpireTime  while PROCESSING: after it, the sweep may take the document over
//   nextAttemptTime  while RETRY: when the sweep tries again; absent or null = now, with a
//                    fresh budget of attempts (an operator's retry)
//   error            the last failure, info: { messageId, accepted, rejected, response }

/**
 * How long a claim holds. Longer than any invocation can run (the trigger and the sweep
 * time out sooner: see index.ts), so a lease only expires when its invocation is gone.
 */
export const leaseMs = 10 * 60_000;

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export type DeliveryState = 'PROCESSING' | 'SUCCESS' | 'ERROR' | 'RETRY';
export type Outcome = Exclude<DeliveryState, 'PROCESSING'> | 'SKIPPED';

/** Why a document may be taken now, or why not. */
export type Assessment =
  { take: true; round: 'first' | 'scheduled' | 'manual' | 'recovered' } | { take: false; reason: string };

function toMillis(value: unknown): number | null {
  return value instanceof Timestamp ? value.toMillis() : null;
}

/**
 * Whether the delivery recorded on a document lets an invocation claim it at `nowMs`:
 * a new document (no delivery yet); a RETRY whose time has come, or without a time (an
 * operator's retry); a PROCESSING whose lease has expired (its invocation died). Never one
 * with a live lease, nor one that ended in SUCCESS or ERROR.
 */
export function assessDelivery(delivery: unknown, nowMs: number): Assessment {
  if (typeof delivery !== 'object' || delivery === null) return { take: true, round: 'first' };
  const { state, leaseExpireTime, nextAttemptTime } = delivery as Record<string, unknown>;
  if (state === undefined) return { take: true, round: 'first' };
  const lease = toMillis(leaseExpireTime);
  if (lease !== null && lease > nowMs) return { take: false, reason: 'another invocation holds the lease' };
  switch (state) {
    case 'SUCCESS':
      return { take: false, reason: 'delivery already ended in SUCCESS' };
    case 'ERROR':
      return { take: false, reason: 'delivery already ended in ERROR' };
    case 'PROCESSING':
      return { take: true, round: 'recovered' };
    case 'RETRY': {
      if (nextAttemptTime === undefined || nextAttemptTime === null) return { take: true, round: 'manual' };
      const next = toMillis(nextAttemptTime);
      if (next === null || next <= nowMs) return { take: true, round: 'scheduled' };
      return { take: false, reason: 'waiting for its next attempt time' };
    }
    default:
      return { take: false, reason: `unknown delivery state ${JSON.stringify(state)}` };
  }
}

export type Claim =
  /** `first`: the message's first round, counted against the caps. */
  | { kind: 'claimed'; mail: ContactMail; attempts: number; first: boolean }
  /** Ended in ERROR within the claim; `reason` is short and safe to log. */
  | { kind: 'ended'; error: string; reason: string }
  | { kind: 'skipped'; reason: string };

function ended(error: string, attempts: number) {
  return {
    delivery: {
      state: 'ERROR',
      attempts,
      startTime: FieldValue.serverTimestamp(),
      endTime: FieldValue.serverTimestamp(),
      leaseExpireTime: null,
      nextAttemptTime: null,
      error,
      info: null,
    },
  };
}

/**
 * Counts the message against its sender's hourly cap, or says it is over it. Reads first,
 * then writes, as a transaction requires; nothing is written when the cap is reached.
 */
async function takeSenderLimit(
  tx: Transaction,
  ref: DocumentReference,
  limits: RateLimits,
  nowMs: number,
  sender: string | undefined,
): Promise<boolean> {
  const counter = senderCounter(limits, nowMs, sender);
  if (!counter) return true;
  const counterRef = ref.firestore.collection(limitsCollection).doc(counter.id);
  const count: unknown = (await tx.get(counterRef)).get('count');
  const taken = typeof count === 'number' ? count : 0;
  if (taken >= counter.cap) return false;
  tx.set(counterRef, { count: taken + 1, expireAt: counterExpiry(nowMs) });
  return true;
}

/** What the global cap said of a message's first round (rate-limits.ts), if it was asked. */
export type GlobalVerdict = GlobalTicket['verdict'] | 'unchecked';

/**
 * Takes the document for this invocation in one transaction. A document that cannot be
 * sent (malformed, over a rate limit, out of attempts) is ended in ERROR right there.
 */
export async function claim(
  ref: DocumentReference,
  limits: RateLimits,
  nowMs = Date.now(),
  global: GlobalVerdict = 'unchecked',
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

    const parsed = parseMailDocument(data);
    if (!parsed.ok) {
      const error = `malformed document: ${parsed.reason}`;
      tx.update(ref, ended(error, before));
      return { kind: 'ended', error, reason: error };
    }
    if (before >= maxAttempts) {
      const last = typeof delivery.error === 'string' ? delivery.error : 'the invocation sending it stopped';
      const error = `gave up after ${before} attempts: ${last}`;
      tx.update(ref, ended(error, before));
      return { kind: 'ended', error, reason: `gave up after ${before} attempts` };
    }
    // Only a message's first round counts against the caps: retries of a counted message
    // are not counted again, and an operator's retry is sent even over a cap.
    if (assessment.round === 'first') {
      const over =
        global === 'over'
          ? 'global'
          : (await takeSenderLimit(tx, ref, limits, nowMs, parsed.mail.replyTo))
            ? null
            : 'sender';
      if (over) {
        tx.update(ref, ended('rate limited', before));
        return { kind: 'ended', error: 'rate limited', reason: `rate limited (${over} cap)` };
      }
    }

    const attempts = before + 1;
    tx.update(ref, {
      delivery: {
        state: 'PROCESSING',
        attempts,
        startTime: FieldValue.serverTimestamp(),
        endTime: null,
        leaseExpireTime: Timestamp.fromMillis(nowMs + leaseMs),
        nextAttemptTime: null,
        error: null,
        info: null,
      },
    });
    return { kind: 'claimed', mail: parsed.mail, attempts, first: assessment.round === 'first' };
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
  limits: RateLimits,
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
      return await claim(ref, limits, now(), global);
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
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
  /** Called before each claim retried after contention (counted by the parallel benchmark). */
  onContention?: () => void;
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
    const details = {
      mailId: ref.id,
      error: error instanceof Error ? error.name : typeof error,
      code: (error as { code?: unknown } | null)?.code ?? null,
    };
    logger.error('Mail delivery stopped unexpectedly', details);
    return (await deferUnclaimed(ref, options.now ?? Date.now)) ? 'RETRY' : 'SKIPPED';
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
async function deferUnclaimed(ref: DocumentReference, now: () => number): Promise<boolean> {
  try {
    const snapshot = await ref.get();
    if (!snapshot.exists || snapshot.get('delivery.state') !== undefined) return false;
    await ref.update(
      {
        delivery: {
          state: 'RETRY',
          attempts: 0,
          startTime: FieldValue.serverTimestamp(),
          endTime: null,
          leaseExpireTime: null,
          nextAttemptTime: Timestamp.fromMillis(now() + unclaimedRetryMs),
          error: 'could not be claimed: the database was busy',
          info: null,
        },
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

  // A message's first round takes a ticket of the global cap before its claim (rate-limits.ts),
  // so the claim transaction touches only the message and its sender's counter. A message
  // that turns out not to be sent gives its ticket back.
  let ticket: GlobalTicket | undefined;
  if (config.limits.perHour > 0) {
    const snapshot = await ref.get();
    if (snapshot.exists && snapshot.get('delivery.state') === undefined) {
      ticket = await takeGlobalTicket(ref.firestore, config.limits.perHour, now());
    }
  }
  let taken: Claim | undefined;
  try {
    taken = await claimWithRetries(ref, config.limits, ticket?.verdict ?? 'unchecked', {
      now,
      sleep,
      onRetry: options.onContention,
    });
  } finally {
    if (ticket?.verdict === 'under' && !(taken?.kind === 'claimed' && taken.first)) await ticket.release();
  }
  if (taken.kind === 'skipped') {
    logger.info('Mail not claimed', { ...log, reason: taken.reason });
    return 'SKIPPED';
  }
  if (taken.kind === 'ended') {
    logger.warn('Mail not sent', { ...log, state: 'ERROR', reason: taken.reason });
    return 'ERROR';
  }

  const email = renderEmail(taken.mail, config);
  let attempts = taken.attempts;
  for (let quickRetry = 0; ; quickRetry += 1) {
    try {
      const result = await getTransport(config.smtp).sendMail(email);
      await ref.update({
        'delivery.state': 'SUCCESS',
        'delivery.attempts': attempts,
        'delivery.endTime': FieldValue.serverTimestamp(),
        'delivery.leaseExpireTime': null,
        'delivery.error': null,
        'delivery.info': {
          messageId: result.messageId || null,
          accepted: result.accepted.map(String),
          rejected: result.rejected.map(String),
          response: result.response || null,
        },
      });
      logger.info('Mail delivered', { ...log, state: 'SUCCESS', attempts });
      return 'SUCCESS';
    } catch (error) {
      const failure = classifySendError(error);
      const failureLog = { ...log, attempts, code: failure.code, responseCode: failure.responseCode };
      const delay = delays[quickRetry];
      if (!failure.transient || attempts >= maxAttempts) {
        const message = failure.transient ? `gave up after ${attempts} attempts: ${failure.message}` : failure.message;
        await ref.update({
          'delivery.state': 'ERROR',
          'delivery.attempts': attempts,
          'delivery.endTime': FieldValue.serverTimestamp(),
          'delivery.leaseExpireTime': null,
          'delivery.error': message,
        });
        logger.error('Mail delivery failed', { ...failureLog, state: 'ERROR', transient: failure.transient });
        return 'ERROR';
      }
      if (delay === undefined) {
        const nextAttemptTime = Timestamp.fromMillis(now() + retryDelayMs(attempts));
        await ref.update({
          'delivery.state': 'RETRY',
          'delivery.attempts': attempts,
          'delivery.leaseExpireTime': null,
          'delivery.nextAttemptTime': nextAttemptTime,
          'delivery.error': failure.message,
        });
        logger.warn('Mail delivery deferred', {
          ...failureLog,
          state: 'RETRY',
          nextAttemptTime: nextAttemptTime.toDate().toISOString(),
        });
        return 'RETRY';
      }
      // Record the failure and the next try (renewing the lease) before pausing.
      attempts += 1;
      await ref.update({
        'delivery.attempts': attempts,
        'delivery.leaseExpireTime': Timestamp.fromMillis(now() + leaseMs),
        'delivery.error': failure.message,
      });
      logger.warn('Mail delivery failed; trying again', { ...failureLog, retryInMs: delay });
      await sleep(delay);
    }
  }
}
