import { Timestamp } from 'firebase-admin/firestore';

// What a claim reads of a message's `delivery` field (delivery.ts draws the field): whether it
// may be taken now, in which round, and whether its send meets the caps.

/** Whether a delivery waits for the SMTP account (`held`). */
export const isHeld = (delivery: unknown): boolean =>
  typeof delivery === 'object' && delivery !== null && (delivery as { waitsFor?: unknown }).waitsFor === 'account';

/**
 * Whether the message has counted against the caps: marked so by the claim that sent it
 * alone, or (documents written before `counted` existed) tried at least once.
 */
export function isCounted(delivery: unknown): boolean {
  if (typeof delivery !== 'object' || delivery === null) return false;
  const { counted, attempts, state } = delivery as Record<string, unknown>;
  if (typeof counted === 'boolean') return counted;
  return state !== 'QUEUED' && typeof attempts === 'number' && attempts > 0;
}

/**
 * Whether a claim in this round must meet the caps: every send of a message that has not
 * counted yet, however it reaches the send (the trigger, a RETRY after the database refused
 * the first claim, a lost event), except an operator's retry, which is sent over any cap.
 */
export function capsApply(delivery: unknown, round: Extract<Assessment, { take: true }>['round']): boolean {
  return round !== 'manual' && !isCounted(delivery);
}

/** Why a document may be taken now, or why not. */
export type Assessment =
  { take: true; round: 'first' | 'scheduled' | 'manual' | 'recovered' } | { take: false; reason: string };

function toMillis(value: unknown): number | null {
  return value instanceof Timestamp ? value.toMillis() : null;
}

/** The states never taken whatever their lease: why not. */
const notTaken: ReadonlyMap<unknown, string> = new Map([
  ['SUCCESS', 'delivery already ended in SUCCESS'],
  ['ERROR', 'delivery already ended in ERROR'],
  ['QUEUED', 'waiting for a digest'],
]);

/** A RETRY: an operator's (no time) is taken at once, a scheduled one once its time has come. */
function assessRetry(nextAttemptTime: unknown, nowMs: number): Assessment {
  if (nextAttemptTime === undefined || nextAttemptTime === null) return { take: true, round: 'manual' };
  const next = toMillis(nextAttemptTime);
  if (next === null || next <= nowMs) return { take: true, round: 'scheduled' };
  return { take: false, reason: 'waiting for its next attempt time' };
}

/**
 * Whether the delivery recorded on a document lets an invocation claim it at `nowMs`:
 * a new document (no delivery yet); a RETRY whose time has come, or without a time (an
 * operator's retry); a PROCESSING whose lease has expired (its invocation died). Never one
 * with a live lease, nor one that ended in SUCCESS or ERROR.
 */
export function assessDelivery(delivery: unknown, nowMs: number): Assessment {
  if (typeof delivery !== 'object' || delivery === null) return { take: true, round: 'first' };
  const { state, leaseExpireTime, nextAttemptTime } = delivery as Record<string, unknown>;
  if (state === undefined) return { take: true, round: 'first' };
  const lease = toMillis(leaseExpireTime);
  if (lease !== null && lease > nowMs) return { take: false, reason: 'another invocation holds the lease' };
  if (state === 'PROCESSING') return { take: true, round: 'recovered' };
  if (state === 'RETRY') return assessRetry(nextAttemptTime, nowMs);
  return { take: false, reason: notTaken.get(state) ?? `unknown delivery state ${JSON.stringify(state)}` };
}
