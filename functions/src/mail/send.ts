import { logger } from 'firebase-functions';
import type { DeliveryInfo, DeliveryState, SendRecord } from './delivery.js';
import type { OutgoingEmail } from './render-email.js';
import { classifySendError, maxAttempts, recordRetryDelaysMs, retryDelayMs, type SendFailure } from './retry-policy.js';
import type { MailTransport } from './transport.js';

// The one send step every email of the pipeline takes (a message's own, a digest and its
// halves, a deletion confirmation): hand the email to the SMTP server, map its reply to one
// shape (sent; failed for now, for good, or for the account's quota), and record what came of
// it, trying again while the database refuses, because an email the server accepted is never
// sent again for a failed write. `sendWithRetries` is that step for a claimed message, with its
// quick retries.

/** What came of one send: accepted, with the server's answer, or failed and why. */
export type Sent = { kind: 'sent'; info: DeliveryInfo } | { kind: 'failed'; failure: SendFailure };

/** Sends one email; never throws. */
export async function sendEmail(transport: MailTransport, email: OutgoingEmail): Promise<Sent> {
  try {
    const result = await transport.sendMail(email);
    return {
      kind: 'sent',
      info: {
        messageId: result.messageId || null,
        accepted: result.accepted.map(String),
        rejected: result.rejected.map(String),
        response: result.response || null,
      },
    };
  } catch (error) {
    return { kind: 'failed', failure: classifySendError(error) };
  }
}

/** The error recorded when a message is given up after its last transient failure. */
export function gaveUp(attempts: number, last: string): string {
  return `gave up after ${attempts} attempts: ${last}`;
}

/** The error a failure ends a message with: the server's words, or that it was given up. */
export function endedBy(failure: SendFailure, attempts: number): string {
  return failure.transient ? gaveUp(attempts, failure.message) : failure.message;
}

export type RecordOptions = {
  sleep: (ms: number) => Promise<void>;
  /** Hears of each refusal (codes only: never a message's text). */
  onRetry?: (code: unknown, retry: number) => void;
};

/**
 * Writes an outcome, trying again after `recordRetryDelaysMs` when the database refuses
 * (about 12 s in all). Returns what the write returned, or `unrecorded` once the pauses are
 * used up.
 */
export async function recordWithRetries<T>(
  write: () => Promise<T>,
  { sleep, onRetry = () => {} }: RecordOptions,
): Promise<T | 'unrecorded'> {
  for (let retry = 0; ; retry += 1) {
    try {
      return await write();
    } catch (error) {
      const pauseMs = recordRetryDelaysMs[retry];
      if (pauseMs === undefined) return 'unrecorded';
      onRetry((error as { code?: unknown } | null)?.code ?? null, retry);
      await sleep(pauseMs);
    }
  }
}

/**
 * The send step: sends `email` once and hands what came of it to `record`, tried again while
 * the database refuses. Resolves to what `record` resolved to, or `unrecorded`.
 */
export async function sendAndRecord<T>(
  transport: MailTransport,
  email: OutgoingEmail,
  record: (sent: Sent) => Promise<T>,
  options: RecordOptions,
): Promise<{ sent: Sent; recorded: T | 'unrecorded' }> {
  const sent = await sendEmail(transport, email);
  return { sent, recorded: await recordWithRetries(() => record(sent), options) };
}

/** What a state write found: the claim still current (written), or taken by a later one. */
export type RecordResult = 'written' | 'stale';

/**
 * What became of a message: its delivery state once ended or waiting; HELD (RETRY, waiting for
 * the mail account: account.ts); or SKIPPED (not this invocation's to record).
 */
export type SendOutcome = Exclude<DeliveryState, 'PROCESSING'> | 'HELD' | 'SKIPPED';

export type SendStep = {
  transport: MailTransport;
  /** Records what a try came to on the message, if the claim is still this one. */
  record: (step: SendRecord) => Promise<RecordResult>;
  /** Attempts so far, the claim's included. */
  attempts: number;
  delays: readonly number[];
  now: () => number;
  sleep: (ms: number) => Promise<void>;
  log: Record<string, unknown>;
  /** Called once the message has ended in ERROR (reported as an alert). */
  onFailed?: (error: string) => Promise<void>;
  /** Called once the message is held because the mail account failed (account.ts). */
  onAccountFailed?: (failure: SendFailure) => Promise<void>;
};

