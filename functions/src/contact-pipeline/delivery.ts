import type { DeliveryInfo } from '../email/decide.js';
import { FieldValue, Timestamp } from 'firebase-admin/firestore';

// The `delivery` field of a Mail document (the Trigger Email extension's field), its states
// and every shape in which it is written, in one place:
//   state            PROCESSING → SUCCESS | ERROR | RETRY (RETRY → PROCESSING again later);
//                    QUEUED → PROCESSING when a digest takes it (digest.ts)
//   attempts         tries so far (a claim and every further try add one)
//   startTime        when the current round began; endTime when it ended in SUCCESS or ERROR
//   leaseExpireTime  while PROCESSING: after it, the sweep may take the document over
//   claim            while PROCESSING and after: the token of the claim (or the digest id)
//                    that holds it; every later state write checks it in a transaction, so
//                    an invocation that lost its claim (timed out, woke late) changes nothing
//   counted          true once the message counted against the caps (sent alone after
//                    them); a message not counted meets the caps on its next first send
//   nextAttemptTime  while RETRY: when the sweep tries again; absent or null = now, with a
//                    fresh budget of attempts (an operator's retry)
//   error            the last failure, info: { messageId, accepted, rejected, response }
//   digestTime       while QUEUED: from when a digest may take it (now, or the next hour for a
//                    sender whose emails of this hour are spent); only QUEUED messages have
//                    it, so the digest finds the queue by this field alone
//   queuedFor        while QUEUED, and kept once sent: which cap sent it to a digest
//   digest           once a digest took it: that digest's id (its messages share it)
//   resendAs         while QUEUED after the invocation of its digest died (the digest may
//                    have gone out): that digest's id; the next digest takes these messages
//                    alone and sends them under the same id, so the same Message-ID
//   waitsFor         'account' while RETRY because the SMTP account failed, not the message
//                    (smtp-account.ts): held, not counted, its attempts untouched; its
//                    nextAttemptTime is when it was written, so the held go out oldest first
//                    once the account works again (the sweep leaves them alone until then)
//   pictureTried     the token of the claim reading the message's picture, until its next
//                    outcome: found on a claim whose lease ran out, the decode never ended
//                    (the invocation died), so the message goes without its picture
//   unanswered       when a send of it met no answer once it may have reached the server (a
//                    time-out after the connection was open): its next email says it may be a
//                    repeat, and a second silence ends it (decide.ts); kept from then on
//   requeued         once an operator put an ended message back in the queue
//                    (`npm run mail:requeue`): when, and its state and error before
//   expireAt         when the document may be deleted (retention.ts): set by every write of
//                    the whole field, so a document carries it from its first claim on; a
//                    Firestore TTL policy on this field deletes it (firestore.indexes.json)

export type DeliveryState = 'PROCESSING' | 'SUCCESS' | 'ERROR' | 'RETRY' | 'QUEUED';

/**
 * Why a message went to a digest instead of an email of its own: over a cap, over the mail
 * account's daily quota, or put back by an operator (`npm run mail:requeue`).
 */
export type QueuedFor = 'global cap' | 'sender cap' | 'daily quota' | 'requeued';

type Time = Timestamp | FieldValue;

/** The whole field, as a claim or an end in the claim writes it. */
export type Delivery = {
  state: DeliveryState;
  attempts: number;
  startTime: Time;
  endTime: Time | null;
  leaseExpireTime: Timestamp | null;
  nextAttemptTime: Timestamp | null;
  error: string | null;
  info: DeliveryInfo | null;
  expireAt: Timestamp;
  claim?: string | null;
  counted?: boolean;
  digestTime?: Timestamp;
  queuedFor?: QueuedFor;
  digest?: string;
  /** While QUEUED after its digest's invocation died: that digest's id, to send it again as such. */
  resendAs?: string;
  /** Once an operator put it back in the queue: when, and how it had ended. */
  requeued?: { at: Timestamp; from: string; error: string | null };
  /** While held for the SMTP account (smtp-account.ts). */
  waitsFor?: 'account';
  /** The claim that started reading the picture and has not recorded an outcome since (lease.ts). */
  pictureTried?: string;
  /** When a send met no answer after it may have reached the server. */
  unanswered?: Timestamp;
};

