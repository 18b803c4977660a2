import { Timestamp } from 'firebase-admin/firestore';
import { assessDelivery, type Assessment } from './assess-delivery.js';
import { endedUnsent, heldAtClaim, requeued, type DeliveryUpdate } from './delivery.js';
import {
  cleanPictureFrom,
  hasRawPicture,
  parseMailDocument,
  rawPictureForMs,
  type ContactMail,
} from './mail-document.js';
import type { Expiry } from './retention.js';
import { maxAttempts } from '../email/send-failures.js';
import { gaveUp, heldFor } from '../email/decide.js';
import type { AccountState } from '../email/smtp-account.js';

// The claim's first decisions (claim.ts), on what its transaction read: a pure function, so
// every way a message is settled without a send is tested without a database.

/** What a claim came to without taking the message; `reason` is short and safe to log. */
export type NotClaimed =
  /** Held for the SMTP account, which is down (smtp-account.ts): RETRY, tried again with it. */
  | { kind: 'held'; reason: string }
  /** Ended in ERROR within the claim. */
  | { kind: 'ended'; error: string; reason: string }
  /**
   * Over a cap: waits for a digest (digest.ts); `spent` when the day's emails are all gone
   * (the team hears of it once a day).
   */
  | { kind: 'queued'; reason: string; spent?: boolean }
  /** Not this invocation's: gone, leased, ended, waiting. */
  | { kind: 'skipped'; reason: string };

/** What a claim reads first: the message (undefined once deleted) and the SMTP account's state. */
export type FirstLook =
  /** Decided without sending: what the claim returns, and the message's change, if any. */
  | { kind: 'settled'; taken: NotClaimed; update?: DeliveryUpdate & { reference?: string } }
  /** To be sent, within the caps: what the rest of the claim decides by. */
  | {
      kind: 'go';
      data: Record<string, unknown>;
      delivery: Record<string, unknown>;
      mail: ContactMail;
      round: Extract<Assessment, { take: true }>['round'];
      /** Attempts before this claim (an operator's retry starts a fresh budget). */
      before: number;
      expireAt: Timestamp;
      reference: string;
      /** When the message was written: a message held for the SMTP account keeps its place by it. */
      writtenMs: number;
      account: AccountState;
    };

type LookAt = { nowMs: number; expiry: Expiry; reference: string };

const deliveryOf = (data: Record<string, unknown>) =>
  (typeof data.delivery === 'object' && data.delivery !== null ? data.delivery : {}) as Record<string, unknown>;

/** Attempts before this claim: none for an operator's retry, which starts a fresh budget. */
const attemptsBefore = (delivery: Record<string, unknown>, round: Extract<Assessment, { take: true }>['round']) =>
  round === 'manual' || typeof delivery.attempts !== 'number' ? 0 : Math.max(0, delivery.attempts);

/** Ended in ERROR within the claim, its picture as written to be drawn again at once. */
function endedAtClaim(
  data: Record<string, unknown>,
  { error, reason }: { error: string; reason: string },
  before: number,
  expireAt: Timestamp,
  { reference, nowMs }: LookAt,
): FirstLook {
  return {
    kind: 'settled',
    taken: { kind: 'ended', error, reason },
    update: {
      ...endedUnsent(error, before, expireAt),
      reference,
      ...(hasRawPicture(data) ? cleanPictureFrom(nowMs) : {}),
    },
  };
}

/** Held for the SMTP account from its claim: no try of the login, no count against the caps. */
function heldForAccount(
  data: Record<string, unknown>,
  accountFailure: string,
  before: number,
  writtenMs: number,
  expireAt: Timestamp,
  reference: string,
): FirstLook {
  return {
    kind: 'settled',
    taken: { kind: 'held', reason: 'the mail account is down' },
    update: {
      ...heldAtClaim(heldFor({ message: accountFailure }), before, writtenMs, expireAt, false),
      reference,
      ...(hasRawPicture(data) ? cleanPictureFrom(writtenMs + rawPictureForMs) : {}),
    },
  };
}

/**
 * The claim's first decisions, on what its transaction read (pure): not to be taken (gone,
 * leased, ended, waiting); a digest's message whose invocation died back to the queue, never
 * out alone (sent again in a digest of the same id, so under the same Message-ID should it
 * have gone); malformed, or out of attempts, ended in ERROR; held while the SMTP account is
 * down (no try of the login, no count against the caps; the sweep tries the account with a
 * check of its own, smtp-account-check.ts); else on to the caps. Every write of the whole field
 * carries the expiry, and the document its reference.
 */
export function firstLook(data: Record<string, unknown> | undefined, account: AccountState, at: LookAt): FirstLook {
  if (!data) return { kind: 'settled', taken: { kind: 'skipped', reason: 'the document no longer exists' } };
  const delivery = deliveryOf(data);
  const assessment = assessDelivery(data.delivery, at.nowMs);
  if (!assessment.take) return { kind: 'settled', taken: { kind: 'skipped', reason: assessment.reason } };
  const { round } = assessment;
  const before = attemptsBefore(delivery, round);
  const expireAt = at.expiry(data.createdAt, at.nowMs);
  if (round === 'recovered' && typeof delivery.digest === 'string') {
    return {
      kind: 'settled',
      taken: { kind: 'queued', reason: 'back in the queue after a digest stopped' },
      update: requeued(before, 'the digest sending it stopped', at.nowMs, delivery.digest),
    };
  }
  const parsed = parseMailDocument(data);
  if (!parsed.ok) {
    const error = `malformed document: ${parsed.reason}`;
    return endedAtClaim(data, { error, reason: error }, before, expireAt, at);
  }
  if (before >= maxAttempts) {
    const last = typeof delivery.error === 'string' ? delivery.error : 'the invocation sending it stopped';
    return endedAtClaim(
      data,
      { error: gaveUp(before, last), reason: `gave up after ${before} attempts` },
      before,
      expireAt,
      at,
    );
  }
  const createdAt: unknown = data.createdAt;
  const writtenMs = createdAt instanceof Timestamp ? createdAt.toMillis() : at.nowMs;
  if (account.down) return heldForAccount(data, account.reason, before, writtenMs, expireAt, at.reference);
  return {
    kind: 'go',
    data,
    delivery,
    mail: parsed.mail,
    round,
    before,
    expireAt,
    reference: at.reference,
    writtenMs,
    account,
  };
}
