import type { DocumentReference, DocumentSnapshot, Firestore } from 'firebase-admin/firestore';
import { collections } from '../contracts/collections.js';
import { defaultPerDay } from '../email/budget.js';
import { counterExpiry, daySpentWrite, dayKey, hourKey, nextDayMs, senderKey } from '../email/counters.js';
import { checkUnderWay, rememberSpent, seenSpent } from './instance-memory.js';

// Caps on how many emails the functions send, so a flood cannot bury the support inbox nor
// spend the SMTP account's sending quota. A cap never drops a message: one over a cap waits in
// the queue of the next digest (digest.ts), one email with many messages. The counts are
// counters.ts's; this module decides by them.
//
// - Per sender, exact: the emails the sender's messages had to themselves in the hour, read
//   and written inside the transaction that claims the message. Only the same address's
//   messages meet on it. The first cap − 1 go alone; the rest go to the digests, which are not
//   counted per sender: a script that spends a visitor's address's hour cannot push the
//   visitor's message out of its hour. The counter also keeps the sender's place in the digest
//   queue (`nextDigestMs`): each further message of the sender is due `senderSpacingMs` after
//   the one before, at most `maxSenderDelayMs` ahead, so one sender's flood waits behind
//   everyone else's messages, not in front of them.
// - In all, per hour and per day, never over the caps: an email counts itself first (a
//   message in its claim's commit), then checks the sums (`checkCount`, the one check every
//   capped email takes): within the caps it goes; over them it gives its count back (a
//   message waits for a digest, a deletion confirmation is not sent). When other checks of the
//   same instance are under way, and could be the ones over, it first steps aside and counts
//   again, up to `ticketTries` looks, so a burst fills the hour instead of queueing itself
//   whole. Every email let through saw its own count and those of all let through before it,
//   so no more than the caps are ever let through.
// - The day's cap (`perDay`, the SMTP account's daily quota with a margin) keeps a reserve
//   for the digests (`digestReserve`): messages stop going alone before the day's emails are
//   spent, and the digests come less often as the rest runs down (digest.ts), so the emails
//   of a day stay within the quota whatever the flood.

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

/** The caps when the parameters are not set; the day's is the platform's (budget.ts). */
export const defaultRateLimits: RateLimits = { perSenderPerHour: 5, perHour: 100, perDay: defaultPerDay };

/** A sender's further messages are due this long after the one before in the digest queue. */
export const senderSpacingMs = 2_000;
/** However many a sender has queued, their next message is due at most this far ahead. */
export const maxSenderDelayMs = 15 * 60_000;

export type LimitCounter = {
  /** Document id in MailLimits. */
  id: string;
  cap: number;
  what: 'sender';
};

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

export function mailCaps(limits: RateLimits): MailCaps {
  const key = (what: 'hour' | 'day', nowMs: number) =>
    what === 'day' ? `day ${dayKey(nowMs)} of ${limits.perDay}` : `hour ${hourKey(nowMs)} of ${limits.perHour}`;
  return {
    perDay: limits.perDay,
    counting: limits.perHour > 0 || limits.perDay > 0,
    senderCounterRef: (db, nowMs, sender) => senderCounterRef(db, limits, nowMs, sender),
    slot(snapshot, nowMs) {
      const spent = seenSpent(key('day', nowMs)) ? 'day' : seenSpent(key('hour', nowMs)) ? 'hour' : undefined;
      return { ...senderSlot(snapshot, limits, nowMs, spent === undefined), ...(spent ? { spent } : {}) };
    },
    beginCheck() {
      const underWay = checkUnderWay();
      return {
        verdict(counts, nowMs) {
          const over = capVerdict(limits, counts, nowMs);
          if (over === 'under') return { over, surely: true };
          const others = underWay.others();
          const surely =
            capVerdict(limits, { hour: counts.hour - others, day: counts.day - others }, nowMs) !== 'under';
          if (surely) rememberSpent(key(over, nowMs));
          return { over, surely };
        },
        end: underWay.end,
      };
    },
    daySpent(db, nowMs) {
      rememberSpent(key('day', nowMs));
      return daySpentWrite(db, limits.perDay, nowMs);
    },
  };
}