/**
 * What one send of a claimed message leads to: `delay` is the pause before the next try
 * within this invocation, if one is left. A reply that says the account's sending quota is
 * spent is a wait, not a failure; so is a failure of the mail account (a refused login, a
 * server out of reach, after the quick tries when it may be a hiccup): the message is held
 * with the attempts it had before this claim (`before`).
 */
function nextAfter(sent: Sent, attempts: number, before: number, delay: number | undefined, nowMs: number): SendRecord {
  if (sent.kind === 'sent') return { kind: 'sent', attempts, info: sent.info };
  const { failure } = sent;
  if (failure.quota) return { kind: 'quota' };
  if (failure.account && (!failure.transient || delay === undefined)) {
    return { kind: 'held', attempts: before, error: `held: the mail account fails (${failure.message})` };
  }
  if (failure.account) return { kind: 'again', attempts: attempts + 1, error: failure.message, nowMs };
  if (!failure.transient || attempts >= maxAttempts) {
    return { kind: 'failed', attempts, error: endedBy(failure, attempts) };
  }
  if (delay === undefined) {
    return { kind: 'deferred', attempts, error: failure.message, nextAttemptMs: nowMs + retryDelayMs(attempts) };
  }
  // The next try is recorded (renewing the lease) before the pause.
  return { kind: 'again', attempts: attempts + 1, error: failure.message, nowMs };
}

/**
 * Sends a claimed message, trying again within this invocation after the given pauses when
 * the failure is transient, and records every step: sent, with the server's answer; failed
 * (permanent failure, or out of attempts); deferred to the sweep once the pauses are used up;
 * waiting for the account's sending quota. A write the claim no longer covers stops here;
 * one the database keeps refusing leaves the message to its lease (the sweep takes it again,
 * and an email already accepted goes under the same Message-ID, so the inbox shows one).
 */
export async function sendWithRetries(email: OutgoingEmail, step: SendStep): Promise<SendOutcome> {
  const { transport, record, sleep, log } = step;
  let attempts = step.attempts;
  const before = step.attempts - 1;
  for (let quickRetry = 0; ; quickRetry += 1) {
    const { sent, recorded } = await sendAndRecord(
      transport,
      email,
      async (sent) => {
        const next = nextAfter(sent, attempts, before, step.delays[quickRetry], step.now());
        return { next, result: await record(next) };
      },
      {
        sleep,
        onRetry: (code) => logger.warn('Mail outcome not recorded yet; trying again', { ...log, attempts, code }),
      },
    );
    const failureLog =
      sent.kind === 'failed'
        ? {
            ...log,
            attempts,
            code: sent.failure.code,
            responseCode: sent.failure.responseCode,
            transient: sent.failure.transient,
          }
        : { ...log, attempts };
    if (recorded === 'unrecorded') {
      logger.error(`Mail ${sent.kind === 'sent' ? 'sent' : 'not sent'}; its outcome could not be recorded`, failureLog);
      return sent.kind === 'sent' ? 'SUCCESS' : 'SKIPPED';
    }
    const { next, result } = recorded;
    if (result === 'stale') {
      logger.warn('Mail claim no longer current: nothing recorded', log);
      return 'SKIPPED';
    }
    switch (next.kind) {
      case 'sent':
        logger.info('Mail delivered', { ...log, state: 'SUCCESS', attempts });
        return 'SUCCESS';
      case 'quota':
        logger.warn('Mail waits for the sending quota', { ...failureLog, state: 'QUEUED' });
        return 'QUEUED';
      case 'held':
        logger.warn('Mail held: the mail account fails', { ...failureLog, state: 'RETRY' });
        if (sent.kind === 'failed') await step.onAccountFailed?.(sent.failure);
        return 'HELD';
      case 'failed':
        logger.error('Mail delivery failed', { ...failureLog, state: 'ERROR' });
        await step.onFailed?.(next.error);
        return 'ERROR';
      case 'deferred':
        logger.warn('Mail delivery deferred', {
          ...failureLog,
          state: 'RETRY',
          nextAttemptTime: new Date(next.nextAttemptMs).toISOString(),
        });
        return 'RETRY';
      case 'again': {
        const delay = step.delays[quickRetry] ?? 0;
        logger.warn('Mail delivery failed; trying again', { ...failureLog, retryInMs: delay });
        attempts = next.attempts;
        await sleep(delay);
      }
    }
  }
}
