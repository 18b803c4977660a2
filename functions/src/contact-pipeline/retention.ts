import { Timestamp } from 'firebase-admin/firestore';

// How long a contact message stays in Firestore. Every Mail document gets `delivery.expireAt`,
// its written time plus the retention period; a Firestore TTL policy on that field (docs/support-email.md,
// "Retention") deletes the document some time after it. The privacy policy states the same
// period (web/src/config/account.ts, checked against this default by a unit test and by
// `npm run deploy`).

/** The field the TTL policy deletes on (firestore.indexes.json): delivery.ts writes it. */
export const expiryField = 'delivery.expireAt';

/** Months a message is kept after it was written, unless MAIL_RETENTION_MONTHS says otherwise. */
export const defaultRetentionMonths = 12;

/**
 * `writtenMs` plus `months` calendar months (UTC), clamped to the last day of a shorter month:
 * a message of 31 March kept 1 month expires on 30 April.
 */
export function expiryTime(writtenMs: number, months: number): Date {
  const written = new Date(writtenMs);
  const expiry = new Date(writtenMs);
  expiry.setUTCDate(1);
  expiry.setUTCMonth(written.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(expiry.getUTCFullYear(), expiry.getUTCMonth() + 1, 0)).getUTCDate();
  expiry.setUTCDate(Math.min(written.getUTCDate(), lastDay));
  return expiry;
}

/**
 * When a document expires (`delivery.expireAt`): the retention period after the site wrote
 * it, or after `nowMs` when it does not say when (only an admin could write such a document).
 */
export function expiryOf(createdAt: unknown, nowMs: number, retentionMonths: number): Timestamp {
  const writtenMs = createdAt instanceof Timestamp ? createdAt.toMillis() : nowMs;
  return Timestamp.fromDate(expiryTime(writtenMs, Math.max(1, Math.floor(retentionMonths))));
}

/** `expiryOf` for one retention period: what a message's claim writes on it. */
export type Expiry = (createdAt: unknown, nowMs: number) => Timestamp;
export function expiryAfter(retentionMonths: number): Expiry {
  return (createdAt, nowMs) => expiryOf(createdAt, nowMs, retentionMonths);
}
