import { logEvent } from '../log.js';
import type { Warnings } from '../email/alerts.js';
import type { LeasedMessage } from './caps-check.js';
import type { Sent } from '../email/decide.js';
import type { Outcome } from './delivery-decisions.js';
import type { MessageFields, Recorded } from './lease.js';
import type { Job, Next, Step } from '../email/runner.js';
import { settle, type Settlement } from '../email/settlement.js';
import type { OutgoingEmail } from '../email/outgoing-email.js';
import type { SendFailure } from '../email/send-failures.js';
import type { Claim } from './take-message.js';

// A message's job for the pipeline's runner (runner.ts), with its I/O passed in: what each
// step does for a message, what is logged and reported, what comes next. deliver.ts gives it
// the database, the SMTP transport and the clock; a unit test gives it its own.

export type { Outcome };

/** What the message job needs of its claim (caps-check.ts's `LeasedMessage`; a unit test's own). */
export type MessageClaim = { kind: 'claimed'; attempts: number; unansweredMs?: number };

/** A claimed message on its way: its claim, and its attempts so far (this try's included). */
export type MessageWork<C extends MessageClaim> = { claim: C; attempts: number };

/** A message's email, and what goes with it: the picture it keeps once sent, the warnings it carries. */
export type Rendered = { email: OutgoingEmail; keptPicture: MessageFields; warnings: Warnings };

/** The message job's I/O: deliverMail passes the database's, a unit test its own. */
export type MessageIo<C extends MessageClaim> = {
  /** The take (take-message.ts): the message claimed within the caps, or what it came to instead. */
  take(): Promise<C | Exclude<Claim, LeasedMessage>>;
  render(claim: C): Promise<Rendered>;
  /** Records a settlement through the claim's lease (lease.ts), with what goes with it: what the message came to. */
  record(claim: C, settled: Settlement, rendered: Rendered): Promise<Recorded>;
  /** Pauses between the quick tries within this invocation; [] for a single try. */
  delays: readonly number[];
  now: () => number;
  log: Record<string, unknown>;
  /** The message ended in ERROR (reported as an alert). */
  failed(error: string): Promise<void>;
  /** The day's emails are spent (reported once a day). */
  spent(): Promise<void>;
  /** The SMTP account failed, and so did a check of it: every message waits for it (smtp-account.ts). */
  accountDown(failure: SendFailure): Promise<void>;

  /** The email went, with these warnings. */
  delivered(warnings: Warnings): Promise<void>;
};

/** A message's take that came to no claim, logged and reported: the outcome it settles with. */
async function notTaken<C extends MessageClaim>(
  taken: Exclude<Claim, LeasedMessage>,
  io: MessageIo<C>,
): Promise<Outcome> {
  const { log } = io;
  switch (taken.kind) {
    case 'skipped':
      logEvent('notClaimed', { ...log, reason: taken.reason });
      return 'SKIPPED';
    case 'held':
      logEvent('heldAtClaim', { ...log, state: 'RETRY', reason: taken.reason });
      return 'HELD';
    case 'busy':
      if (!taken.recorded) return 'SKIPPED';
      logEvent('deferredUnclaimed', { ...log, state: 'RETRY', reason: 'not claimed' });
      return 'RETRY';
    case 'ended':
      logEvent('endedUnsent', { ...log, state: 'ERROR', reason: taken.reason });
      await io.failed(taken.error);
      return 'ERROR';
    case 'queued':
      logEvent('queued', { ...log, state: 'QUEUED', reason: taken.reason });
      if (taken.spent) await io.spent();
      return 'QUEUED';
  }
}

/** What the log says of a send: the attempts, and the failure's codes when it failed. */
const sendLog = (log: Record<string, unknown>, attempts: number, sent: Sent | undefined) =>
  sent?.kind === 'failed'
    ? {
        ...log,
        attempts,
        code: sent.failure.code,
        responseCode: sent.failure.responseCode,
        transient: sent.failure.transient,
      }
    : { ...log, attempts };

/**
 * What follows a recorded decision: logged, reported, and done with its outcome, or the same
 * email again after the next of `delays`.
 */
