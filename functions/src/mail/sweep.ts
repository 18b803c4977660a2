import {
  FieldPath,
  FieldValue,
  Timestamp,
  type Firestore,
  type Query,
  type QueryDocumentSnapshot,
} from 'firebase-admin/firestore';
import { logEvent } from '../log.js';
import type { MailConfig } from '../config.js';
import { markAccountUp, takeAccountTry } from './account.js';
import { checkAccount, type CheckKind, type CheckTransport } from './account-check.js';
import { alertSink, setStaleRetryAlert, staleRetryAfterMs, syncNoticeCount, type AlertSink } from './alerts.js';
import { deliverMail, type Outcome } from './deliver.js';
import { assessDelivery, isHeld } from './assess-delivery.js';
import { getTransport } from './transport.js';
import { sendDigest, type DigestReport } from './digest.js';
import { readMailPicture } from './picture.js';
import { contactPicture } from '../contracts/contact-message.js';
import { fieldsBesidesPicture, parsePicture, pictureDrawn, pictureFlag, pictureToClean } from './mail-document.js';
import { collections } from '../contracts/collections.js';

// The scheduled sweep: the trigger handles each message once when it is written; the sweep
// finds what needs another go and delivers it through the same claim (transaction and
// lease), so a message is never sent twice even when the sweep and the trigger meet:
//   - RETRY whose nextAttemptTime has come (a transient failure, backing off), oldest first;
//   - RETRY with nextAttemptTime null: an operator's retry (sent now, fresh attempt budget);
//   - PROCESSING whose lease has expired: the invocation sending it died;
//   - a message that still has no delivery 2 minutes after it was written: its event was lost.
// Each is found by a query of its own, ordered and read in pages, so none is missed however
// many messages there are: only RETRY documents have a nextAttemptTime and only PROCESSING
// ones a leaseExpireTime, and lost events are looked for once each, by a cursor on createdAt
// that the sweep keeps (`MailSweep/orphans`). The queries read every field but a message's
// picture (up to 640 KiB each: a page of 200 could be 128 MB); the claim reads each message
// whole. What one run cannot reach is still due in the next. Then it sends one digest of the messages queued over the caps (digest.ts), and keeps
// the alert for messages that have waited in RETRY for over an hour (alerts.ts).
// While the mail account is down (account.ts), the messages held for it are left alone, but
// when its next try is due: then a check of our own tries it (account-check.ts: a login, or a
// message to the sender's own mailbox; never a visitor's message), and once it got through,
// every held message is due again, oldest first.

/** A new message is an orphan when it still has no delivery this long after it was written. */
export const orphanAfterMs = 2 * 60_000;
/** Where the orphan search starts without a cursor (the first run, or one far off the clock). */
export const orphanWindowMs = 15 * 60_000;
/** The furthest back a cursor is followed: a sweep stopped for longer looks back this far. */
const orphanLookbackMs = 24 * 60 * 60_000;
/** The earliest time Firestore stores (0001-01-01): every RETRY's time is at or after it. */
const earliest = new Timestamp(-62_135_596_800, 0);
const orphanCursorId = 'orphans';

export type SweepOptions = {
  now?: number;
  /** Documents read per page of each query. */
  pageSize?: number;
  /** Most documents of each kind read in one sweep; the rest wait for the next. */
  limit?: number;
  /** Documents delivered at the same time. */
  concurrency?: number;
  /** No new claim after this long, so the sweep ends well within its time-out. */
  claimForMs?: number;
  /** Told of each alert besides the log (alerts.ts). */
  onAlert?: AlertSink;
  /** The SMTP transport for the try of a mail account that is down; the instance's pool when not given. */
  transport?: CheckTransport;
};

export type SweepReport = {
  found: number;
  /** Pictures drawn again without metadata (or dropped) this run (`cleanPictures`). */
  picturesCleaned: number;
  digest: DigestReport;
  staleRetries: number;
  /** What the mail account was to this sweep: up; down, not tried; down and tried (account.ts). */
  account: 'up' | 'wait' | 'try';
} & Record<Outcome, number>;

