// What happens when a member's Firebase Auth account is deleted (from the Account page, from
// the app, or by an operator): their documents and files are deleted in batches, the outcome
// is recorded without personal data, and one confirmation email goes to the deleted address.
// Safe to run again and again for the same member: every step deletes what is left and adds
// what it deleted to the record, so a run that stopped halfway (the trigger is retried) ends
// the job, and a finished job is not done twice.
import { createHash } from 'node:crypto';
import {
  FieldPath,
  FieldValue,
  Timestamp,
  type DocumentReference,
  type Firestore,
  type Query,
} from 'firebase-admin/firestore';
import { isPlainEmail } from '../contracts/contact-message.js';
import type { AlertSink } from '../email/alerts.js';
import { defaultPerDay } from '../email/budget.js';
import { emailPlatform } from '../email/platform.js';
import { sendOnce, type OnceOutcome, type OnceRecord } from '../email/send-once.js';
import type { MailTransport } from '../email/transport.js';
import { deletionConfirmation } from './confirmation-email.js';
import { forMember, memberData as defaultMemberData, type MemberData } from '../contracts/member-data.js';
import type { StorageCleaner } from '../member-files/buckets.js';
import { collections } from '../contracts/collections.js';

/**
 * How long a deletion record is kept (a TTL policy on `expireAt` deletes it then): the period
 * the Account page and the privacy policy state (web/src/config/account.ts,
 * deletionRecordYears; a test keeps the two equal).
 */
export const deletionRecordYears = 2;

/**
 * Confirmations sent per hour in all, on the support SMTP account: deletions are rare, and a
 * script that signs up and deletes accounts in bulk must not spend the account's quota.
 */
export const confirmationsPerHour = 50;

/**
 * The deleted account. `emailVerified`: Auth says its owner proved the address; only then is
 * a confirmation sent (anyone can sign up with a stranger's address and delete the account).
 */
export type DeletedMember = { uid: string; email?: string | undefined; emailVerified?: boolean | undefined };

export type CleanupDeps = {
  db: Firestore;
  /** The bucket's cleaner, or undefined where there is no Storage (the emulators here). */
  storage: StorageCleaner | undefined;
  /** Where the confirmation goes out (the support SMTP account), and whom it is from. */
  transport: MailTransport;
  from: string;
  /** The support address: a check of the SMTP account goes there, as every message does (email/smtp-account-check.ts). */
  supportEmail: string;
  /**
   * The SMTP account's emails per day (MAIL_LIMIT_PER_DAY, shared with the contact messages):
   * once spent, the confirmation waits (the run throws and is retried later); 0 for no cap.
   */
  perDay?: number;
  data?: MemberData;
  /** Pauses (a test's own); real ones when not given. */
  sleep?: (ms: number) => Promise<void>;
  /** Told of each alert besides the log (email/alerts.ts). */
  onAlert?: AlertSink;
  /** Documents read and deleted per query round. */
  batchSize?: number;
  now?: () => number;
};

/** The record of a deletion: when, which data (by path template) and how much. No personal data. */
export type DeletionRecord = {
  hashedId: string;
  state: 'RUNNING' | 'DONE';
  startedAt: Date;
  finishedAt?: Date;
  attempts: number;
  /** Deleted per place: `users/{UID}`, `posts.ownerId`, `storage:catches/{UID}/`. */
  removed: Record<string, number>;
  storage?: 'DELETED' | 'SKIPPED';
  /**
   * The confirmation's record (email/send-once.ts): its state SENT, FAILED (refused for good, or
   * met twice by no answer), CAPPED (over confirmationsPerHour); or, with nothing sent,
   * NO_ADDRESS (none, or not one plain address) or UNVERIFIED (never proved: no email).
   */
  confirmation?: OnceRecord | { state: 'NO_ADDRESS' | 'UNVERIFIED' };
  /** When the record is deleted (a TTL policy): deletionRecordYears after it began. */
  expireAt: Timestamp;
};

/** When a record begun at `startedMs` expires. */
export function deletionRecordExpiry(startedMs: number): Timestamp {
  const expiry = new Date(startedMs);
  expiry.setUTCFullYear(expiry.getUTCFullYear() + deletionRecordYears);
  return Timestamp.fromDate(expiry);
}

/** A one-way id for the record: the same member always gives the same one; it names no one. */
export function hashedId(uid: string): string {
  return createHash('sha256').update(`account-deletion:${uid}`).digest('hex');
}

/**
 * Starts (or counts one more try at) the deletion's record, in a transaction; resolves to the
 * record when an earlier run finished it already.
 */
