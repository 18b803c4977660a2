import { createHash } from 'node:crypto';
import {
  AggregateField,
  FieldValue,
  type DocumentSnapshot,
  type Firestore,
  type Transaction,
} from 'firebase-admin/firestore';

// Caps on how many emails contact messages make per hour, so a flood cannot bury the support
// inbox nor spend the SMTP account's sending quota. A cap never drops a message: one over a
// cap waits in the queue of the next digest (digest.ts), one email with many messages.
// Counter documents carry `expireAt` (a day after their hour) for a Firestore TTL policy.
// The two caps are counted differently, because of how they are contended:
//
// - Per sender, exact: `MailLimits/sender_{hour}_{sha256}` counts the emails that carried the
//   sender's messages in that hour, read and written inside the transaction that claims the
//   message (or takes it into a digest). Only the same address's messages meet on it. The
//   first cap − 1 go alone; the rest are folded into one digest; once the cap is spent, the
//   sender's further messages wait for the next hour's digest.
// - In all, never more than the cap and with no document every message must write in a
//   transaction (one such document made a burst of 200 parallel invocations fail 199 times
//   with ABORTED): a message takes a ticket, `FieldValue.increment(1)` on one of
//   `globalShards` shard documents chosen at random (`MailLimits/all_{hour}/MailLimitShards/{n}`,
//   no transaction), then sums the shards with an aggregation query. A sum within the cap
//   lets it through; over the cap, it gives the ticket back. Every message let through saw
//   its own ticket and those of all messages let through before it, so no more than the cap
//   are ever let through. Messages in flight at the same instant count against each other
//   until they give their tickets back, so a burst that reaches the cap could queue a few
//   more than necessary; each message therefore looks again (`ticketTries`) before it is
//   queued. Once the sum is at the cap, a message is queued after one aggregation, writing
//   no ticket: a flood costs a read per message, not three writes.

export const limitsCollection = 'MailLimits';
/** The shards of an hour's global count, a subcollection of `MailLimits/all_{hour}`. */
export const shardsCollection = 'MailLimitShards';
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
};

/** The caps when the parameters are not set. */
export const defaultRateLimits: RateLimits = { perSenderPerHour: 5, perHour: 100 };

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

/**
 * What a sender's cap says of one more message in the claim transaction: `alone` (counted:
 * an email of its own), `fold` (into the next digest, the last email of the sender's hour), or
 * `wait` (the hour's emails are spent: the next hour's digest). Reads first, then writes, as a
 * transaction requires; only `alone` writes.
 */
export type SenderVerdict = 'alone' | 'fold' | 'wait';

export async function takeSenderLimit(
  tx: Transaction,
  db: Firestore,
  limits: RateLimits,
  nowMs: number,
  sender: string | undefined,
): Promise<SenderVerdict> {
  const counter = senderCounter(limits, nowMs, sender);
  if (!counter) return 'alone';
  const counterRef = db.collection(limitsCollection).doc(counter.id);
  const taken = countOf(await tx.get(counterRef));
  if (taken >= counter.cap) return 'wait';
  if (taken >= counter.cap - 1) return 'fold';
  tx.set(counterRef, { count: taken + 1, expireAt: counterExpiry(nowMs) });
  return 'alone';
}

const countOf = (snapshot: DocumentSnapshot) => {
  const count: unknown = snapshot.get('count');
  return typeof count === 'number' ? count : 0;
};

/**
 * Inside a digest's transaction: which of these senders may still have a message in an email
 * this hour, each counted once for the digest (call `count` after every read of the
 * transaction). A sender without an address or with no cap is always let in. `counted` holds
 * the counters an earlier part of the same digest counted already: let in, not counted again.
 */
export async function senderDigestSlots(
  tx: Transaction,
  db: Firestore,
  limits: RateLimits,
  nowMs: number,
  senders: ReadonlyArray<string | undefined>,
  counted: ReadonlySet<string> = new Set(),
): Promise<{
  allowed: (sender: string | undefined) => boolean;
  /** Counts the senders of the messages taken; returns the counters it counted. */
  count: (senders: Iterable<string | undefined>) => string[];
}> {
  const idOf = (sender: string | undefined) => senderCounter(limits, nowMs, sender)?.id;
  const uncounted = (id: string | undefined): id is string => id !== undefined && !counted.has(id);
  const ids = new Set(senders.map(idOf).filter(uncounted));
  const refs = [...ids].map((id) => db.collection(limitsCollection).doc(id));
  const snapshots = refs.length ? await tx.getAll(...refs) : [];
  const taken = new Map(snapshots.map((snapshot) => [snapshot.id, countOf(snapshot)]));
  return {
    allowed: (sender) => {
      const id = idOf(sender);
      return id === undefined || counted.has(id) || (taken.get(id) ?? 0) < limits.perSenderPerHour;
    },
    count: (included) => {
      const newly = new Set([...included].map(idOf).filter(uncounted));
      for (const id of newly) {
        tx.set(db.collection(limitsCollection).doc(id), {
          count: (taken.get(id) ?? 0) + 1,
          expireAt: counterExpiry(nowMs),
        });
      }
      return [...newly];
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
const ticketPauseMs = (attempt: number, random: () => number) => (100 + random() * 200) * 2 ** attempt;

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
  const shards = db.collection(limitsCollection).doc(globalCounterId(nowMs, counter)).collection(shardsCollection);
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
