import { asTheEmails, decide, heldFor, type DecideContext, type Decision, type Sent } from './decide.js';
import type { OutgoingEmail } from './outgoing-email.js';
import { classifySendError, recordRetryDelaysMs, type SendFailure } from './send-failures.js';
import type { MailTransport } from './transport.js';

// The one runner the functions' emails go through (a message's own, a digest and its halves,
// a site email: the weekly report, a deletion confirmation), top to bottom:
//
//   take → render → send → decide → record → after
//
// take: a transaction claims the work (or settles it: nothing to send); render: the email, once
// per piece of work (a quick try sends the same email again); send: one SMTP call, its reply
// mapped to one shape; decide: what that reply leads to (decide.ts, pure, the same for every
// kind); check: a failure that may be the SMTP account's is proven by a check of the account
// that carries nothing of the email (smtp-account-check.ts; the check's own email goes out by
// `sendEmail` below, outside any job), else decided again as the email's own;
// record: the decision written the kind's way, tried again while the database refuses
// (an email the server accepted is never sent again for a failed write); after: logs, alerts
// and counts, and what comes next: done, the same email again after a pause, or other parts
// (a refused digest's halves). What differs per kind is its job description (the contact
// pipeline's message-job.ts and digest.ts; send-once.ts for every site email).

/** What a job's take came to: work to send, or settled without an email. */
export type Take<W, O> = { kind: 'taken'; work: W } | { kind: 'settled'; outcome: O };

/** What follows a recorded send. */
export type Next<W, O> =
  | { kind: 'done'; outcome: O }
  /** The same email, sent again after `pauseMs` (a message's quick tries). */
  | { kind: 'again'; work: W; pauseMs: number }
  /** Other emails, each rendered and sent in turn (a refused digest's halves). */
  | { kind: 'parts'; works: readonly W[] };

/** One pass of the runner, as the job's `after` reads it. */
export type Step<W, R> = {
  work: W;
  /** How many times this email was sent before this pass. */
  tries: number;
  /** What the server said; undefined when the decision was known without sending (`known`). */
  sent: Sent | undefined;
  decision: Decision;
  /** What the job's record resolved to, or `unrecorded` once the database kept refusing. */
  recorded: R | 'unrecorded';
};

export type Job<W, R, O> = {
  take(): Promise<Take<W, O>>;
  render(work: W): OutgoingEmail | Promise<OutgoingEmail>;
  /**
   * A decision known without sending: the SMTP account failed or the quota was spent for an
   * earlier part, or the email's ticket under the day's budget (budget.ts) is over it.
   */
  known?(work: W): Decision | undefined | Promise<Decision | undefined>;
  /** What decide.ts needs of this send: attempts so far, whether a quick try is left after it. */
  context(work: W, tries: number, nowMs: number): DecideContext;
  /** Writes the decision the kind's way; a rejection is tried again (recordWithRetries). */
  record(work: W, decision: Decision, sent: Sent | undefined): Promise<R>;
  after(step: Step<W, R>): Promise<Next<W, O>>;
  /** Hears of each refusal to record (codes only). */
  onRecordRetry?(work: W, code: unknown): void;
};

/** What the runner does its I/O with. */
export type RunIo = {
  transport: MailTransport;
  sleep: (ms: number) => Promise<void>;
  now: () => number;
  /**
   * Checks the SMTP account after a failure that may be its own (smtp-account-check.ts): resolves
   * to the check's failure when the account fails it too, undefined when it went through.
   */
  checkAccount: (failure: SendFailure) => Promise<SendFailure | undefined>;
};

/** What a state write found: the claim still current (written), or taken by a later one. */
export type RecordResult = 'written' | 'stale';

/**
 * Runs a job to its end and resolves to its outcome: the settled take's, or the last `done`'s
 * (a digest's halves each end in one; the job keeps what they add up to).
 */
export async function runJob<W, R, O>(job: Job<W, R, O>, io: RunIo): Promise<O> {
  const taken = await job.take();
  if (taken.kind === 'settled') return taken.outcome;
  const queue: Array<{ work: W; tries: number; email?: OutgoingEmail }> = [{ work: taken.work, tries: 0 }];
  let outcome: { value: O } | undefined;
  for (let item = queue.shift(); item; item = queue.shift()) {
    const { work, tries } = item;
    let email = item.email;
    let sent: Sent | undefined;
    let decision = await job.known?.(work);
    if (!decision) {
      email ??= await job.render(work);
      sent = await sendEmail(io.transport, email);
      decision = await decideProven(sent, job.context(work, tries, io.now()), io);
    }
    const known = decision;
    const recorded = await recordWithRetries(() => job.record(work, known, sent), {
      sleep: io.sleep,
      onRetry: (code) => job.onRecordRetry?.(work, code),
    });
    const next = await job.after({ work, tries, sent, decision, recorded });
    switch (next.kind) {
      case 'done':
        outcome = { value: next.outcome };
        break;
      case 'again':
        await io.sleep(next.pauseMs);
        queue.unshift({ work: next.work, tries: tries + 1, email });
        break;
      case 'parts':
        queue.unshift(...next.works.map((part) => ({ work: part, tries: 0 })));
    }
  }
  if (!outcome) throw new Error('a mail job ended without an outcome');
  return outcome.value;
}

/**
 * What a send leads to (decide.ts); a failure that may be the SMTP account's is proven by a
 * check of the account first, and decided again as the email's own when the check goes through.
 */
async function decideProven(sent: Sent, context: DecideContext, io: RunIo): Promise<Decision> {
  const decision = decide(sent, context);
  if (decision.kind !== 'account' || sent.kind !== 'failed') return decision;
  const proof = await io.checkAccount(decision.failure);
  return proof
    ? { kind: 'account', failure: proof, error: heldFor(proof) }
    : decide({ kind: 'failed', failure: asTheEmails(sent.failure) }, context);
}

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