/** Every document a query finds, page after page in its order, up to `most`. */
async function readPages(query: Query, pageSize: number, most: number): Promise<QueryDocumentSnapshot[]> {
  const found: QueryDocumentSnapshot[] = [];
  for (;;) {
    const last = found.at(-1);
    const page = await (last ? query.startAfter(last) : query).limit(Math.min(pageSize, most - found.length)).get();
    found.push(...page.docs);
    if (page.size < pageSize || found.length >= most) return found;
  }
}

/**
 * Where the orphan search goes on from: after a written time (every message up to it looked
 * at), or at or after one message (its written time and id, in the search's order), so that
 * messages written at the same instant are never skipped where a page ended.
 */
type OrphanCursor = { createdAt: Timestamp; id?: string; at?: boolean };

/**
 * The messages written since the last search that still have no delivery 2 minutes on, and
 * the new cursor. Each message is looked at once, about 2 minutes after it was written.
 */
async function findOrphans(
  db: Firestore,
  now: number,
  pageSize: number,
  most: number,
): Promise<{ orphans: QueryDocumentSnapshot[]; save: (unhandled: QueryDocumentSnapshot[]) => Promise<void> }> {
  const cursorRef = db.collection(collections.mailSweep).doc(orphanCursorId);
  const saved = (await cursorRef.get()).data() as Partial<OrphanCursor> | undefined;
  const until = now - orphanAfterMs;
  const cursorMs = saved?.createdAt instanceof Timestamp ? saved.createdAt.toMillis() : undefined;
  const usable = cursorMs !== undefined && cursorMs <= until && cursorMs >= now - orphanLookbackMs;
  const from = usable && saved?.createdAt ? saved.createdAt : Timestamp.fromMillis(now - orphanWindowMs);
  const ordered = db
    .collection(collections.mail)
    .select(...fieldsBesidesPicture)
    .where('createdAt', '<=', Timestamp.fromMillis(until))
    .orderBy('createdAt')
    .orderBy(FieldPath.documentId());
  const query =
    usable && typeof saved?.id === 'string'
      ? saved.at === true
        ? ordered.startAt(from, saved.id)
        : ordered.startAfter(from, saved.id)
      : ordered.where('createdAt', '>', from);
  const scanned = await readPages(query, pageSize, most);
  const last = scanned.at(-1);
  const reached: OrphanCursor =
    scanned.length >= most && last
      ? { createdAt: last.get('createdAt') as Timestamp, id: last.id }
      : { createdAt: Timestamp.fromMillis(until) };
  return {
    orphans: scanned.filter((snapshot) => snapshot.get('delivery') === undefined),
    // The cursor stops at the first orphan this run could not get to.
    save: async (unhandled) => {
      const first = unhandled[0];
      const next: OrphanCursor = first
        ? { createdAt: first.get('createdAt') as Timestamp, id: first.id, at: true }
        : reached;
      await cursorRef.set(next);
    },
  };
}

