import type { DocumentReference, DocumentSnapshot } from 'firebase-admin/firestore';
import { errorCodes, logEvent } from '../log.js';
import type { MailConfig } from '../config.js';
import { referenceFor } from '../contracts/contact-message.js';
import { markAccountDown } from './account.js';
import { proveAccountFailure } from './account-check.js';
import {
  alertSink,
  markReported,
  pendingNotices,
  reportFailure,
  reportQuota,
  type AlertSink,
  type Notices,
} from './alerts.js';
import { FieldValue } from 'firebase-admin/firestore';
import { contactPicture } from '../contracts/contact-message.js';
import { claimMail, type Claim, type Claimed, type MessageFields } from './claim.js';
import type { Decision } from './decide.js';
import type { DeliveryState, SendRecord } from './delivery.js';
import { pictureDrawn, pictureFlag, pictureToClean, type CarriedPicture } from './mail-document.js';
import { pictureDeadlineMs, readMailPicture, type PictureResult } from './picture.js';
import { mailCaps } from './caps.js';
import { dayKey } from './counters.js';
import { mayBeARepeat, renderEmail, type OutgoingEmail } from './render-email.js';
import { readKnownProblems } from './known-problems.js';
import { runJob, type Job, type Next, type RecordResult } from './pipeline.js';
import { expiryAfter } from './retention.js';
import { pause, quickRetryDelaysMs, type SendFailure } from './retry-policy.js';
import { threadWrites } from './threads.js';
import { getTransport, type MailTransport } from './transport.js';

// One Mail document → one email: the message's job for the pipeline's runner (pipeline.ts:
// take → render → send → decide → record). Take is the claim (claim.ts), which takes the
// message for this invocation, counts it against the caps and checks the count; render reads
// the message's picture again, if it came with one, and attaches it (picture.ts,
// render-email.ts); the record goes through the claim's lease, with the thread's documents when
// it went. The configuration is turned into what each step uses once, in deliverMail. A
// message that goes well costs four Firestore operations: the claim's read and commit, the
// caps' aggregation, the outcome.

/** Why a picture is left out when reading it took an earlier invocation down. */
export const stoppedReading =
  'was not read again: reading it did not end on an earlier try of this message (the function stopped, perhaps out of memory)';

/**
 * A message's picture, read within the deadline; not read at all when an earlier claim's read
 * never ended (claim.ts, pictureStopped). Before a decode, the claim records that it starts one.
 */
async function readCarried(
  carried: CarriedPicture,
  taken: Claimed,
  deadlineMs = pictureDeadlineMs,
): Promise<PictureResult> {
  if (carried.kind !== 'bytes') return readMailPicture(carried);
  if (taken.pictureStopped) return { ok: false, reason: stoppedReading };
  // Best effort: without the mark the message is still sent; only a later crash would read again.
  await taken.lease.markPictureTried().catch(() => undefined);
  return readMailPicture(carried, deadlineMs);
}

/** The picture field once the message is done with: the attached copy, or none (too large to keep, or left out). */
function cleanPicture(picture: PictureResult | undefined): MessageFields {
  return picture?.ok && picture.webp.length <= contactPicture.maxBytes
    ? { picture: picture.webp, [pictureDrawn]: true, [pictureToClean]: FieldValue.delete() }
    : { picture: FieldValue.delete(), [pictureFlag]: false, [pictureToClean]: FieldValue.delete() };
}

export type DeliverOptions = {
  /** The document as the event (or the sweep's query) carried it: saves a read. */
  snapshot?: DocumentSnapshot;
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
  /** How long the picture's read may take (picture.ts, pictureDeadlineMs). */
  pictureDeadlineMs?: number;
};

/**
 * What became of a message: its delivery state once ended or waiting; HELD (RETRY, waiting for
 * the mail account: account.ts); or SKIPPED (not this invocation's to record).
 */
export type Outcome = Exclude<DeliveryState, 'PROCESSING'> | 'HELD' | 'SKIPPED';

/** What the message job needs of its claim (claim.ts's `Claimed`; a unit test's own). */
export type MessageClaim = { kind: 'claimed'; attempts: number; unansweredMs?: number };

/** A claimed message on its way: its claim, and its attempts so far (this try's included). */
export type MessageWork<C extends MessageClaim> = { claim: C; attempts: number };

/** A message's email, and what goes with it: the picture it keeps once sent, the notices it carries. */
export type Rendered = { email: OutgoingEmail; keptPicture: MessageFields; notices: Notices };

/** The message job's I/O: deliverMail passes the database's, a unit test its own. */
export type MessageIo<C extends MessageClaim> = {
  /** The claim (claim.ts): the message taken within the caps, or what it came to instead. */
  take(): Promise<C | Exclude<Claim, Claimed>>;
  render(claim: C): Promise<Rendered>;
  /** Records a step through the claim's lease, with what goes with it. */
  record(claim: C, step: SendRecord, rendered: Rendered): Promise<RecordResult>;
  /** Pauses between the quick tries within this invocation; [] for a single try. */
  delays: readonly number[];
  now: () => number;
  log: Record<string, unknown>;
  /** The message ended in ERROR (reported as an alert). */
  failed(error: string): Promise<void>;
  /** The day's emails are spent (reported once a day). */
  spent(): Promise<void>;
  /** The mail account failed, and so did a check of it: every message waits for it (account.ts). */
  accountDown(failure: SendFailure): Promise<void>;

  /** The email went, with these notices. */
  delivered(notices: Notices): Promise<void>;
};

