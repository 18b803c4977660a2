import type { Settlement } from '../email/settlement.js';
import {
  failed,
  held,
  requeued,
  retryAt,
  succeeded,
  tryingAgain,
  unansweredAt,
  requeuedFromClaim,
  type DeliveryState,
  type DeliveryUpdate,
} from './delivery.js';
import { cleanPictureFrom } from './mail-document.js';

// A settlement (email/settlement.ts: what a decision spends and waits for, the same for every
// email) as a contact message's `delivery` records it, in one place: for a message sent alone
// (its lease writes it: lease.ts) and for each message a digest carried (digest-queue.ts writes
// them), each state written with delivery.ts's builders, with what the message came to, which
// its job reports (message-job.ts) from the same table.

/**
 * What became of a message: its delivery state once ended or waiting; HELD (RETRY, waiting for
 * the SMTP account: smtp-account.ts); or SKIPPED (not this invocation's to record).
 */
export type Outcome = Exclude<DeliveryState, 'PROCESSING'> | 'HELD' | 'SKIPPED';

/** A settlement as a claimed message's `delivery` records it, what goes with it, and what the message came to. */
export type MessageOutcome = {
  update: DeliveryUpdate;
  /** What the message came to; none while it is tried again within this run. */
  outcome?: Outcome;
  /** SUCCESS or ERROR: the message keeps only the picture as attached. */
  ends?: true;
  /** RETRY: the picture as written is kept a day from when the message was written at most. */
  waits?: true;
  /** Not sent alone after all: its count against the caps is given back. */
  givesBack?: true;
  /** The account's sending quota is spent: the day is marked so. */
  daySpent?: true;
};

/**
 * A settlement as a message sent alone records it: held for the SMTP account due from when it
 * was written (its place in the line), its count given back so it meets the caps again when it
 * goes; the next quick try recorded (renewing the lease) before its pause; waiting in RETRY, or
 * held, with a silence it met, so its next email says it may be a repeat; held for the quota
 * back in the queue for the next day.
 */
export function messageOutcome(
  settled: Settlement,
  { writtenMs, nowMs }: { writtenMs: number; nowMs: number },
): MessageOutcome {
  switch (settled.kind) {
    case 'sent':
      return { update: succeeded(settled.attempts, settled.info), outcome: 'SUCCESS', ends: true };
    case 'ended':
      return { update: failed(settled.attempts, settled.error), outcome: 'ERROR', ends: true };
    case 'again':
      return { update: tryingAgain(settled.attempts + 1, settled.error, nowMs) };
    case 'waits':
      return {
        update: { ...retryAt(settled.attempts, settled.error, settled.dueMs), ...unansweredAt(settled.unansweredMs) },
        outcome: 'RETRY',
        waits: true,
      };
    case 'held':
      return settled.for === 'account'
        ? {
            update: held(settled.attempts, settled.error, writtenMs, settled.unansweredMs),
            outcome: 'HELD',
            waits: true,
            givesBack: true,
          }
        : {
            update: requeuedFromClaim('daily quota', settled.dueMs),
            outcome: 'QUEUED',
            givesBack: true,
            daySpent: true,
          };
  }
}

/** What a digest's message is to its settlement: its place in the queue, its picture. */
export type InDigest = { digestMs: number; hasPicture: boolean };

/**
 * A settlement as a message a digest carried records it (decided on its own attempts,
 * digest-queue.ts). Sent or ended, its picture is drawn again; held, it goes back to its place
 * (the next day for the quota), no attempt spent; a failure for now backs off as a message of its
 * own would, never before its place, and after a silence it goes again as the same digest
 * (`digest`), saying so.
 */
export function inDigestOutcome(
  { digestMs, hasPicture }: InDigest,
  settled: Settlement,
  { nowMs, digest }: { nowMs: number; digest: string },
): DeliveryUpdate {
  const picture = hasPicture ? cleanPictureFrom(nowMs) : {};
  switch (settled.kind) {
    case 'sent':
      return { ...succeeded(settled.attempts, settled.info), ...picture };
    case 'ended':
      return { ...failed(settled.attempts, settled.error), ...picture };
    case 'held':
      return settled.for === 'day'
        ? requeued(settled.attempts, null, settled.dueMs)
        : requeued(settled.attempts, settled.error, digestMs);
    case 'again':
    case 'waits': {
      const dueMs = Math.max(digestMs, settled.kind === 'waits' ? settled.dueMs : nowMs);
      return settled.kind === 'waits' && settled.unansweredMs !== undefined
        ? { ...requeued(settled.attempts, settled.error, dueMs, digest), ...unansweredAt(settled.unansweredMs) }
        : requeued(settled.attempts, settled.error, dueMs);
    }
  }
}
