import { createHash } from 'node:crypto';
import {
  AggregateField,
  FieldValue,
  type CollectionReference,
  type DocumentReference,
  type DocumentSnapshot,
  type Firestore,
} from 'firebase-admin/firestore';
import { collections } from '../contracts/collections.js';

// Caps on how many emails contact messages make, so a flood cannot bury the support inbox
// nor spend the mail account's sending quota. A cap never drops a message: one over a cap
// waits in the queue of the next digest (digest.ts), one email with many messages.
// Counter documents carry `expireAt` for a Firestore TTL policy.
//
// - Per sender, exact: `MailLimits/sender_{hour}_{sha256}` counts the emails the sender's
//   messages had to themselves in that hour, read and written inside the transaction that
//   claims the message. Only the same address's messages meet on it. The first cap − 1 go
//   alone; the rest go to the digests, which are not counted per sender: a script that spends
//   a visitor's address's hour cannot push the visitor's message out of its hour. The counter
//   also keeps the sender's place in the digest queue (`nextDigestMs`): each further message
//   of the sender is due `senderSpacingMs` after the one before, at most `maxSenderDelayMs`
//   ahead, so one sender's flood waits behind everyone else's messages, not in front of them.
// - In all, per hour and per day, never over the caps and with no document every message
//   must write in a transaction (one such document made a burst of 200 parallel invocations
//   fail 199 times with ABORTED): `MailLimits/mail_{day}/MailLimitShards/{n}`, `globalShards`
//   documents with a field `day` (every email of the day: alone, digests, deletion
//   confirmations) and one per hour (`h07`: emails of one message each in that hour). A message
//   counts itself with `FieldValue.increment(1)` on one shard chosen at random, written in its
//   claim's commit (a write, never a read, so claims do not contend on it), then sums the
//   shards with one aggregation query. Within the caps it goes alone; over them it gives its
//   count back and waits for a digest (when other messages of the same instance are still
//   being checked, and could be the ones over, it first steps aside and counts again, up to
//   `ticketTries` looks, so a burst fills the hour instead of queueing itself whole). Every message let through saw its own count and those
//   of all messages let through before it, so no more than the caps are ever let through.
// - The day's cap (`perDay`, the mail account's daily quota with a margin) keeps a reserve
//   for the digests (`digestReserve`): messages stop going alone before the day's emails are
//   spent, and the digests come less often as the rest runs down (digest.ts), so the emails
//   of a day stay within the quota whatever the flood.

/**
 * Shards of the global count. Firestore sustains about one write per second per document;
 * increments on 16 shards take a burst of hundreds of messages and well over the caps'
 * sustained rate.
 */
export const globalShards = 16;

export type RateLimits = {
  /** Emails per sender address (the visitor's Reply-To) per clock hour; 0 for no cap. */
  perSenderPerHour: number;
  /** Emails of one message each, in all per clock hour (digests aside); 0 for no cap. */
  perHour: number;
  /**
   * Emails of every kind per UTC day (alone, digests, deletion confirmations): below the mail
   * account's daily sending quota; 0 for no cap.
   */
  perDay: number;
};

/**
 * The caps when the parameters are not set. The day's: under Google Workspace's 2,000
 * emails a day per user (its trial accounts and free Gmail allow 500: set MAIL_LIMIT_PER_DAY
 * to 450 there; Microsoft 365 allows 10,000 recipients a day), with room for the team's own
 * sending from the same account.
 */
export const defaultRateLimits: RateLimits = { perSenderPerHour: 5, perHour: 100, perDay: 1_500 };

/** A sender's further messages are due this long after the one before in the digest queue. */
export const senderSpacingMs = 2_000;
/** However many a sender has queued, their next message is due at most this far ahead. */
export const maxSenderDelayMs = 15 * 60_000;

export type LimitCounter = {
  /** Document id in MailLimits. */
  id: string;
  cap: number;
  what: 'sender' | 'global';
};

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

/**
 * The exact counter a message sent now counts against in its claim: the sender's, when the
 * message has a (valid) sender address and the cap is not 0.
 */