/** Finds the messages due for another delivery and delivers each of them once. */
export async function sweepMail(db: Firestore, config: MailConfig, options: SweepOptions = {}): Promise<SweepReport> {
  const now = options.now ?? Date.now();
  // A test's simulated time stands still through the sweep; a real sweep reads the clock.
  const clock = options.now === undefined ? Date.now : () => now;
  const pageSize = options.pageSize ?? 200;
  const most = options.limit ?? 2_000;
  const mail = db.collection(collections.mail).select(...fieldsBesidesPicture);

  const [retrying, manual, abandoned, lost] = await Promise.all([
    // Every message in RETRY with a time, soonest first (also for the stale-RETRY alert).
    readPages(
      mail.where('delivery.nextAttemptTime', '>=', earliest).orderBy('delivery.nextAttemptTime'),
      pageSize,
      most,
    ),
    readPages(
      mail.where('delivery.state', '==', 'RETRY').where('delivery.nextAttemptTime', '==', null),
      pageSize,
      most,
    ),
    readPages(
      mail.where('delivery.leaseExpireTime', '<=', Timestamp.fromMillis(now)).orderBy('delivery.leaseExpireTime'),
      pageSize,
      most,
    ),
    findOrphans(db, now, pageSize, most),
  ]);
  const due = new Map<string, QueryDocumentSnapshot>();
  for (const snapshot of [...retrying, ...manual, ...abandoned]) {
    if (assessDelivery(snapshot.get('delivery'), now).take) due.set(snapshot.id, snapshot);
  }
  for (const snapshot of lost.orphans) due.set(snapshot.id, snapshot);

  const alert = alertSink(options.onAlert);
  const counts: Record<Outcome, number> = { SUCCESS: 0, ERROR: 0, RETRY: 0, QUEUED: 0, SKIPPED: 0, HELD: 0 };
  const ended = new Set<string>();
  const deliver = async (snapshot: QueryDocumentSnapshot) => {
    // One try each: a message still failing waits for a later sweep.
    const outcome = await deliverMail(snapshot.ref, config, {
      snapshot,
      retryDelaysMs: [],
      now: clock,
      onAlert: options.onAlert,
    });
    counts[outcome] += 1;
    if (outcome === 'SUCCESS' || outcome === 'ERROR') ended.add(snapshot.id);
    return outcome;
  };

  // The messages held for the mail account, oldest first, wait while it is down; when its try
  // is due, a check of our own tries it (account-check.ts), and if it went through they all go
  // in this run.
  const account = await takeAccountTry(db, now, alert);
  const accountUp =
    account.kind === 'up' || (account.kind === 'try' && (await tryAccount(db, config, account, clock(), options)));
  // The held go one after another, in the order they were written (one worker of their own);
  // everything else as before, side by side.
  const heldQueue = accountUp ? [...due.values()].filter((snapshot) => isHeld(snapshot.get('delivery'))) : [];
  const queue = [...due.values()].filter((snapshot) => !isHeld(snapshot.get('delivery')));
  const stopClaimingAt = Date.now() + (options.claimForMs ?? 40_000);
  const worker = (from: QueryDocumentSnapshot[]) => async () => {
    while (from.length > 0 && Date.now() < stopClaimingAt) {
      const snapshot = from.shift();
      if (!snapshot) break;
      await deliver(snapshot);
    }
  };
  const concurrency = Math.max(1, options.concurrency ?? 5);
  await Promise.all([
    worker(heldQueue)(),
    ...Array.from({ length: heldQueue.length > 0 ? Math.max(1, concurrency - 1) : concurrency }, () => worker(queue)()),
  ]);

  // Orphans handled now are not looked for again: the cursor moves on past them.
  const left = new Set([...queue, ...heldQueue].map((snapshot) => snapshot.id));
  await lost.save(lost.orphans.filter((snapshot) => left.has(snapshot.id)));

  // Messages written over an hour ago and still waiting in RETRY: the server keeps refusing.
  // (Those held for the mail account are its alert's, account.ts.)
  const stale = [...retrying, ...manual].filter((snapshot) => {
    if (ended.has(snapshot.id) || isHeld(snapshot.get('delivery'))) return false;
    const written: unknown = snapshot.get('createdAt');
    return (
      snapshot.get('delivery.state') === 'RETRY' &&
      written instanceof Timestamp &&
      written.toMillis() < now - staleRetryAfterMs
    );
  });
  const oldestWrittenMs = Math.min(...stale.map((snapshot) => (snapshot.get('createdAt') as Timestamp).toMillis()));
  await setStaleRetryAlert(
    db,
    stale.length > 0 ? { kind: 'stale-retry', waiting: stale.length, oldestWrittenMs } : undefined,
    now,
    alert,
  );

  const digest = await sendDigest(db, config, { now: clock, onAlert: options.onAlert });
  // The count of waiting notices that messages read with their caps, set right (alerts.ts).
  await syncNoticeCount(db, now).catch(() => undefined);
  const pictures = await cleanPictures(db, { nowMs: now }).catch(() => ({ cleaned: 0, dropped: 0, later: 0 }));
  const report: SweepReport = {
    found: due.size,
    ...counts,
    digest,
    staleRetries: stale.length,
    account: account.kind,
    picturesCleaned: pictures.cleaned + pictures.dropped,
  };
  if (report.found > 0 || digest.outcome !== 'NONE') logEvent('sweep', report);
  return report;
}