async function afterDecision<C extends MessageClaim>(
  { work, tries, sent, decision }: Step<MessageWork<C>, Recorded>,
  outcome: Outcome | 'again',
  io: MessageIo<C>,
): Promise<Outcome | Next<MessageWork<C>, Outcome>> {
  const failureLog = sendLog(io.log, work.attempts, sent);
  if (outcome === 'again' || decision.kind === 'again') {
    const pauseMs = io.delays[tries] ?? 0;
    logEvent('tryingAgain', { ...failureLog, retryInMs: pauseMs });
    return { kind: 'again', work: { claim: work.claim, attempts: work.attempts + 1 }, pauseMs };
  }
  const state = outcome === 'HELD' ? 'RETRY' : outcome;
  if (decision.kind === 'sent') logEvent('delivered', { ...io.log, state, attempts: work.attempts });
  else if (decision.kind === 'later') {
    logEvent('deferred', { ...failureLog, state, nextAttemptTime: new Date(decision.atMs).toISOString() });
  } else logEvent(decisionEvents[decision.kind], { ...failureLog, state });
  if (decision.kind === 'account') await io.accountDown(decision.failure);
  if (decision.kind === 'ended') await io.failed(decision.error);
  return outcome;
}

/** The log event of a failure that ends or holds a message. */
const decisionEvents = { quota: 'waitsForQuota', account: 'heldForAccount', ended: 'failed' } as const;

/**
 * The message's job for the runner (runner.ts). Take: the claim, or what the message came to
 * without one (skipped, held for the account, left in RETRY when the database was busy, ended
 * unsent, queued over a cap). Render: once. Send, decide, record through the claim's lease:
 * sent, with the server's answer; failed (refused for good, or out of attempts); tried again
 * within this invocation after each of `delays` when the failure is transient, then left in
 * RETRY for the sweep; held for the SMTP account; waiting for the account's sending quota. A
 * write the claim no longer covers stops here; one the database keeps refusing leaves the
 * message to its lease (the sweep takes it again, and an email already accepted goes under the
 * same Message-ID, so the inbox shows one).
 */
export function messageJob<C extends MessageClaim>(io: MessageIo<C>): Job<MessageWork<C>, Recorded, Outcome> {
  const { log } = io;
  // Rendered once per message: a quick try sends the same email again.
  let rendered: Rendered | undefined;
  const finish = async (outcome: Outcome): Promise<Next<MessageWork<C>, Outcome>> => {
    if (outcome === 'SUCCESS' && rendered) await io.delivered(rendered.warnings);
    if (outcome === 'QUEUED') await io.spent();
    return { kind: 'done', outcome };
  };
  return {
    async take() {
      const taken = await io.take();
      if (taken.kind === 'claimed') return { kind: 'taken', work: { claim: taken, attempts: taken.attempts } };
      return { kind: 'settled', outcome: await notTaken(taken, io) };
    },
    async render({ claim }) {
      rendered = await io.render(claim);
      return rendered.email;
    },
    context: ({ attempts, claim }, tries, nowMs) => ({
      attempts,
      quickRetryLeft: io.delays[tries] !== undefined,
      nowMs,
      unansweredBefore: claim.unansweredMs !== undefined,
    }),
    record({ claim, attempts }, decision, sent) {
      if (!rendered) throw new Error('a message is recorded before it was rendered');
      const unanswered = sent?.kind === 'failed' && sent.failure.unanswered;
      const step = { attempts, before: claim.attempts - 1, unansweredMs: unanswered ? io.now() : undefined };
      return io.record(claim, settle(decision, step, io.now()), rendered);
    },
    onRecordRetry: ({ attempts }, code) => logEvent('outcomeRetried', { ...log, attempts, code }),
    async after(step) {
      const { sent, recorded } = step;
      if (recorded === 'unrecorded') {
        logEvent(
          sent?.kind === 'sent' ? 'sentUnrecorded' : 'notSentUnrecorded',
          sendLog(log, step.work.attempts, sent),
        );
        return finish(sent?.kind === 'sent' ? 'SUCCESS' : 'SKIPPED');
      }
      if (recorded === 'stale') {
        logEvent('claimStale', log);
        return finish('SKIPPED');
      }
      const next = await afterDecision(step, recorded, io);
      return typeof next === 'string' ? finish(next) : next;
    },
  };
}
