import type { DocumentReference, DocumentSnapshot } from 'firebase-admin/firestore';
import { FieldValue } from 'firebase-admin/firestore';
import { errorCodes, logEvent } from '../log.js';
import { platformSettings, type MailConfig } from '../config.js';
import { contactPicture, referenceFor } from '../contracts/contact-message.js';
import { markAccountDown } from '../email/smtp-account.js';
import {
  alertSink,
  markReported,
  pendingWarnings,
  reportFailure,
  reportQuota,
  type AlertSink,
} from '../email/alerts.js';
import type { LeasedMessage } from './caps-check.js';
import { mailCaps } from './caps.js';
import { readKnownProblems } from './known-problems.js';
import type { MessageFields } from './lease.js';
import { pictureDrawn, pictureFlag, pictureToClean, type CarriedPicture } from './mail-document.js';
import { messageJob, type MessageIo, type Outcome, type Rendered } from './message-job.js';
import { pictureDeadlineMs, readMailPicture, type PictureResult } from './picture.js';
import { runJob } from '../email/runner.js';
import { mayBeARepeat } from '../email/outgoing-email.js';
import { renderEmail } from './render-email.js';
import { expiryAfter } from './retention.js';
import { quickRetryDelaysMs } from '../email/send-failures.js';
import { claimMail } from './take-message.js';
import { threadWrites } from './threads.js';
import { emailPlatform, runIo } from '../email/platform.js';
import type { MailTransport } from '../email/transport.js';

export type { Outcome };

// One Mail document → one email: the message's job (message-job.ts) for the pipeline's runner
// (runner.ts: take → render → send → decide → record), given its I/O here, the configuration
// turned once into what each step uses. Take is the claim (take-message.ts: the claim, the caps'
// check of its count); render reads the message's picture again, if it came with one, and
// attaches it (picture.ts, render-email.ts); the record goes through the claim's lease
// (lease.ts), with the thread's documents when it went. A message that goes well costs four
// Firestore operations: the claim's read and commit, the caps' aggregation, the outcome.

/** Why a picture is left out when reading it took an earlier invocation down. */
export const stoppedReading =
  'was not read again: reading it did not end on an earlier try of this message (the function stopped, perhaps out of memory)';

/**
 * A message's picture, read within the deadline; not read at all when an earlier claim's read
 * never ended (claim.ts, pictureStopped). Before a decode, the claim records that it starts one.
 */
async function readCarried(
  carried: CarriedPicture,
  taken: LeasedMessage,
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
 * The message's email: the picture read again (one that cannot be read, or not within the
 * deadline, or whose read took an earlier invocation down, is left out, and the email says so;
 * the message goes all the same), the delivery warnings that wait, the known problem it names, a
 * line when an earlier send may have reached the team. Once its email is sent (or refused for
 * good), the message keeps only the picture as it was attached (drawn again, no metadata), or
 * none: never the bytes a writer sent.
 */
async function renderMessage(
  taken: LeasedMessage,
  config: MailConfig,
  source: { id: string; projectId?: string },
  pictureDeadline?: number,
): Promise<Rendered> {
  const db = taken.ref.firestore;
  const fields = taken.mail.shape === 'fields' ? taken.mail : undefined;
  const carried = fields?.picture;
  const picture = carried ? await readCarried(carried, taken, pictureDeadline) : undefined;
  if (picture && !picture.ok) logEvent('pictureLeftOut', { mailId: source.id, reason: picture.reason });
  const warnings = taken.warningsWait ? await pendingWarnings(db) : { ids: [], lines: [] };
  // The known problem the message names, read: its email says so first and joins its thread.
  const named = fields?.message.notice;
  const knownProblem = named
    ? (await readKnownProblems(db, [{ id: named, writtenMs: fields.writtenMs }])).get(named)
    : undefined;
  // A send that met no answer may have reached the team: this email says so first.
  const repeat = taken.unansweredMs === undefined ? [] : [mayBeARepeat(taken.unansweredMs)];
  const email = renderEmail(taken.mail, { from: config.from, supportEmail: config.supportEmail }, source, {
    warnings: [...repeat, ...warnings.lines],
    thread: taken.thread,
    picture,
    ...(knownProblem ? { knownProblem } : {}),
  });
  return { email, keptPicture: carried ? cleanPicture(picture) : {}, warnings };
}

/** The message job's I/O with the database, the clock and the alerts, from the configuration. */
function messageIo(ref: DocumentReference, config: MailConfig, options: DeliverOptions): MessageIo<LeasedMessage> {
  const now = options.now ?? Date.now;
  const caps = mailCaps(config.limits);
  const alert = alertSink(options.onAlert);
  const db = ref.firestore;
  const source = { id: ref.id, projectId: options.projectId ?? process.env.GCLOUD_PROJECT };
  return {
    take: () =>
      claimMail(ref, { caps, expiry: expiryAfter(config.retentionMonths) }, options.snapshot, {
        now,
        sleep: options.sleep,
        onRetry: options.onContention,
      }),
    render: (taken) => renderMessage(taken, config, source, options.pictureDeadlineMs),
    // With SUCCESS, the thread's documents, so a later message joins it.
    record: (taken, settled, { email, keptPicture }) =>
      taken.lease.record(settled, {
        sentWith: email.messageId
          ? threadWrites(taken.threadRefs, taken.thread, { mailId: ref.id, messageId: email.messageId, nowMs: now() })
          : [],
        ends: keptPicture,
      }),
    delays: options.retryDelaysMs ?? quickRetryDelaysMs,
    now,
    log: { mailId: ref.id },
    failed: (error) =>
      reportFailure(db, { kind: 'failed', mailId: ref.id, reference: referenceFor(ref.id), error }, now(), alert),
    spent: () => reportQuota(db, caps.perDay, now(), alert),
    accountDown: (failure) => markAccountDown(db, failure, now(), alert),
    delivered: (warnings) => markReported(db, warnings),
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
  try {
    const platform = emailPlatform(ref.firestore, platformSettings(config), options);
    return await runJob(messageJob(messageIo(ref, config, options)), runIo(platform));
  } catch (error) {
    logEvent('stopped', { mailId: ref.id, ...errorCodes(error) });
    return 'SKIPPED';
  }
}
