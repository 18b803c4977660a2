import { FieldValue, type DocumentReference, type Timestamp } from 'firebase-admin/firestore';
import type { MailCaps } from './caps.js';
import type { Settlement } from '../email/settlement.js';
import type { DeliveryUpdate } from './delivery.js';
import { messageOutcome, type MessageOutcome, type Outcome } from './delivery-decisions.js';
import { cleanPictureFrom, rawPictureForMs } from './mail-document.js';
import type { RecordResult } from '../email/runner.js';

// A claimed message's lease: its claim (claim.ts) set PROCESSING with a token and a lease
// time; every write of what becomes of the message goes through here, while the claim is still
// this invocation's. A settlement (email/settlement.ts) is written as delivery-decisions.ts
// says (`messageOutcome`: the change of `delivery`, what goes with it, what the message came to).

export { leaseMs } from './delivery.js';

/** A write (set, merged) that goes with a change of `delivery`, in the same commit. */
export type Write = { ref: DocumentReference; data: Record<string, unknown> };

/** A field of the message itself the outcome changes with it: the picture, once it is done with. */
export type MessageFields = {
  picture?: Uint8Array | FieldValue;
  hasPicture?: boolean;
  pictureToClean?: Timestamp | FieldValue;
  pictureDrawn?: boolean;
};

/** The count a claim made against the caps, kept unless the message does not go alone after all. */
export type Counted = { day: Write & { redo: Record<string, unknown> }; sender?: DocumentReference };

/** What a lease holds: the message, its claim's token and until when, and what the claim counted. */
export type LeaseHold = {
  ref: DocumentReference;
  /** The claim's token: a state write after the lease's margin checks it (`delivery.claim`). */
  token: string;
  /** Until when the lease holds (this invocation's clock). */
  leaseUntilMs: number;
  /** Attempts so far, this one included. */
  attempts: number;
  /** When the message was written: a message held for the SMTP account keeps its place by it. */
  writtenMs: number;
  /** Whether the message still holds its picture as written (mail-document.ts, hasRawPicture). */
  rawPicture: boolean;
  /** What this claim counted against the caps. */
  counted?: Counted;
};

/** What goes with an outcome: documents written with SUCCESS, the message's fields once it ends. */
export type OutcomeWith = { sentWith?: readonly Write[]; ends?: MessageFields };

/** What a lease's record came to: what the message came to (`again`: tried again in this run), or `stale`. */
export type Recorded = Outcome | 'again' | 'stale';

export type Lease = {
  /**
   * Records a settlement on the message, if the claim still holds, and resolves to what the
   * message came to: one held for the account's sending quota goes back to the queue for the
   * next day, its count given back and the day marked spent, so every later message of the day
   * goes to the digests.
   */
  record(settled: Settlement, withIt?: OutcomeWith): Promise<Recorded>;
  /**
   * Records that this claim starts reading the message's picture (`delivery.pictureTried`),
   * before a decode that could take the invocation down (memory, a crash): should it never
   * record an outcome, the claim that recovers the message sends it without the picture. The
   * next outcome this lease records clears it.
   */
  markPictureTried(): Promise<void>;
};

/** The outcome's change of `delivery`, with the picture's fields it changes. */
function withPicture(
  outcome: MessageOutcome,
  hold: LeaseHold,
  { pictureMarked, ends }: { pictureMarked: boolean; ends: MessageFields },
): DeliveryUpdate & MessageFields {
  return {
    ...outcome.update,
    // Once the picture was marked, the outcome clears the mark: the read has ended.
    ...(pictureMarked ? { 'delivery.pictureTried': FieldValue.delete() } : {}),
    ...(outcome.ends ? ends : {}),
    // A message that waits keeps the picture as written a day at most (mail-document.ts).
    ...(outcome.waits && hold.rawPicture ? cleanPictureFrom(hold.writtenMs + rawPictureForMs) : {}),
  };
}

/** The lease of a message this invocation claimed, within the caps. */
export function leaseOf(hold: LeaseHold, caps: MailCaps, now: () => number): Lease {
  let pictureMarked = false;
  return {
    markPictureTried: async () => {
      await writeWhileClaimed(hold, { 'delivery.pictureTried': hold.token }, [], now());
      pictureMarked = true;
    },
    record: async (settled, { sentWith = [], ends = {} } = {}) => {
      const nowMs = now();
      const outcome = messageOutcome(settled, { writtenMs: hold.writtenMs, nowMs });
      const update = withPicture(outcome, hold, { pictureMarked, ends });
      const extra = [
        ...(settled.kind === 'sent' ? sentWith : []),
        ...(outcome.daySpent ? [caps.daySpent(hold.ref.firestore, nowMs)] : []),
        ...(outcome.givesBack ? giveBack(hold) : []),
      ];
      const written = await writeWhileClaimed(hold, update, extra, nowMs);
      return written === 'stale' ? 'stale' : (outcome.outcome ?? 'again');
    },
  };
}

/** The writes that give back what a claim counted against the caps. */
export function giveBack(hold: LeaseHold): Write[] {
  if (!hold.counted) return [];
  const { day, sender } = hold.counted;
  return [day, ...(sender ? [{ ref: sender, data: { count: FieldValue.increment(-1) } }] : [])];
}

/**
 * A state write is made without a check while the lease has this long left: nobody else may
 * claim the document before the lease runs out, so the claim is still this one.
 */
const leaseMarginMs = 2 * 60_000;

/**
 * Writes a change of `delivery` (and, with it, `extra` documents) while the claim is this
 * invocation's: one write while the lease has well over `leaseMarginMs` left, since nobody
 * may take the document before it runs out; later, in a transaction that checks the token.
 */
async function writeWhileClaimed(
  hold: LeaseHold,
  update: DeliveryUpdate & MessageFields,
  extra: readonly Write[],
  nowMs: number,
): Promise<RecordResult> {
  if (nowMs < hold.leaseUntilMs - leaseMarginMs) {
    const batch = hold.ref.firestore.batch();
    batch.update(hold.ref, update);
    for (const item of extra) batch.set(item.ref, item.data, { merge: true });
    await batch.commit();
    return 'written';
  }
  return recordIfClaimed(hold.ref, hold.token, update, extra);
}

/**
 * Writes a change of `delivery` only while `token` is still the document's claim, in a
 * transaction: an invocation that lost its claim (timed out and woke later, or overtaken by
 * the sweep once its lease ran out) changes nothing.
 */
export async function recordIfClaimed(
  ref: DocumentReference,
  token: string,
  update: DeliveryUpdate & MessageFields,
  extra: readonly Write[] = [],
): Promise<RecordResult> {
  return ref.firestore.runTransaction(async (tx) => {
    if ((await tx.get(ref)).get('delivery.claim') !== token) return 'stale';
    tx.update(ref, update);
    for (const item of extra) tx.set(item.ref, item.data, { merge: true });
    return 'written';
  });
}