/** A change to some of the field's parts, as a Firestore update with dotted paths. */
export type DeliveryUpdate = { [K in keyof Delivery as `delivery.${K}`]?: Delivery[K] | FieldValue };

/**
 * How long a claim holds. Longer than any invocation can run (the trigger and the sweep
 * time out sooner: see index.ts), so a lease only expires when its invocation is gone.
 */
export const leaseMs = 10 * 60_000;

const serverTime = () => FieldValue.serverTimestamp();

/** Claimed by an invocation, which holds the lease while it sends. */
export function processing(
  attempts: number,
  nowMs: number,
  expireAt: Timestamp,
  claim: string,
  counted: boolean,
  unanswered?: Timestamp,
): { delivery: Delivery } {
  return {
    delivery: {
      ...(unanswered ? { unanswered } : {}),
      claim,
      counted,
      state: 'PROCESSING',
      attempts,
      startTime: serverTime(),
      endTime: null,
      leaseExpireTime: Timestamp.fromMillis(nowMs + leaseMs),
      nextAttemptTime: null,
      error: null,
      info: null,
      expireAt,
    },
  };
}

/** Ended in ERROR without sending (malformed, over a cap, out of attempts). */
export function endedUnsent(error: string, attempts: number, expireAt: Timestamp): { delivery: Delivery } {
  return {
    delivery: {
      state: 'ERROR',
      attempts,
      startTime: serverTime(),
      endTime: serverTime(),
      leaseExpireTime: null,
      nextAttemptTime: null,
      error,
      info: null,
      expireAt,
    },
  };
}

/**
 * Accepted over a cap: waits for the next digest (digest.ts), which sends it with others in
 * one email. Nothing is dropped for a cap; the queue is what bounds the SMTP volume.
 */
export function queued(queuedFor: QueuedFor, digestMs: number, expireAt: Timestamp): { delivery: Delivery } {
  return {
    delivery: {
      state: 'QUEUED',
      attempts: 0,
      startTime: serverTime(),
      endTime: null,
      leaseExpireTime: null,
      nextAttemptTime: null,
      error: null,
      info: null,
      expireAt,
      digestTime: Timestamp.fromMillis(digestMs),
      queuedFor,
    },
  };
}

/** Taken by a digest: held under the digest's lease while it is sent. */
export function inDigest(digest: string, attempts: number, nowMs: number): DeliveryUpdate {
  return {
    'delivery.resendAs': FieldValue.delete(),
    'delivery.state': 'PROCESSING',
    'delivery.attempts': attempts,
    'delivery.leaseExpireTime': Timestamp.fromMillis(nowMs + leaseMs),
    'delivery.digestTime': FieldValue.delete(),
    'delivery.digest': digest,
    'delivery.claim': digest,
  };
}

/**
 * Back in the queue, due at `digestMs`: a digest that could not be sent for now, or a digest
 * whose invocation died (`resendAs`: that digest's id, so it goes again as the same email).
 */
export function requeued(attempts: number, error: string | null, digestMs: number, resendAs?: string): DeliveryUpdate {
  return {
    'delivery.state': 'QUEUED',
    'delivery.attempts': attempts,
    'delivery.leaseExpireTime': null,
    'delivery.digestTime': Timestamp.fromMillis(digestMs),
    'delivery.digest': FieldValue.delete(),
    'delivery.claim': null,
    'delivery.error': error,
    'delivery.resendAs': resendAs ?? FieldValue.delete(),
  };
}

/**
 * Claimed to go alone, then queued after all (over the hour's or the day's cap once counted,
 * or the server said the account's quota is spent): due at `digestMs`, not counted, its
 * attempts set when given; the rest of the field (its expiry) as it was.
 */
export function requeuedFromClaim(queuedFor: QueuedFor, digestMs: number, attempts?: number): DeliveryUpdate {
  return {
    'delivery.state': 'QUEUED',
    ...(attempts === undefined ? {} : { 'delivery.attempts': attempts }),
    'delivery.leaseExpireTime': null,
    'delivery.digestTime': Timestamp.fromMillis(digestMs),
    'delivery.queuedFor': queuedFor,
    'delivery.claim': null,
    'delivery.counted': false,
  };
}

/**
 * Put back in the queue by an operator after it ended (`npm run mail:requeue`): due at once,
 * a fresh budget of attempts, the way it ended kept in `requeued`.
 */