/**
 * The sweep's try of a mail account that is down: the check that proved it down (a login, or a
 * message of our own to the sender's mailbox), never a visitor's message. True once it went
 * through (the account is marked up).
 */
async function tryAccount(
  db: Firestore,
  config: MailConfig,
  { check }: { check: CheckKind },
  nowMs: number,
  options: SweepOptions,
): Promise<boolean> {
  const transport = options.transport ?? getTransport(config.smtp);
  const addresses = { from: config.from, to: config.supportEmail };
  const failure = await checkAccount(transport, addresses, check, nowMs, { fresh: true });
  if (failure) {
    logEvent('accountStillFails', { code: failure.code, responseCode: failure.responseCode });
    return false;
  }
  await markAccountUp(db, nowMs);
  return true;
}

/**
 * How long one sweep draws pictures again: one at a time (picture.ts draws one at a time per
 * instance), after the deliveries and the digest, so a sweep ends well within its minute.
 * Measured (tests/emulators/mail-picture-ends.test.ts prints it): see the README.
 */
export const pictureCleaningMs = 15_000;

/** When a picture not read for a reason that may pass is tried again. */
export const pictureRetryMs = 15 * 60_000;

export type CleanOptions = {
  nowMs: number;
  /** Most documents looked at in one run. */
  most?: number;
  /** How long this run may draw (the wall clock's). */
  forMs?: number;
  /** How long one read may take (picture.ts, pictureDeadlineMs). */
  deadlineMs?: number;
};

export type CleanReport = { cleaned: number; dropped: number; later: number };

/**
 * The pictures due to be drawn again (mail-document.ts, pictureToClean), oldest mark first:
 * each as the message's own email would attach it (a WebP without metadata), or dropped when
 * the bytes cannot be a picture. One not read for a reason that may pass (the deadline on a
 * busy instance, the library) keeps its bytes and is tried again later. One at a time, for
 * `forMs`; the rest wait for the next run.
 */
export async function cleanPictures(db: Firestore, options: CleanOptions): Promise<CleanReport> {
  const { nowMs, most = 500, forMs = pictureCleaningMs, deadlineMs } = options;
  const mail = db.collection(collections.mail);
  const [due, older] = await Promise.all([
    mail.where(pictureToClean, '<=', Timestamp.fromMillis(nowMs)).orderBy(pictureToClean).select().limit(most).get(),
    // Marks written before they were times.
    mail.where(pictureToClean, '==', true).select().limit(most).get(),
  ]);
  const report: CleanReport = { cleaned: 0, dropped: 0, later: 0 };
  const stopAt = Date.now() + forMs;
  for (const { ref } of [...older.docs, ...due.docs]) {
    if (Date.now() >= stopAt) break;
    const carried = parsePicture((await ref.get()).get(contactPicture.field));
    const picture = carried ? await readMailPicture(carried, deadlineMs) : undefined;
    if (picture?.ok && picture.webp.length <= contactPicture.maxBytes) {
      await ref.update({
        [contactPicture.field]: picture.webp,
        [pictureDrawn]: true,
        [pictureToClean]: FieldValue.delete(),
      });
      report.cleaned += 1;
    } else if (picture && !picture.ok && picture.mayPass) {
      await ref.update({ [pictureToClean]: Timestamp.fromMillis(nowMs + pictureRetryMs) });
      report.later += 1;
    } else {
      await ref.update({
        [contactPicture.field]: FieldValue.delete(),
        [pictureFlag]: false,
        [pictureDrawn]: FieldValue.delete(),
        [pictureToClean]: FieldValue.delete(),
      });
      report.dropped += 1;
    }
  }
  return report;
}
