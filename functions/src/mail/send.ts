import { logEvent } from '../log.js';
import { decide, type Decision, type Sent } from './decide.js';
import type { DeliveryState, SendRecord } from './delivery.js';
import type { OutgoingEmail } from './render-email.js';
import { classifySendError, recordRetryDelaysMs, type SendFailure } from './retry-policy.js';
import type { MailTransport } from './transport.js';

// The one send step every email of the pipeline takes (a message's own, a digest and its
// halves, a deletion confirmation): hand the email to the SMTP server, map its reply to one
// shape (sent; failed for now, for good, or for the account's quota), and record what came of
// it, trying again while the database refuses, because an email the server accepted is never
// sent again for a failed write. `sendWithRetries` is that step for a claimed message, with its
// quick retries.

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
 * A decision (decide.ts) as a claimed message records it: held for the mail account with the
 * attempts it had before this claim (`before`); the next quick try recorded (renewing the
 * lease) before its pause.
 */
function messageRecord(decision: Decision, attempts: number, before: number, nowMs: number): SendRecord {
  switch (decision.kind) {
    case 'sent':
      return { kind: 'sent', attempts, info: decision.info };
    case 'quota':
      return { kind: 'quota' };
    case 'account':
      return { kind: 'held', attempts: before, error: decision.error };
    case 'again':
      return { kind: 'again', attempts: attempts + 1, error: decision.error, nowMs };
    case 'later':
      return { kind: 'deferred', attempts, error: decision.error, nextAttemptMs: decision.atMs };
    case 'ended':
      return { kind: 'failed', attempts, error: decision.error };
  }
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
        const nowMs = step.now();
        const quickRetryLeft = step.delays[quickRetry] !== undefined;
        const next = messageRecord(decide(sent, { attempts, quickRetryLeft, nowMs }), attempts, before, nowMs);
        return { next, result: await record(next) };
      },
      {
        sleep,
        onRetry: (code) => logEvent('outcomeRetried', { ...log, attempts, code }),
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
      logEvent(sent.kind === 'sent' ? 'sentUnrecorded' : 'notSentUnrecorded', failureLog);
      return sent.kind === 'sent' ? 'SUCCESS' : 'SKIPPED';
    }
    const { next, result } = recorded;
    if (result === 'stale') {
      logEvent('claimStale', log);
      return 'SKIPPED';
    }
    switch (next.kind) {
      case 'sent':
        logEvent('delivered', { ...log, state: 'SUCCESS', attempts });
        return 'SUCCESS';
      case 'quota':
        logEvent('waitsForQuota', { ...failureLog, state: 'QUEUED' });
        return 'QUEUED';
      case 'held':
        logEvent('heldForAccount', { ...failureLog, state: 'RETRY' });
        if (sent.kind === 'failed') await step.onAccountFailed?.(sent.failure);
        return 'HELD';
      case 'failed':
        logEvent('failed', { ...failureLog, state: 'ERROR' });
        await step.onFailed?.(next.error);
        return 'ERROR';
      case 'deferred':
        logEvent('deferred', {
          ...failureLog,
          state: 'RETRY',
          nextAttemptTime: new Date(next.nextAttemptMs).toISOString(),
        });
        return 'RETRY';
      case 'again': {
        const delay = step.delays[quickRetry] ?? 0;
        logEvent('tryingAgain', { ...failureLog, retryInMs: delay });
        attempts = next.attempts;
        await sleep(delay);
      }
    }
  }
}