export function requeuedByOperator(ended: { state: string; error: string | null }, nowMs: number): DeliveryUpdate {
  return {
    'delivery.state': 'QUEUED',
    'delivery.attempts': 0,
    'delivery.endTime': null,
    'delivery.leaseExpireTime': null,
    'delivery.nextAttemptTime': null,
    'delivery.digestTime': Timestamp.fromMillis(nowMs),
    'delivery.queuedFor': 'requeued',
    'delivery.digest': FieldValue.delete(),
    'delivery.claim': null,
    'delivery.error': null,
    'delivery.requeued': { at: Timestamp.fromMillis(nowMs), from: ended.state, error: ended.error },
  };
}

/**
 * Held for the SMTP account, from its claim (the account was down already): RETRY, due from
 * when it was written (its place in the line), not counted, no attempt spent.
 */
export function heldAtClaim(
  error: string,
  attempts: number,
  writtenMs: number,
  expireAt: Timestamp,
  counted: boolean,
): { delivery: Delivery } {
  return {
    delivery: {
      state: 'RETRY',
      attempts,
      startTime: serverTime(),
      endTime: null,
      leaseExpireTime: null,
      nextAttemptTime: Timestamp.fromMillis(writtenMs),
      error,
      info: null,
      expireAt,
      claim: null,
      counted,
      waitsFor: 'account',
    },
  };
}

/**
 * Held for the SMTP account after a try failed for its sake: as `heldAtClaim`, the try not
 * counted as an attempt; its count against the caps is given back (the claim's writes).
 */
export function held(attempts: number, error: string, writtenMs: number, unansweredMs?: number): DeliveryUpdate {
  return {
    ...unansweredAt(unansweredMs),
    'delivery.state': 'RETRY',
    'delivery.attempts': attempts,
    'delivery.leaseExpireTime': null,
    'delivery.nextAttemptTime': Timestamp.fromMillis(writtenMs),
    'delivery.error': error,
    'delivery.claim': null,
    'delivery.counted': false,
    'delivery.waitsFor': 'account',
  };
}

/** `delivery.unanswered` when a send met no answer (none otherwise). */
export function unansweredAt(ms: number | undefined): DeliveryUpdate {
  return ms === undefined ? {} : { 'delivery.unanswered': Timestamp.fromMillis(ms) };
}

/** Never claimed (the database kept refusing): waiting for the sweep. */
export function unclaimedRetry(error: string, nextAttemptMs: number, expireAt: Timestamp): { delivery: Delivery } {
  return {
    delivery: {
      state: 'RETRY',
      attempts: 0,
      startTime: serverTime(),
      endTime: null,
      leaseExpireTime: null,
      nextAttemptTime: Timestamp.fromMillis(nextAttemptMs),
      error,
      info: null,
      expireAt,
    },
  };
}

/** Sent: the server's answer. */
export function succeeded(attempts: number, info: DeliveryInfo): DeliveryUpdate {
  return {
    'delivery.state': 'SUCCESS',
    'delivery.attempts': attempts,
    'delivery.endTime': serverTime(),
    'delivery.leaseExpireTime': null,
    'delivery.error': null,
    'delivery.info': info,
  };
}

/** Ended in ERROR after trying to send. */
export function failed(attempts: number, error: string): DeliveryUpdate {
  return {
    'delivery.state': 'ERROR',
    'delivery.attempts': attempts,
    'delivery.endTime': serverTime(),
    'delivery.leaseExpireTime': null,
    'delivery.error': error,
  };
}

/** Waiting in RETRY for the sweep after a transient failure, until `nextAttemptMs`. */
export function retryAt(attempts: number, error: string, nextAttemptMs: number): DeliveryUpdate {
  return {
    'delivery.state': 'RETRY',
    'delivery.attempts': attempts,
    'delivery.leaseExpireTime': null,
    'delivery.nextAttemptTime': Timestamp.fromMillis(nextAttemptMs),
    'delivery.error': error,
  };
}

/** Still PROCESSING: one more try within this invocation, the lease renewed. */
export function tryingAgain(attempts: number, error: string, nowMs: number): DeliveryUpdate {
  return {
    'delivery.attempts': attempts,
    'delivery.leaseExpireTime': Timestamp.fromMillis(nowMs + leaseMs),
    'delivery.error': error,
  };
}
