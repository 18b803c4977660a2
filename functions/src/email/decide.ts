import { maxAttempts, retryDelayMs, type SendFailure } from './send-failures.js';

// What a send came to → what happens next, for every email the functions send: a message's
// own, a digest (each of its messages decided on its own attempts), a site email (the weekly
// report, a deletion confirmation). One pure function, so a change to how a quota reply, the
// SMTP account's failure, a silence after DATA or a retry is handled is made here once; a
// decision is settled by one table for every kind (settlement.ts: what it spends, what it
// waits for), which each kind writes in its record's shape.

/** What the server said of an email it accepted: its Message-ID, the addresses it took and refused, its reply. */
export type DeliveryInfo = {
  messageId: string | null;
  accepted: string[];
  rejected: string[];
  response: string | null;
};

/** What came of one send: accepted, with the server's answer, or failed and why. */
export type Sent = { kind: 'sent'; info: DeliveryInfo } | { kind: 'failed'; failure: SendFailure };

export type Decision =
  | { kind: 'sent'; info: DeliveryInfo }
  /** The account's sending quota is spent: waits for the next day, no attempt spent. */
  | { kind: 'quota' }
  /**
   * The failure may be the SMTP account's: runner.ts has the account checked (smtp-account-check.ts);
   * when the check fails too, the email is held until it works (smtp-account.ts), no attempt spent,
   * else it is decided again as the email's own failure (`asTheEmails`).
   */
  | { kind: 'account'; failure: SendFailure; error: string }
  /** Failed for now: tried again within this run, after its next pause. */
  | { kind: 'again'; error: string }
  /** Failed for now, no quick try left: tried again from `atMs` (send-failures.ts). */
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
  /** An earlier send of this email met no answer after it may have reached the server. */
  unansweredBefore?: boolean;
};

/** The error recorded when an email is given up after its last transient failure. */
export function gaveUp(attempts: number, last: string): string {
  return `gave up after ${attempts} attempts: ${last}`;
}

/** The error recorded on an email met twice by no answer after it may have reached the server. */
export function unansweredTwice(last: string): string {
  return `not sent again: twice the mail server gave no answer once the email was on its way, so it may have arrived (${last})`;
}

/** The failure as the email's own, once a check of the SMTP account went through. */
export function asTheEmails(failure: SendFailure): SendFailure {
  return { ...failure, account: false };
}

/** The error recorded on an email held because the SMTP account fails. */
export function heldFor(failure: Pick<SendFailure, 'message'>): string {
  return `held: the mail account fails (${failure.message})`;
}

/**
 * What one send leads to. A reply that says the account's sending quota is spent is a wait,
 * not a failure; so is a failure of the SMTP account (a refused login, a server out of reach:
 * after the quick tries, when it may be a hiccup). A failure of the email itself ends it when
 * the server refuses it for good or its attempts are spent, else it is tried again: within
 * this run while a quick try is left, later after the back-off.
 */
export function decide(sent: Sent, context: DecideContext): Decision {
  if (sent.kind === 'sent') return { kind: 'sent', info: sent.info };
  const { failure } = sent;
  if (failure.quota) return { kind: 'quota' };
  // No answer after the email may have reached the server: never sent again at once.
  const quickTry = context.quickRetryLeft && !failure.unanswered;
  if (failure.account && !(failure.transient && quickTry)) {
    return { kind: 'account', failure, error: heldFor(failure) };
  }
  return (failure.unanswered ? afterNoAnswer(failure, context) : undefined) ?? afterFailure(failure, quickTry, context);
}

/** A send that met no answer: a second silence ends it, else it waits for its next attempt. */
function afterNoAnswer(
  failure: SendFailure,
  { attempts, nowMs, unansweredBefore }: DecideContext,
): Decision | undefined {
  if (unansweredBefore) return { kind: 'ended', error: unansweredTwice(failure.message), forGood: false };
  if (attempts < maxAttempts) return { kind: 'later', error: failure.message, atMs: nowMs + retryDelayMs(attempts) };
  return undefined;
}

/** A failure: ended when refused for good or out of attempts, else tried again, soon or later. */
function afterFailure(failure: SendFailure, quickTry: boolean, { attempts, nowMs }: DecideContext): Decision {
  if (!failure.account && (!failure.transient || attempts >= maxAttempts)) {
    return {
      kind: 'ended',
      error: failure.transient ? gaveUp(attempts, failure.message) : failure.message,
      forGood: !failure.transient,
    };
  }
  if (quickTry) return { kind: 'again', error: failure.message };
  return { kind: 'later', error: failure.message, atMs: nowMs + retryDelayMs(attempts) };
}
