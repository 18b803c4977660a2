import type { DocumentReference, DocumentSnapshot } from 'firebase-admin/firestore';
import { errorCodes, logEvent } from '../log.js';
import type { MailConfig } from '../config.js';
import { referenceFor } from '../contracts/contact-message.js';
import { markAccountDown, markAccountUp } from './account.js';
import { alertSink, markReported, pendingNotices, reportFailure, reportQuota, type AlertSink } from './alerts.js';
import { FieldValue } from 'firebase-admin/firestore';
import { contactPicture } from '../contracts/contact-message.js';
import { claimMail, type Claimed, type MessageFields } from './claim.js';
import { pictureFlag } from './digest.js';
import type { CarriedPicture } from './mail-document.js';
import { pictureDeadlineMs, readMailPicture, type PictureResult } from './picture.js';
import { mailCaps } from './caps.js';
import { dayKey } from './counters.js';
import { renderEmail } from './render-email.js';
import { expiryAfter } from './retention.js';
import { pause, quickRetryDelaysMs } from './retry-policy.js';
import { sendWithRetries, type SendOutcome } from './send.js';
import { threadWrites } from './threads.js';
import { getTransport, type MailTransport } from './transport.js';

// One Mail document → one email, in four steps: claim → render → send → record. The claim
// (claim.ts) takes the message for this invocation, counts it against the caps and checks
// the count; the email is rendered (render-email.ts), with the message's picture, if it came
// with one, read again and attached (picture.ts); the send step (send.ts) sends it and
// records the outcome through the claim's lease, with the thread's documents when it went.
// The configuration is turned into what each step uses once, at the top. A message that goes
// well costs four Firestore operations: the claim's read and commit, the caps' aggregation,
// the outcome.

export type Outcome = SendOutcome;

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
    ? { picture: picture.webp }
    : { picture: FieldValue.delete(), [pictureFlag]: false };
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
  /** This send is the sweep's try of a mail account that is down (account.ts): not held for it. */
  accountTry?: boolean;
  /** How long the picture's read may take (picture.ts, pictureDeadlineMs). */
  pictureDeadlineMs?: number;
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
  const now = options.now ?? Date.now;
  const caps = mailCaps(config.limits);
  const expiry = expiryAfter(config.retentionMonths);
  const transport = options.transport ?? getTransport(config.smtp);
  const render = { from: config.from, supportEmail: config.supportEmail };
  const log = { mailId: ref.id };
  const alert = alertSink(options.onAlert);
  const reportFailed = (error: string) =>
    reportFailure(
      ref.firestore,
      { kind: 'failed', mailId: ref.id, reference: referenceFor(ref.id), error },
      now(),
      alert,
    );
  const reportSpent = () =>
    reportQuota(ref.firestore, { kind: 'quota', day: dayKey(now()), limit: caps.perDay }, now(), alert);
  try {
    // Claim, within the caps.
    const taken = await claimMail(ref, { caps, expiry, accountTry: options.accountTry }, options.snapshot, {
      now,
      sleep: options.sleep,
      onRetry: options.onContention,
    });
    switch (taken.kind) {
      case 'skipped':
        logEvent('notClaimed', { ...log, reason: taken.reason });
        return 'SKIPPED';
      case 'held':
        logEvent('heldAtClaim', { ...log, state: 'RETRY', reason: taken.reason });
        return 'HELD';
      case 'deferred':
        if (!taken.recorded) return 'SKIPPED';
        logEvent('deferredUnclaimed', { ...log, state: 'RETRY', reason: 'not claimed' });
        return 'RETRY';
      case 'ended':
        logEvent('endedUnsent', { ...log, state: 'ERROR', reason: taken.reason });
        await reportFailed(taken.error);
        return 'ERROR';
      case 'queued':
        logEvent('queued', { ...log, state: 'QUEUED', reason: taken.reason });
        if (taken.spent) await reportSpent();
        return 'QUEUED';
    }

    // Render, with the picture read again: one that cannot be read (or not within the
    // deadline, or whose read took an earlier invocation down) is left out, and the email says
    // so; the message goes all the same.
    const carried = taken.mail.shape === 'fields' ? taken.mail.picture : undefined;
    const picture = carried ? await readCarried(carried, taken, options.pictureDeadlineMs) : undefined;
    if (picture && !picture.ok) logEvent('pictureLeftOut', { ...log, reason: picture.reason });
    // Once its email is sent (or refused for good), the message keeps only the picture as it
    // was attached (drawn again, no metadata), or none: never the bytes a writer sent.
    const keptPicture = carried ? cleanPicture(picture) : {};
    const notices = taken.noticesWait ? await pendingNotices(ref.firestore) : { ids: [], lines: [] };
    const source = { id: ref.id, projectId: options.projectId ?? process.env.GCLOUD_PROJECT };
    const email = renderEmail(taken.mail, render, source, { notices: notices.lines, thread: taken.thread, picture });

    // Send, and record (with SUCCESS, the thread's documents, so a later message joins it).
    const outcome = await sendWithRetries(email, {
      transport,
      record: (step) =>
        taken.lease.record(
          step,
          step.kind === 'sent' && email.messageId
            ? threadWrites(taken.threadRefs, taken.thread, { mailId: ref.id, messageId: email.messageId, nowMs: now() })
            : [],
          step.kind === 'sent' || step.kind === 'failed' ? keptPicture : {},
        ),
      onFailed: reportFailed,
      onAccountFailed: (failure) => markAccountDown(ref.firestore, failure, now(), alert),
      attempts: taken.attempts,
      delays: options.retryDelaysMs ?? quickRetryDelaysMs,
      now,
      sleep: options.sleep ?? pause,
      log,
    });
    if (outcome === 'SUCCESS') await markReported(ref.firestore, notices);
    if (outcome === 'QUEUED') await reportSpent();
    // The account was down and this try got past it (sent, or refused for the message alone).
    if (taken.accountDown && outcome !== 'HELD' && outcome !== 'SKIPPED') await markAccountUp(ref.firestore, now());
    return outcome;
  } catch (error) {
    logEvent('stopped', { ...log, ...errorCodes(error) });
    return 'SKIPPED';
  }
}