export function senderCounter(limits: RateLimits, nowMs: number, sender?: string): LimitCounter | undefined {
  if (!sender || limits.perSenderPerHour <= 0) return undefined;
  return { id: `sender_${hourKey(nowMs)}_${senderKey(sender)}`, cap: limits.perSenderPerHour, what: 'sender' };
}

/** What a sender's counter says of one more message, in the claim's transaction. */
export type SenderSlot = {
  /** An email of its own (counted), or a place in the digest queue. */
  alone: boolean;
  /** When it is due in the digest queue, if it goes there. */
  digestMs: number;
  /** The counter's new content: written in the claim's commit (undefined: no counter). */
  write?: { ref: DocumentReference; data: Record<string, unknown> };
};

/**
 * The sender's slot for one more message, from their counter as the claim's transaction read
 * it (`snapshot`; undefined when the message has no sender or the cap is 0). `wantsAlone`
 * false: the message goes to the digests whatever the count (the hour's or day's emails are
 * spent), only its place in the queue is taken.
 */
export function senderSlot(
  snapshot: DocumentSnapshot | undefined,
  limits: RateLimits,
  nowMs: number,
  wantsAlone = true,
): SenderSlot {
  if (!snapshot) return { alone: wantsAlone, digestMs: nowMs };
  const taken = countOf(snapshot);
  const write = (data: Record<string, unknown>) => ({
    ref: snapshot.ref,
    data: { count: taken, expireAt: counterExpiry(nowMs), ...numberFields(snapshot), ...data },
  });
  if (wantsAlone && taken < limits.perSenderPerHour - 1) {
    return { alone: true, digestMs: nowMs, write: write({ count: taken + 1 }) };
  }
  const next: unknown = snapshot.get('nextDigestMs');
  const digestMs = Math.min(Math.max(nowMs, typeof next === 'number' ? next : 0), nowMs + maxSenderDelayMs);
  return { alone: false, digestMs, write: write({ nextDigestMs: digestMs + senderSpacingMs }) };
}

/** The counter's number fields as they are, so a write keeps what it does not change. */
function numberFields(snapshot: DocumentSnapshot): Record<string, number> {
  const next: unknown = snapshot.get('nextDigestMs');
  return typeof next === 'number' ? { nextDigestMs: next } : {};
}

const countOf = (snapshot: DocumentSnapshot) => {
  const count: unknown = snapshot.get('count');
  return typeof count === 'number' ? count : 0;
};