async function startRecord(record: DocumentReference, id: string, nowMs: number): Promise<DeletionRecord | undefined> {
  return record.firestore.runTransaction(async (tx) => {
    const existing = (await tx.get(record)).data() as DeletionRecord | undefined;
    if (existing?.state === 'DONE') return existing;
    if (existing) tx.update(record, { attempts: FieldValue.increment(1) });
    else
      tx.create(record, {
        hashedId: id,
        state: 'RUNNING',
        startedAt: new Date(nowMs),
        attempts: 1,
        removed: {},
        expireAt: deletionRecordExpiry(nowMs),
      } satisfies DeletionRecord);
    return undefined;
  });
}

/** Deletes every document `query` finds (and everything under each), a page at a time, counting each page. */
async function deleteFound(query: Query, counted: (count: number) => Promise<void>): Promise<void> {
  const db = query.firestore;
  for (;;) {
    const page = await query.get();
    if (page.empty) return;
    const writer = db.bulkWriter();
    await Promise.all(page.docs.map((document) => db.recursiveDelete(document.ref, writer)));
    await writer.close();
    await counted(page.size);
  }
}

/** Deletes everything `member` left behind; resolves once the record says DONE. Throws to be retried. */
export async function cleanUpMember(member: DeletedMember, deps: CleanupDeps): Promise<DeletionRecord> {
  const { db } = deps;
  const data = deps.data ?? defaultMemberData;
  const batchSize = deps.batchSize ?? 200;
  const now = deps.now ?? Date.now;
  const id = hashedId(member.uid);
  const record = db.collection(collections.accountDeletions).doc(id);
  // Places hold '/', '{' and '.', so each is one segment of a FieldPath, not a dotted string.
  const add = async (place: string, count: number): Promise<void> => {
    await record.update(new FieldPath('removed', place), FieldValue.increment(count));
  };

  const done = await startRecord(record, id, now());
  if (done) return done;

  for (const template of data.documents) {
    const ref = db.doc(forMember(template, member.uid));
    const existed = (await ref.get()).exists;
    await db.recursiveDelete(ref);
    await add(template, existed ? 1 : 0);
  }

  for (const { collection, field } of data.queries) {
    await deleteFound(db.collection(collection).where(field, '==', member.uid).limit(batchSize), (count) =>
      add(`${collection}.${field}`, count),
    );
  }

  if (deps.storage) {
    for (const template of data.storagePrefixes) {
      await deps.storage.deletePrefix(forMember(template, member.uid), (count) => add(`storage:${template}`, count));
    }
    await record.update({ storage: 'DELETED' });
  } else {
    await record.update({ storage: 'SKIPPED' });
  }

  await confirm(member, deps, record, now);

  const finishedAt = new Date(now());
  await record.update({ state: 'DONE', finishedAt });
  return (await record.get()).data() as DeletionRecord;
}

/** Why a run stops when the confirmation is not sent for now: the trigger retries it (failurePolicy). */
const notNow: Partial<Record<OnceOutcome, string>> = {
  BUSY: 'Another run is sending the confirmation; trying again later',
  WAITING: 'The confirmation failed for now and its next try is not due yet; trying again later',
  HELD: 'The mail account is down; the confirmation is sent by a retried run once it works again',
  DAY_SPENT: "The day's emails are spent; the confirmation is sent when the retried run finds room",
  LATER: 'The deletion confirmation was not sent for now; the run is retried',
};

/**
 * Sends the confirmation once, to a verified address only, within confirmationsPerHour: a site
 * email (email/send-once.ts), whose record is the deletion record's `confirmation`. Not sent for
 * now (the SMTP account down, the day's emails spent, a failure for now, another run sending
 * it), the run throws and the retried run sends it; sent, refused for good, met twice by no
 * answer, or over the hour's budget, the deletion ends.
 */
async function confirm(
  member: DeletedMember,
  deps: CleanupDeps,
  record: DocumentReference,
  now: () => number,
): Promise<void> {
  const to = member.email;
  if (!to || !isPlainEmail(to)) {
    await record.update({ confirmation: { state: 'NO_ADDRESS' } });
    return;
  }
  if (member.emailVerified !== true) {
    await record.update({ confirmation: { state: 'UNVERIFIED' } });
    return;
  }
  const platform = emailPlatform(
    deps.db,
    { from: deps.from, supportEmail: deps.supportEmail, perDay: deps.perDay ?? defaultPerDay },
    { transport: deps.transport, now, sleep: deps.sleep, onAlert: deps.onAlert },
  );
  const outcome = await sendOnce(platform, {
    kind: 'deletion-confirmation',
    key: record.id,
    place: { ref: record, field: 'confirmation' },
    render: (repeatOf) => deletionConfirmation({ to, deletedAt: new Date(now()), ...(repeatOf ? { repeatOf } : {}) }),
    perHour: { counter: 'deletion-confirmations', cap: confirmationsPerHour },
    toOthers: true,
    sendAgain:
      "It cannot be sent again: the member's address went with their account (a deletion record keeps no personal data).",
  });
  const stop = notNow[outcome];
  if (stop) throw new Error(stop);
}
