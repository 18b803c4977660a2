import type { DeliveryInfo } from './delivery.js';
import { maxAttempts, retryDelayMs, type SendFailure } from './retry-policy.js';

// What a send came to → what happens next, for every email the functions send: a message's
// own, a digest (each of its messages decided on its own attempts), a deletion confirmation.
// One pure function, so a change to how a quota reply, the mail account's failure or a retry
// is handled is made here once; each kind of email then records the decision its own way
// (the jobs of pipeline.ts: deliver.ts for a message, digest.ts, account-deletion/cleanup.ts).

/** What came of one send: accepted, with the server's answer, or failed and why. */
export type Sent = { kind: 'sent'; info: DeliveryInfo } | { kind: 'failed'; failure: SendFailure };

export type Decision =
  | { kind: 'sent'; info: DeliveryInfo }
  /** The account's sending quota is spent: waits for the next day, no attempt spent. */
  | { kind: 'quota' }
  /** The mail account fails, not the email (account.ts): held until it works, no attempt spent. */
  | { kind: 'account'; failure: SendFailure; error: string }
  /** Failed for now: tried again within this run, after its next pause. */
  | { kind: 'again'; error: string }
  /** Failed for now, no quick try left: tried again from `atMs` (retry-policy.ts). */
  | { kind: 'later'; error: string; atMs: number }
  /**
   * Ended: refused for good by the server (`forGood`: a digest of several is sent again in
   * halves, to find the message it refuses), or given up after its last attempt.
   */
  | { kind: 'ended'; error: string; forGood: boolean };

export type DecideContext = {
  /** Attempts so far, this send included. */
  attempts: number;
  /** Whether this run may try again after a pause (a message's quick tries). */
  quickRetryLeft: boolean;
  nowMs: number;
};

/** The error recorded when an email is given up after its last transient failure. */
export function gaveUp(attempts: number, last: string): string {
  return `gave up after ${attempts} attempts: ${last}`;
}

/** The error recorded on an email held because the mail account fails. */
export function heldFor(failure: Pick<SendFailure, 'message'>): string {
  return `held: the mail account fails (${failure.message})`;
}

/**
 * What one send leads to. A reply that says the account's sending quota is spent is a wait,
 * not a failure; so is a failure of the mail account (a refused login, a server out of reach:
 * after the quick tries, when it may be a hiccup). A failure of the email itself ends it when
 * the server refuses it for good or its attempts are spent, else it is tried again: within
 * this run while a quick try is left, later after the back-off.
 */
export function decide(sent: Sent, { attempts, quickRetryLeft, nowMs }: DecideContext): Decision {
  if (sent.kind === 'sent') return { kind: 'sent', info: sent.info };
  const { failure } = sent;
  if (failure.quota) return { kind: 'quota' };
  if (failure.account && !(failure.transient && quickRetryLeft)) {
    return { kind: 'account', failure, error: heldFor(failure) };
  }
  if (!failure.account && (!failure.transient || attempts >= maxAttempts)) {
    return {
      kind: 'ended',
      error: failure.transient ? gaveUp(attempts, failure.message) : failure.message,
      forGood: !failure.transient,
    };
  }
  if (quickRetryLeft) return { kind: 'again', error: failure.message };
  return { kind: 'later', error: failure.message, atMs: nowMs + retryDelayMs(attempts) };
}
