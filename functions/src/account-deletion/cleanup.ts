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
import { logEvent } from '../log.js';
import { isPlainEmail } from '../contracts/contact-message.js';
import { defaultRateLimits, takeHourlyTicket } from '../mail/caps.js';
import { countEmail, hourlyCount } from '../mail/counters.js';
import { pause } from '../mail/retry-policy.js';
import type { Decision } from '../mail/decide.js';
import { markAccountDown } from '../mail/account.js';
import { heldNow } from '../mail/may-send.js';
import { mailRunIo } from '../mail/account-check.js';
import { alertSink } from '../mail/alerts.js';
import { runJob, type Job, type Take } from '../mail/pipeline.js';
import type { MailTransport } from '../mail/transport.js';
import { deletionConfirmation } from './confirmation-email.js';
import { forMember, memberData as defaultMemberData, type MemberData } from '../contracts/member-data.js';
import type { StorageCleaner } from '../member-files/buckets.js';
import { collections } from '../contracts/collections.js';

/** How long an invocation may take to send the confirmation before another one may try. */
export const confirmationLeaseMs = 10 * 60_000;

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
  /** The support address: a check of the mail account goes there, as every message does (mail/account-check.ts). */
  supportEmail: string;
  /**
   * The mail account's emails per day (MAIL_LIMIT_PER_DAY, shared with the contact messages):
   * once spent, the confirmation waits (the run throws and is retried later); 0 for no cap.
   */
  perDay?: number;
  data?: MemberData;
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
   * SENT; NO_ADDRESS (none, or not one plain address); UNVERIFIED (never proved: no email);
   * CAPPED (over confirmationsPerHour); FAILED (the server refused it for good).
   */
  confirmation?: 'SENDING' | 'SENT' | 'NO_ADDRESS' | 'UNVERIFIED' | 'CAPPED' | 'FAILED';
  confirmationLeaseUntil?: number;
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

/**
 * Sends the confirmation once, to a verified address only, within confirmationsPerHour: the
 * confirmation's job for the runner (mail/pipeline.ts). Take: a transaction takes a lease on
 * sending (another invocation of the same deletion waits it out), the day's emails and the
 * hour's cap are checked. Sent, SENT is recorded after the server accepted the email (tried
 * again if the database refuses: an email the server accepted is not sent again for a failed
 * write) and counted among the day's emails. One try per run: a transient failure (the quota
 * spent and the mail account out of reach too) gives the lease back and throws, so the retried
 * run sends it; a refusal for good is recorded as FAILED and the deletion ends, since retrying
 * for days would change nothing. While the mail account is down (mail/account.ts) it is held
 * like every other email: the run throws before any login, and a retried run sends it once the
 * sweep's check finds the account working again.
 */
async function confirm(
  member: DeletedMember,
  deps: CleanupDeps,
  record: DocumentReference,
  now: () => number,
): Promise<void> {
  const to = member.email;
  if (!to || !isPlainEmail(to)) {
    await record.update({ confirmation: 'NO_ADDRESS' });
    return;
  }
  if (member.emailVerified !== true) {
    await record.update({ confirmation: 'UNVERIFIED' });
    return;
  }
  const io = mailRunIo(deps.transport, { from: deps.from, to: deps.supportEmail }, { sleep: pause, now });
  await runJob(confirmationJob(to, deps, record, now), {
    ...io,
    // The recipient is the member's address, not the operator's: a refusal of it is this email's.
    checkAccount: (failure) => (failure.stage === 'recipient' ? Promise.resolve(undefined) : io.checkAccount(failure)),
  });
}

/** A confirmation being sent: its hourly ticket, given back when it does not go. */
type ConfirmationWork = { release: () => Promise<void> };

/**
 * The confirmation's take: a lease on sending it (another run of the same deletion waits it
 * out), once; the mail account up and the day's emails not spent, else it throws to be retried;
 * an hourly ticket, or CAPPED.
 */