/**
 * A decision (decide.ts) as a claimed message records it: held for the mail account with the
 * attempts it had before this claim (`before`); the next quick try recorded (renewing the
 * lease) before its pause; deferred or held after a send that met no answer, with when
 * (`unansweredMs`), so its next email says it may be a repeat.
 */
function messageRecord(
  decision: Decision,
  attempts: number,
  before: number,
  nowMs: number,
  unansweredMs?: number,
): SendRecord {
  const unanswered = unansweredMs === undefined ? {} : { unansweredMs };
  switch (decision.kind) {
    case 'sent':
      return { kind: 'sent', attempts, info: decision.info };
    case 'quota':
      return { kind: 'quota' };
    case 'account':
      return { kind: 'held', attempts: before, error: decision.error, ...unanswered };
    case 'again':
      return { kind: 'again', attempts: attempts + 1, error: decision.error, nowMs };
    case 'later':
      return { kind: 'deferred', attempts, error: decision.error, nextAttemptMs: decision.atMs, ...unanswered };
    case 'ended':
      return { kind: 'failed', attempts, error: decision.error };
  }
}

/**
 * The message's job for the runner (pipeline.ts). Take: the claim, or what the message came to
 * without one (skipped, held for the account, deferred, ended unsent, queued over a cap).
 * Render: once. Send, decide, record through the claim's lease: sent, with the server's answer;
 * failed (refused for good, or out of attempts); tried again within this invocation after each
 * of `delays` when the failure is transient, then deferred to the sweep; held for the mail
 * account; waiting for the account's sending quota. A write the claim no longer covers stops
 * here; one the database keeps refusing leaves the message to its lease (the sweep takes it
 * again, and an email already accepted goes under the same Message-ID, so the inbox shows one).
 */
export function messageJob<C extends MessageClaim>(io: MessageIo<C>): Job<MessageWork<C>, RecordResult, Outcome> {
  const { log } = io;
  // Rendered once per message: a quick try sends the same email again.
  let rendered: Rendered | undefined;
  const finish = async (outcome: Outcome): Promise<Next<MessageWork<C>, Outcome>> => {
    if (outcome === 'SUCCESS' && rendered) await io.delivered(rendered.notices);
    if (outcome === 'QUEUED') await io.spent();
    return { kind: 'done', outcome };
  };
  return {
    async take() {
      const taken = await io.take();
      const settled = (outcome: Outcome) => ({ kind: 'settled' as const, outcome });
      switch (taken.kind) {
        case 'claimed':
          return { kind: 'taken', work: { claim: taken, attempts: taken.attempts } };
        case 'skipped':
          logEvent('notClaimed', { ...log, reason: taken.reason });
          return settled('SKIPPED');
        case 'held':
          logEvent('heldAtClaim', { ...log, state: 'RETRY', reason: taken.reason });
          return settled('HELD');
        case 'deferred':
          if (!taken.recorded) return settled('SKIPPED');
          logEvent('deferredUnclaimed', { ...log, state: 'RETRY', reason: 'not claimed' });
          return settled('RETRY');
        case 'ended':
          logEvent('endedUnsent', { ...log, state: 'ERROR', reason: taken.reason });
          await io.failed(taken.error);
          return settled('ERROR');
        case 'queued':
          logEvent('queued', { ...log, state: 'QUEUED', reason: taken.reason });
          if (taken.spent) await io.spent();
          return settled('QUEUED');
      }
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
      const nowMs = io.now();
      const unansweredMs = sent?.kind === 'failed' && sent.failure.unanswered ? nowMs : undefined;
      return io.record(claim, messageRecord(decision, attempts, claim.attempts - 1, nowMs, unansweredMs), rendered);
    },
    onRecordRetry: ({ attempts }, code) => logEvent('outcomeRetried', { ...log, attempts, code }),
    async after({ work, tries, sent, decision, recorded }) {
      const { claim, attempts } = work;
      const failureLog =
        sent?.kind === 'failed'
          ? {
              ...log,
              attempts,
              code: sent.failure.code,
              responseCode: sent.failure.responseCode,
              transient: sent.failure.transient,
            }
          : { ...log, attempts };
      if (recorded === 'unrecorded') {
        logEvent(sent?.kind === 'sent' ? 'sentUnrecorded' : 'notSentUnrecorded', failureLog);
        return finish(sent?.kind === 'sent' ? 'SUCCESS' : 'SKIPPED');
      }
      if (recorded === 'stale') {
        logEvent('claimStale', log);
        return finish('SKIPPED');
      }
      switch (decision.kind) {
        case 'sent':
          logEvent('delivered', { ...log, state: 'SUCCESS', attempts });
          return finish('SUCCESS');
        case 'quota':
          logEvent('waitsForQuota', { ...failureLog, state: 'QUEUED' });
          return finish('QUEUED');
        case 'account':
          logEvent('heldForAccount', { ...failureLog, state: 'RETRY' });
          await io.accountDown(decision.failure);
          return finish('HELD');
        case 'ended':
          logEvent('failed', { ...failureLog, state: 'ERROR' });
          await io.failed(decision.error);
          return finish('ERROR');
        case 'later':
          logEvent('deferred', {
            ...failureLog,
            state: 'RETRY',
            nextAttemptTime: new Date(decision.atMs).toISOString(),
          });
          return finish('RETRY');
        case 'again': {
          const pauseMs = io.delays[tries] ?? 0;
          logEvent('tryingAgain', { ...failureLog, retryInMs: pauseMs });
          return { kind: 'again', work: { claim, attempts: attempts + 1 }, pauseMs };
        }
      }
    },
  };
}

