import { createHash } from 'node:crypto';
import {
  AggregateField,
  FieldValue,
  type CollectionReference,
  type DocumentReference,
  type Firestore,
} from 'firebase-admin/firestore';
import { collections } from '../contracts/collections.js';

// The counts the caps are checked by (caps.ts), their keys and their reads and writes; every
// counter document carries `expireAt` for a Firestore TTL policy.
// - Per sender and clock hour: `MailLimits/sender_{hour}_{sha256}` (caps.ts, senderSlot).
// - Per UTC day, sharded, with no document every email must write in a transaction (one such
//   document made a burst of 200 parallel invocations fail 199 times with ABORTED):
//   `MailLimits/mail_{day}/MailLimitShards/{n}`, `globalShards` documents with a field `day`
//   (every email of the day: alone, digests, deletion confirmations), one per hour (`h07`:
//   emails of one message each in that hour) and `notices` (the delivery warnings that wait: alerts.ts). An email counts
//   itself with `FieldValue.increment(1)` on one shard chosen at random (a write, never a
//   read, so counts do not contend), and the caps sum the shards with one aggregation query.
// - Per clock hour for a budget of its own (the deletion confirmations'), sharded the same way:
//   `MailLimits/{counter}_{hour}/MailLimitShards/{n}`, field `count` (budget.ts, hourCount).

/**
 * Shards of the global count. Firestore sustains about one write per second per document;
 * increments on 16 shards take a burst of hundreds of messages and well over the caps'
 * sustained rate.
 */
export const globalShards = 16;

/** The clock hour (UTC) a moment falls in, as used in the counter ids: `2025-06-01T10`. */
export function hourKey(nowMs: number): string {
  return new Date(nowMs).toISOString().slice(0, 13);
}

/** When a counter of the hour of `nowMs` may be deleted: a day after that hour ends. */
export function counterExpiry(nowMs: number): Date {
  const hourStart = Date.parse(`${hourKey(nowMs)}:00:00.000Z`);
  return new Date(hourStart + 25 * 60 * 60_000);
}

/** A sender's key: SHA-256 of the lower-cased address, so no address appears in an id. */
export function senderKey(address: string): string {
  return createHash('sha256').update(address.trim().toLowerCase()).digest('hex');
}

/** The UTC day a moment falls in, as used in the day counter's id: `2025-06-01`. */
export function dayKey(nowMs: number): string {
  return new Date(nowMs).toISOString().slice(0, 10);
}

/** The start of the UTC day after the one `nowMs` falls in. */
export function nextDayMs(nowMs: number): number {
  return Date.parse(`${dayKey(nowMs)}T00:00:00.000Z`) + 24 * 60 * 60_000;
}

/** The field of a day shard that counts the emails alone of the hour of `nowMs`: `h07`. */
export function hourField(nowMs: number): string {
  return `h${new Date(nowMs).toISOString().slice(11, 13)}`;
}

/** The shards of the day's count (see the top of this file). */
export function dayShards(db: Firestore, nowMs: number): CollectionReference {
  return db
    .collection(collections.mailLimits)
    .doc(`mail_${dayKey(nowMs)}`)
    .collection(collections.mailLimitShards);
}

/**
 * Counts one email of the day (and, `alone`, of its hour) on a shard chosen at random: the
 * write for a transaction or batch to make, and the one that gives the count back.
 */
export function emailCount(
  db: Firestore,
  nowMs: number,
  alone: boolean,
  random: () => number = Math.random,
): { ref: DocumentReference; data: Record<string, unknown>; undo: Record<string, unknown> } {
  const ref = dayShards(db, nowMs).doc(String(Math.floor(random() * globalShards)));
  const change = (by: number) =>
    shardFields({ day: FieldValue.increment(by), ...(alone ? { [hourField(nowMs)]: FieldValue.increment(by) } : {}) });
  return { ref, data: { ...change(1), expireAt: dayCounterExpiry(nowMs) }, undo: change(-1) };
}

/** Every counting field of a day shard: the day, each hour, the waiting delivery warnings (`notices`). */
const countingFields = [
  'day',
  'notices',
  ...Array.from({ length: 24 }, (_, hour) => `h${String(hour).padStart(2, '0')}`),
];

/**
 * A write to a day shard that holds every counting field, those not changed as `+0`: an
 * aggregation query with several sums counts only the documents that have every field summed,
 * so a shard without this hour's field would drop out of the day's sum too.
 */
export function shardFields(changes: Record<string, unknown>): Record<string, unknown> {
  return {
    ...Object.fromEntries(countingFields.map((field) => [field, FieldValue.increment(0)])),
    ...changes,
  };
}

/** When a day's counter may be deleted: a day after that day ends. */
export function dayCounterExpiry(nowMs: number): Date {
  return new Date(nextDayMs(nowMs) + 24 * 60 * 60_000);
}

/**
 * The emails alone of the hour, every email of the day so far, and whether delivery warnings
 * wait for an email (alerts.ts keeps their number on the day's `notices` shard, the field's
 * name since it was written first): one aggregation query, so a message looks for warnings
 * only when there are some.
 */
export async function readCounts(
  db: Firestore,
  nowMs: number,
): Promise<{ hour: number; day: number; warnings: number }> {
  const snapshot = await dayShards(db, nowMs)
    .aggregate({
      hour: AggregateField.sum(hourField(nowMs)),
      day: AggregateField.sum('day'),
      notices: AggregateField.sum('notices'),
    })
    .get();
  const { hour, day, notices } = snapshot.data();
  return { hour, day, warnings: notices };
}

/** The day's shard that holds how many delivery warnings wait (alerts.ts). */
export function warningCounter(db: Firestore, nowMs: number): DocumentReference {
  return dayShards(db, nowMs).doc('notices');
}

/**
 * Marks the day's emails as spent (the server said the account's quota is): a shard of its
 * own holding the whole cap, so every later count of the day is over it.
 */
export async function markDaySpent(db: Firestore, perDay: number, nowMs: number): Promise<void> {
  const { ref, data } = daySpentWrite(db, perDay, nowMs);
  await ref.set(data, { merge: true });
}

/** The write (set, merged) that marks the day's emails as spent, for a batch to make. */
export function daySpentWrite(
  db: Firestore,
  perDay: number,
  nowMs: number,
): { ref: DocumentReference; data: Record<string, unknown> } {
  return {
    ref: dayShards(db, nowMs).doc('quota-reached'),
    data: { ...shardFields({ day: Math.max(1, perDay) }), expireAt: dayCounterExpiry(nowMs) },
  };
}

/** The document whose subcollection holds the shards of the hour's count of a cap of its own. */
export function hourlyCounterId(nowMs: number, counter: string): string {
  return `${counter}_${hourKey(nowMs)}`;
}