/** The sender counter's document for a message, or undefined when it has none. */
export function senderCounterRef(
  db: Firestore,
  limits: RateLimits,
  nowMs: number,
  sender: string | undefined,
): DocumentReference | undefined {
  const counter = senderCounter(limits, nowMs, sender);
  return counter ? db.collection(collections.mailLimits).doc(counter.id) : undefined;
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

/** Every counting field of a day shard: the day, each hour, the waiting notices. */
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

/** Counts one email of the day now (a digest, a confirmation), as a write of its own. */
export async function countEmail(db: Firestore, nowMs: number): Promise<void> {
  const { ref, data } = emailCount(db, nowMs, false);
  await ref.set(data, { merge: true });
}

/** When a day's counter may be deleted: a day after that day ends. */
export function dayCounterExpiry(nowMs: number): Date {
  return new Date(nextDayMs(nowMs) + 24 * 60 * 60_000);
}

/**
 * The emails alone of the hour, every email of the day so far, and whether delivery notices
 * wait for an email (alerts.ts keeps their number on the day's `notices` shard): one
 * aggregation query, so a message looks for notices only when there are some.
 */
export async function readCounts(
  db: Firestore,
  nowMs: number,
): Promise<{ hour: number; day: number; notices: number }> {
  const snapshot = await dayShards(db, nowMs)
    .aggregate({
      hour: AggregateField.sum(hourField(nowMs)),
      day: AggregateField.sum('day'),
      notices: AggregateField.sum('notices'),
    })
    .get();
  const { hour, day, notices } = snapshot.data();
  return { hour, day, notices };
}

/** The day's shard that holds how many delivery notices wait (alerts.ts). */
export function noticeCounter(db: Firestore, nowMs: number): DocumentReference {
  return dayShards(db, nowMs).doc('notices');
}

/**
 * How many of the day's emails are kept for the digests: one a minute for the rest of the
 * day, at most half the day's cap. Messages stop going alone once only this many are left.
 */
export function digestReserve(limits: RateLimits, nowMs: number): number {
  const minutesLeft = Math.ceil((nextDayMs(nowMs) - nowMs) / 60_000);
  return Math.min(minutesLeft, Math.floor(limits.perDay / 2));
}

/** Whether the counts, this message's own included, let it go alone: `under`, or which cap it is over. */
export function capVerdict(
  limits: RateLimits,
  counts: { hour: number; day: number },
  nowMs: number,
): 'under' | 'hour' | 'day' {
  if (limits.perDay > 0 && counts.day > limits.perDay - digestReserve(limits, nowMs)) return 'day';
  if (limits.perHour > 0 && counts.hour > limits.perHour) return 'hour';
  return 'under';
}

/**
 * Marks the day's emails as spent (the server said the account's quota is): a shard of its
 * own holding the whole cap, so every later count of the day is over it.
 */
export async function markDaySpent(db: Firestore, limits: RateLimits, nowMs: number): Promise<void> {
  const { ref, data } = daySpentWrite(db, limits, nowMs);
  await ref.set(data, { merge: true });
}

/** The write (set, merged) that marks the day's emails as spent, for a batch to make. */
export function daySpentWrite(
  db: Firestore,
  limits: RateLimits,
  nowMs: number,
): { ref: DocumentReference; data: Record<string, unknown> } {
  return {
    ref: dayShards(db, nowMs).doc('quota-reached'),
    data: { ...shardFields({ day: Math.max(1, limits.perDay) }), expireAt: dayCounterExpiry(nowMs) },
  };
}

/**
 * One configuration's caps as a message's claim and send step meet them, with what this
 * instance has seen of them: once the hour's or the day's emails are spent, its next messages
 * go straight to the digests without counting themselves first (a flood costs a claim per
 * message, not a count and its undo). Remembered briefly, since a count given back may make
 * room again.
 */
export type MailCaps = {
  readonly perDay: number;
  /** Whether emails alone are counted at all (an hourly or a daily cap is set). */
  readonly counting: boolean;
  /** The sender's counter document for a message, or undefined when it has none. */
  senderCounterRef(db: Firestore, nowMs: number, sender: string | undefined): DocumentReference | undefined;
  /**
   * The sender's slot (`senderSlot`); `spent` says the hour's or the day's emails, as this
   * instance saw them spent, send the message to the digests whatever its sender's count.
   */
  slot(snapshot: DocumentSnapshot | undefined, nowMs: number): SenderSlot & { spent?: 'hour' | 'day' };
  /**
   * Begins a counted message's check against the caps (`end` it once its count is kept or
   * given back). Its `verdict` is `capVerdict`, and says whether the message is over `surely`:
   * even if every other check under way on this instance gave its count back. Only a sure
   * verdict is remembered: in a burst, counts that are about to be given back must not send the
   * messages after them to the digests while the hour still has room.
   */
  beginCheck(): CapCheck;
  /** The write that marks the day's emails spent (`daySpentWrite`), remembered. */
  daySpent(db: Firestore, nowMs: number): { ref: DocumentReference; data: Record<string, unknown> };
};

/** A counted message's check against the caps (`MailCaps.beginCheck`). */
export type CapCheck = {
  verdict(counts: { hour: number; day: number }, nowMs: number): { over: 'under' | 'hour' | 'day'; surely: boolean };
  end(): void;
};

const spentCaps = new Map<string, number>();
/** Counted messages of this instance whose check against the caps is under way. */
let checksUnderWay = 0;
const spentMemoryMs = 10_000;

/** Forgets what this instance saw of the caps (tests that reset the counters). */
export function forgetSpentCaps(): void {
  spentCaps.clear();
}

export function mailCaps(limits: RateLimits): MailCaps {
  const key = (what: 'hour' | 'day', nowMs: number) =>
    what === 'day' ? `day ${dayKey(nowMs)} of ${limits.perDay}` : `hour ${hourKey(nowMs)} of ${limits.perHour}`;
  const seen = (what: 'hour' | 'day', nowMs: number) => (spentCaps.get(key(what, nowMs)) ?? 0) > Date.now();
  const remember = (what: 'hour' | 'day', nowMs: number) => spentCaps.set(key(what, nowMs), Date.now() + spentMemoryMs);
  return {
    perDay: limits.perDay,
    counting: limits.perHour > 0 || limits.perDay > 0,
    senderCounterRef: (db, nowMs, sender) => senderCounterRef(db, limits, nowMs, sender),
    slot(snapshot, nowMs) {
      const spent = seen('day', nowMs) ? 'day' : seen('hour', nowMs) ? 'hour' : undefined;
      return { ...senderSlot(snapshot, limits, nowMs, spent === undefined), ...(spent ? { spent } : {}) };
    },
    beginCheck() {
      checksUnderWay += 1;
      let ended = false;
      return {
        verdict(counts, nowMs) {
          const over = capVerdict(limits, counts, nowMs);
          if (over === 'under') return { over, surely: true };
          const others = checksUnderWay - 1;
          const surely =
            capVerdict(limits, { hour: counts.hour - others, day: counts.day - others }, nowMs) !== 'under';
          if (surely) remember(over, nowMs);
          return { over, surely };
        },
        end() {
          if (!ended) checksUnderWay -= 1;
          ended = true;
        },
      };
    },
    daySpent(db, nowMs) {
      remember('day', nowMs);
      return daySpentWrite(db, limits, nowMs);
    },
  };
}

/** The start of the clock hour after the one `nowMs` falls in. */
export function nextHourMs(nowMs: number): number {
  return Date.parse(`${hourKey(nowMs)}:00:00.000Z`) + 60 * 60_000;
}

/**
 * The document whose subcollection holds the shards of an hour's count: the contact messages'
 * global cap (`all`), or another sharded cap (the deletion confirmations').
 */
export function globalCounterId(nowMs: number, counter = 'all'): string {
  return `${counter}_${hourKey(nowMs)}`;
}

/** A message's place in the global count: `under` the cap (kept) or `over` it (given back). */
export type GlobalTicket = { verdict: 'under' | 'over'; release(): Promise<void> };

/** How often a message over the global cap looks again before it is queued, and the pause. */
export const ticketTries = 3;
export const ticketPauseMs = (attempt: number, random: () => number) => (100 + random() * 200) * 2 ** attempt;

/**
 * Counts a message against the global cap of the hour (see the top of this file). `over`
 * tickets are given back already; an `under` ticket stays unless the message is not sent
 * after all, when the caller calls `release`.
 */
export async function takeGlobalTicket(
  db: Firestore,
  cap: number,
  nowMs: number,
  {
    random = Math.random,
    sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)),
    counter = 'all',
  }: { random?: () => number; sleep?: (ms: number) => Promise<void>; counter?: string } = {},
): Promise<GlobalTicket> {
  const shards = db
    .collection(collections.mailLimits)
    .doc(globalCounterId(nowMs, counter))
    .collection(collections.mailLimitShards);
  const over: GlobalTicket = { verdict: 'over', release: () => Promise.resolve() };
  // The hour's cap is spent already: queued without a ticket.
  if ((await shards.aggregate({ total: AggregateField.sum('count') }).get()).data().total >= cap) return over;
  for (let attempt = 0; ; attempt += 1) {
    const shard = shards.doc(String(Math.floor(random() * globalShards)));
    await shard.set({ count: FieldValue.increment(1), expireAt: counterExpiry(nowMs) }, { merge: true });
    const sum = await shards.aggregate({ total: AggregateField.sum('count') }).get();
    const release = async () => {
      await shard.set({ count: FieldValue.increment(-1) }, { merge: true });
    };
    if (sum.data().total <= cap) return { verdict: 'under', release };
    await release();
    if (attempt + 1 >= ticketTries) return over;
    await sleep(ticketPauseMs(attempt, random));
  }
}
