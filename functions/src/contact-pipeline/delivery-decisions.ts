import { nextDayMs } from '../email/counters.js';
import type { Decision } from '../email/decide.js';
import {
  failed,
  held,
  requeued,
  retryAt,
  succeeded,
  tryingAgain,
  unansweredAt,
  unclaimedToQueue,
  type DeliveryState,
  type DeliveryUpdate,
} from './delivery.js';
import { cleanPictureFrom } from './mail-document.js';

// What a decision (decide.ts) does to a contact message's `delivery`, in one place: for a message
// sent alone (its lease writes it: lease.ts) and for each message a digest carried (digest-queue.ts
// writes them), each state written with delivery.ts's builders, and what the message came to,
// which its job reports (message-job.ts) from the same table.

/**
 * What became of a message: its delivery state once ended or waiting; HELD (RETRY, waiting for
 * the SMTP account: smtp-account.ts); or SKIPPED (not this invocation's to record).
 */
export type Outcome = Exclude<DeliveryState, 'PROCESSING'> | 'HELD' | 'SKIPPED';

/** What a message sent alone came to after each decision; a quick try again is no outcome yet. */
export const outcomeAfter: Record<Exclude<Decision['kind'], 'again'>, Outcome> = {
  sent: 'SUCCESS',
  ended: 'ERROR',
  later: 'RETRY',
  account: 'HELD',
  quota: 'QUEUED',
};

/** What one send came to, besides its decision: the attempts it counts, and when it met no answer. */
export type SendStep = { attempts: number; unansweredMs?: number };

/** A decision as a claimed message's `delivery` records it, and what goes with it. */
export type MessageOutcome = {
  update: DeliveryUpdate;
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
 * A decision as a message sent alone records it: held for the SMTP account with the attempts it
 * had before this claim (`before`), its count given back so it meets the caps again when it goes;
 * the next quick try recorded (renewing the lease) before its pause; waiting in RETRY or held
 * after a send that met no answer, with when, so its next email says it may be a repeat; waiting
 * for the quota back in the queue for the next day.
 */
export function messageOutcome(
  decision: Decision,
  { attempts, unansweredMs }: SendStep,
  { before, writtenMs, nowMs }: { before: number; writtenMs: number; nowMs: number },
): MessageOutcome {
  switch (decision.kind) {
    case 'sent':
      return { update: succeeded(attempts, decision.info), ends: true };
    case 'ended':
      return { update: failed(attempts, decision.error), ends: true };
    case 'again':
      return { update: tryingAgain(attempts + 1, decision.error, nowMs) };
    case 'later':
      return {
        update: { ...retryAt(attempts, decision.error, decision.atMs), ...unansweredAt(unansweredMs) },
        waits: true,
      };
    case 'account':
      return { update: held(before, decision.error, writtenMs, unansweredMs), waits: true, givesBack: true };
    case 'quota':
      return { update: unclaimedToQueue('daily quota', nextDayMs(nowMs)), givesBack: true, daySpent: true };
  }
}

/** What a digest's message is to its decision: its attempts (this send's included), its place, its picture. */
export type InDigest = { attempts: number; digestMs: number; hasPicture: boolean };

/**
 * A decision as a message a digest carried records it (the message's own decision: decided on its
 * own attempts, digest-queue.ts). Sent or ended, its picture is drawn again; the SMTP account's
 * failure or the quota puts it back at its place, no attempt spent; a failure for now backs off
 * as a message of its own would, never before its place, and after a silence it goes again as
 * the same digest (`digest`), saying so.
 */
export function inDigestOutcome(
  { attempts, digestMs, hasPicture }: InDigest,
  decision: Decision,
  { nowMs, digest, unanswered }: { nowMs: number; digest: string; unanswered: boolean },
): DeliveryUpdate {
  const picture = hasPicture ? cleanPictureFrom(nowMs) : {};
  switch (decision.kind) {
    case 'sent':
      return { ...succeeded(attempts, decision.info), ...picture };
    case 'ended':
      return { ...failed(attempts, decision.error), ...picture };
    case 'quota':
      return requeued(attempts - 1, null, nextDayMs(nowMs));
    case 'account':
      return requeued(attempts - 1, decision.error, digestMs);
    case 'again':
    case 'later': {
      const dueMs = Math.max(digestMs, decision.kind === 'later' ? decision.atMs : nowMs);
      return unanswered
        ? { ...requeued(attempts, decision.error, dueMs, digest), ...unansweredAt(nowMs) }
        : requeued(attempts, decision.error, dueMs);
    }
  }
}