async function takeConfirmation(
  deps: CleanupDeps,
  record: DocumentReference,
  now: () => number,
): Promise<Take<ConfirmationWork, void>> {
  const { db } = deps;
  const settled = { kind: 'settled', outcome: undefined } as const;
  const ended = ['SENT', 'NO_ADDRESS', 'UNVERIFIED', 'CAPPED', 'FAILED'];
  const mine = await db.runTransaction(async (tx) => {
    const current = (await tx.get(record)).data() as DeletionRecord | undefined;
    if (current?.confirmation && ended.includes(current.confirmation)) return false;
    if (current?.confirmation === 'SENDING' && (current.confirmationLeaseUntil ?? 0) > now()) {
      throw new Error('Another run is sending the confirmation; trying again later');
    }
    tx.update(record, { confirmation: 'SENDING', confirmationLeaseUntil: now() + confirmationLeaseMs });
    return true;
  });
  if (!mine) return settled;
  const giveBack = () =>
    record.update({ confirmation: FieldValue.delete(), confirmationLeaseUntil: FieldValue.delete() });
  const held = await heldNow(db, deps.perDay ?? defaultRateLimits.perDay, now());
  if (held === 'HELD') {
    await giveBack();
    logEvent('confirmationHeld', { record: record.id });
    throw new Error('The mail account is down; the confirmation is sent by a retried run once it works again');
  }
  if (held === 'DAY_SPENT') {
    await giveBack();
    throw new Error("The day's emails are spent; the confirmation is sent when the retried run finds room");
  }
  const ticket = await takeHourlyTicket(hourlyCount(db, 'deletion-confirmations', now()), confirmationsPerHour, {
    sleep: pause,
  });
  if (ticket.verdict === 'over') {
    logEvent('confirmationCapped', { record: record.id });
    await record.update({ confirmation: 'CAPPED', confirmationLeaseUntil: FieldValue.delete() });
    return settled;
  }
  return { kind: 'taken', work: { release: () => ticket.release() } };
}

function confirmationJob(
  to: string,
  deps: CleanupDeps,
  record: DocumentReference,
  now: () => number,
): Job<ConfirmationWork, void, void> {
  const { db } = deps;
  return {
    take: () => takeConfirmation(deps, record, now),
    render: () => deletionConfirmation({ from: deps.from, to, deletedAt: new Date(now()) }),
    context: (_work, _tries, nowMs) => ({ attempts: 1, quickRetryLeft: false, nowMs }),
    async record(_work, decision) {
      await record.update(confirmationAfter(decision));
    },
    async after({ work, sent, decision, recorded }) {
      if (sent?.kind === 'sent') {
        await countEmail(db, now()).catch(() => undefined);
        if (recorded === 'unrecorded') logEvent('confirmationUnrecorded', { record: record.id });
        return { kind: 'done', outcome: undefined };
      }
      await work.release();
      // Codes only: the server's reply may quote the address.
      const codes = { record: record.id, code: sent?.failure.code, responseCode: sent?.failure.responseCode };
      if (endsConfirmation(decision)) {
        logEvent('confirmationRefused', codes);
        return { kind: 'done', outcome: undefined };
      }
      // The account failed its check too: every email waits for it, this one with the others.
      if (decision.kind === 'account') await markAccountDown(db, decision.failure, now(), alertSink(undefined));
      logEvent('confirmationLater', codes);
      throw new Error(
        `The deletion confirmation was not sent for now (${String(sent?.failure.responseCode ?? sent?.failure.code)})`,
      );
    },
  };
}

/**
 * Whether a decision ends the confirmation unsent: the server refused it for good (the
 * member's address among the reasons: the check of the account went through, so the refusal
 * was this email's). A failure of the mail account holds it instead.
 */
function endsConfirmation(decision: Decision): boolean {
  return decision.kind === 'ended';
}

/** What the record says once the confirmation was sent, refused for good, or not sent for now. */
function confirmationAfter(decision: Decision): Partial<Record<keyof DeletionRecord, unknown>> {
  const lease = { confirmationLeaseUntil: FieldValue.delete() };
  if (decision.kind === 'sent') return { confirmation: 'SENT', ...lease };
  return { confirmation: endsConfirmation(decision) ? 'FAILED' : FieldValue.delete(), ...lease };
}