/**
 * Sends the email for one `Mail` document and records the outcome on it: the message's job
 * run by the pipeline, with the database, the SMTP transport and the clock. Never throws: a
 * failure it cannot record is logged, and the sweep finds the document again later.
 */
export async function deliverMail(
  ref: DocumentReference,
  config: MailConfig,
  options: DeliverOptions = {},
): Promise<Outcome> {
  const now = options.now ?? Date.now;
  const caps = mailCaps(config.limits);
  const expiry = expiryAfter(config.retentionMonths);
  const transport = options.transport ?? getTransport(config.smtp);
  const log = { mailId: ref.id };
  const alert = alertSink(options.onAlert);
  const db = ref.firestore;
  const job = messageJob<Claimed>({
    // Claim, within the caps.
    take: () =>
      claimMail(ref, { caps, expiry }, options.snapshot, {
        now,
        sleep: options.sleep,
        onRetry: options.onContention,
      }),
    // Render, with the picture read again: one that cannot be read (or not within the
    // deadline, or whose read took an earlier invocation down) is left out, and the email says
    // so; the message goes all the same. Once its email is sent (or refused for good), the
    // message keeps only the picture as it was attached (drawn again, no metadata), or none:
    // never the bytes a writer sent.
    async render(taken) {
      const carried = taken.mail.shape === 'fields' ? taken.mail.picture : undefined;
      const picture = carried ? await readCarried(carried, taken, options.pictureDeadlineMs) : undefined;
      if (picture && !picture.ok) logEvent('pictureLeftOut', { ...log, reason: picture.reason });
      const notices = taken.noticesWait ? await pendingNotices(db) : { ids: [], lines: [] };
      // The known problem the message names, read: its email says so first and joins its thread.
      const named = taken.mail.shape === 'fields' ? taken.mail.message.notice : undefined;
      const writtenMs = taken.mail.shape === 'fields' ? taken.mail.writtenMs : undefined;
      const knownProblem = named ? (await readKnownProblems(db, [{ id: named, writtenMs }])).get(named) : undefined;
      const source = { id: ref.id, projectId: options.projectId ?? process.env.GCLOUD_PROJECT };
      // A send that met no answer may have reached the team: this email says so first.
      const repeat = taken.unansweredMs === undefined ? [] : [mayBeARepeat(taken.unansweredMs)];
      const email = renderEmail(taken.mail, { from: config.from, supportEmail: config.supportEmail }, source, {
        notices: [...repeat, ...notices.lines],
        thread: taken.thread,
        picture,
        ...(knownProblem ? { knownProblem } : {}),
      });
      return { email, keptPicture: carried ? cleanPicture(picture) : {}, notices };
    },
    // With SUCCESS, the thread's documents, so a later message joins it.
    record: (taken, step, { email, keptPicture }) =>
      taken.lease.record(
        step,
        step.kind === 'sent' && email.messageId
          ? threadWrites(taken.threadRefs, taken.thread, { mailId: ref.id, messageId: email.messageId, nowMs: now() })
          : [],
        step.kind === 'sent' || step.kind === 'failed' ? keptPicture : {},
      ),
    delays: options.retryDelaysMs ?? quickRetryDelaysMs,
    now,
    log,
    failed: (error) =>
      reportFailure(db, { kind: 'failed', mailId: ref.id, reference: referenceFor(ref.id), error }, now(), alert),
    spent: () => reportQuota(db, { kind: 'quota', day: dayKey(now()), limit: caps.perDay }, now(), alert),
    accountDown: (failure) => markAccountDown(db, failure, now(), alert),
    delivered: (notices) => markReported(db, notices),
  });
  try {
    return await runJob(job, {
      transport,
      sleep: options.sleep ?? pause,
      now,
      checkAccount: (failure) =>
        proveAccountFailure(transport, { from: config.from, to: config.supportEmail }, failure, now()),
    });
  } catch (error) {
    logEvent('stopped', { ...log, ...errorCodes(error) });
    return 'SKIPPED';
  }
}
