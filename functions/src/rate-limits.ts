import { createHash } from 'node:crypto';

// Caps on how many contact messages are sent per hour, so a flood cannot bury the support
// inbox. The counts live in Firestore, `MailLimits/{id}`, and are taken inside the
// transaction that claims a message: a message is counted only when it is going to be sent.
// Counter documents carry `expireAt` (a day after their hour) for a Firestore TTL policy.

export const limitsCollection = 'MailLimits';

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
 * The counters a message sent now counts against: the global one, and the sender's when
 * the message has a (valid) sender address. A cap of 0 leaves its counter out.
 */
export function limitCounters(limits: RateLimits, nowMs: number, sender?: string): LimitCounter[] {
  const hour = hourKey(nowMs);
  const counters: LimitCounter[] = [];
  if (limits.perHour > 0) counters.push({ id: `all_${hour}`, cap: limits.perHour, what: 'global' });
  if (sender && limits.perSenderPerHour > 0) {
    counters.push({ id: `sender_${hour}_${senderKey(sender)}`, cap: limits.perSenderPerHour, what: 'sender' });
  }
  return counters;
}
