import { createHash } from 'node:crypto';
import { AggregateField, FieldValue, type Firestore, type Transaction } from 'firebase-admin/firestore';

// Caps on how many contact messages are sent per hour, so a flood cannot bury the support
// inbox. Counter documents carry `expireAt` (a day after their hour) for a Firestore TTL
// policy. The two caps are counted differently, because of how they are contended:
//
// - Per sender, exact: `MailLimits/sender_{hour}_{sha256}`, read and written inside the
//   transaction that claims the message. Only the same visitor's messages meet on it.
// - In all, never more than the cap and with no document every message must write in a
//   transaction (one such document made a burst of 200 parallel invocations fail 199 times
//   with ABORTED): a message takes a ticket, `FieldValue.increment(1)` on one of
//   `globalShards` shard documents chosen at random (`MailLimits/all_{hour}/MailLimitShards/{n}`,
//   no transaction), then sums the shards with an aggregation query. A sum within the cap
//   lets it through; over the cap, it gives the ticket back. Every message let through saw
//   its own ticket and those of all messages let through before it, so no more than the cap
//   are ever let through. The error is on the safe side and brief: messages in flight at
//   the same instant count against each other until they give their tickets back, so a burst
//   that reaches the cap could refuse a few more than necessary; each message therefore
//   looks again (`ticketTries`) before it is refused.

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
  /** Messages per sender address (the visitor's Reply-To) per clock hour; 0 for no cap. */
  perSenderPerHour: number;
  /** Messages in all per clock hour; 0 for no cap. */
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
 * Counts a message against its sender's hourly cap inside the claim transaction, or says it
 * is over it (false). Reads first, then writes, as a transaction requires; nothing is
 * written when the cap is reached.
 */
export async function takeSenderLimit(
  tx: Transaction,
  db: Firestore,
  limits: RateLimits,
  nowMs: number,
  sender: string | undefined,
): Promise<boolean> {
  const counter = senderCounter(limits, nowMs, sender);
  if (!counter) return true;
  const counterRef = db.collection(limitsCollection).doc(counter.id);
  const count: unknown = (await tx.get(counterRef)).get('count');
  const taken = typeof count === 'number' ? count : 0;
  if (taken >= counter.cap) return false;
  tx.set(counterRef, { count: taken + 1, expireAt: counterExpiry(nowMs) });
  return true;
}

/** The document whose subcollection holds the global count's shards of the hour of `nowMs`. */
export function globalCounterId(nowMs: number): string {
  return `all_${hourKey(nowMs)}`;
}

/** A message's place in the global count: `under` the cap (kept) or `over` it (given back). */
export type GlobalTicket = { verdict: 'under' | 'over'; release(): Promise<void> };

/** How often a message over the global cap looks again before it is refused, and the pause. */
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
  { random = Math.random, sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)) } = {},
): Promise<GlobalTicket> {
  const shards = db.collection(limitsCollection).doc(globalCounterId(nowMs)).collection(shardsCollection);
  for (let attempt = 0; ; attempt += 1) {
    const shard = shards.doc(String(Math.floor(random() * globalShards)));
    await shard.set({ count: FieldValue.increment(1), expireAt: counterExpiry(nowMs) }, { merge: true });
    const sum = await shards.aggregate({ total: AggregateField.sum('count') }).get();
    const release = async () => {
      await shard.set({ count: FieldValue.increment(-1) }, { merge: true });
    };
    if (sum.data().total <= cap) return { verdict: 'under', release };
    await release();
    if (attempt + 1 >= ticketTries) return { verdict: 'over', release: () => Promise.resolve() };
    await sleep(ticketPauseMs(attempt, random));
  }
}
