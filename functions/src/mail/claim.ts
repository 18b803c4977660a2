import { randomUUID } from 'node:crypto';
import { FieldValue, Timestamp, type DocumentReference, type DocumentSnapshot } from 'firebase-admin/firestore';
import { errorCodes, logEvent } from '../log.js';
import { referenceFor } from '../contracts/contact-message.js';
import {
  assessDelivery,
  capsApply,
  endedUnsent,
  held,
  heldAtClaim,
  isCounted,
  leaseMs,
  processing,
  queued,
  recordedAs,
  requeued,
  unclaimedRetry,
  unclaimedToQueue,
  type DeliveryUpdate,
  type QueuedFor,
  type Assessment,
  type SendRecord,
} from './delivery.js';
import {
  cleanPictureFrom,
  hasRawPicture,
  parseMailDocument,
  pictureMark,
  rawPictureForMs,
  senderOf,
  type ContactMail,
} from './mail-document.js';
import { checkCount, type MailCaps } from './caps.js';
import { emailCount, nextDayMs, readCounts } from './counters.js';
import type { Expiry } from './retention.js';
import { maxAttempts, pause } from './retry-policy.js';
import { gaveUp, heldFor } from './decide.js';
import type { RecordResult } from './pipeline.js';
import { readThread, sameRefs, threadRefs, type Thread, type ThreadRefs } from './threads.js';
import { accountRef, readAccount, type AccountState } from './account.js';

// A message's claim: one transaction (one read of the message and of everything it is
// decided by, one commit) that sets `delivery.state` PROCESSING with a lease before anything
// is sent, so a second invocation (an event delivered twice, the trigger and the sweep at
// once) finds it taken and sends nothing; the same commit counts the email against the caps
// (caps.ts, counters.ts). What follows is written while the claim holds: the outcome, or the message
// back in the queue with its count given back.

export { leaseMs };

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
type Counted = { day: Write & { redo: Record<string, unknown> }; sender?: DocumentReference };

/**
 * A claimed message's hold on its document: every write of what becomes of it goes through
 * here while the claim is this invocation's.
 */
export type Lease = {
  /**
   * Records what a try of the send step came to (with `extra` documents in the same write),
   * if the claim still holds. One waiting for the account's sending quota goes back to the
   * queue for the next day, its count given back and the day marked spent, so every later
   * message of the day goes to the digests.
   */
  record(step: SendRecord, extra?: readonly Write[], message?: MessageFields): Promise<RecordResult>;
  /**
   * Records that this claim starts reading the message's picture (`delivery.pictureTried`),
   * before a decode that could take the invocation down (memory, a crash): should it never
   * record an outcome, the claim that recovers the message sends it without the picture. The
   * next outcome this lease records clears it.
   */
  markPictureTried(): Promise<void>;
};

/** A message taken by this invocation, within the caps: to be rendered and sent. */
export type Claimed = ClaimTaken & {
  lease: Lease;
  /** Whether delivery notices wait for an email (the caps' count says so; unknown: look). */
  noticesWait: boolean;
};

/** What the claim's transaction took. */
type ClaimTaken = {
  kind: 'claimed';
  ref: DocumentReference;
  mail: ContactMail;
  /** Attempts so far, this one included. */
  attempts: number;
  /** The claim's token: a state write after the lease's margin checks it (`delivery.claim`). */
  token: string;
  /** What this claim counted against the caps. */
  counted?: Counted;
  thread: Thread;
  threadRefs: ThreadRefs;
  /** Until when the lease holds (this invocation's clock). */
  leaseUntilMs: number;
  /** When the message was written: a message held for the mail account keeps its place by it. */
  writtenMs: number;
  /**
   * When an earlier send of this message met no answer after it may have reached the server
   * (`delivery.unanswered`): this email says it may be a repeat, and another silence ends it.
   */
  unansweredMs?: number;
  /** Whether the message still holds its picture as written (mail-document.ts, hasRawPicture). */
  rawPicture: boolean;
  /**
   * Whether an earlier claim started reading the picture and its invocation stopped before it
   * recorded anything (it died while decoding, perhaps out of memory): not to be read again.
   */
  pictureStopped: boolean;
};

/** What came of a claim, before the caps' check. */
type Taken =
  | ClaimTaken
  | { kind: 'held'; reason: string }
  | { kind: 'ended'; error: string; reason: string }
  | { kind: 'queued'; reason: string; spent?: boolean }
  | { kind: 'skipped'; reason: string };

export type Claim =
  | Claimed
  /** Ended in ERROR within the claim; `reason` is short and safe to log. */
  | { kind: 'ended'; error: string; reason: string }
  /**
   * Over a cap: waits for a digest (digest.ts); `reason` is short and safe to log; `spent`
   * when the day's emails are all gone (the team hears of it once a day).
   */
  | { kind: 'queued'; reason: string; spent?: boolean }
  /** Not claimed: Firestore kept refusing; RETRY recorded for the sweep (or another took it). */
  | { kind: 'deferred'; recorded: boolean }
  /** Held for the mail account, which is down (account.ts): RETRY, tried again with it. */
  | { kind: 'held'; reason: string }
  | { kind: 'skipped'; reason: string };

/** What a claim needs to know: the caps, and when a message expires. */
export type ClaimSettings = { caps: MailCaps; expiry: Expiry };

/** A message that ends without an email of its own: its picture to be drawn again at once. */
const rawPictureEnds = (data: Record<string, unknown>, nowMs: number) =>
  hasRawPicture(data) ? cleanPictureFrom(nowMs) : {};

/** The documents a claim reads besides the message: its sender's counter and its thread's. */
function relatedRefs(ref: DocumentReference, caps: MailCaps, nowMs: number, mail: ContactMail | undefined) {
  const counter = mail ? caps.senderCounterRef(ref.firestore, nowMs, senderOf(mail)) : undefined;
  return { counter, thread: threadRefs(ref.firestore, mail, referenceFor(ref.id)) };
}
const refList = (related: ReturnType<typeof relatedRefs>) =>
  [related.counter, related.thread.own, related.thread.sender, related.thread.quoted].filter(
    (ref): ref is DocumentReference => ref !== undefined,
  );

/** What a claim reads first: the message (undefined once deleted) and the mail account's state. */
export type FirstLook =
  /** Decided without sending: what the claim returns, and the message's change, if any. */
  | { kind: 'settled'; taken: Exclude<Taken, ClaimTaken>; update?: DeliveryUpdate & { reference?: string } }
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
      /** When the message was written: a message held for the mail account keeps its place by it. */
      writtenMs: number;
      account: AccountState;
    };

/**
 * The claim's first decisions, on what its transaction read (pure): not to be taken (gone,
 * leased, ended, waiting); a digest's message whose invocation died back to the queue, never
 * out alone (sent again in a digest of the same id, so under the same Message-ID should it
 * have gone); malformed, or out of attempts, ended in ERROR; held while the mail account is
 * down (no try of the login, no count against the caps; the sweep tries the account with a
 * check of its own, account-check.ts); else on to the caps. Every write of the whole field carries the expiry, and the
 * document its reference.
 */
export function firstLook(
  data: Record<string, unknown> | undefined,
  account: AccountState,
  { nowMs, expiry, reference }: { nowMs: number; expiry: Expiry; reference: string },
): FirstLook {
  if (!data) return { kind: 'settled', taken: { kind: 'skipped', reason: 'the document no longer exists' } };
  const delivery = (typeof data.delivery === 'object' && data.delivery !== null ? data.delivery : {}) as Record<
    string,
    unknown
  >;
  const assessment = assessDelivery(data.delivery, nowMs);
  if (!assessment.take) return { kind: 'settled', taken: { kind: 'skipped', reason: assessment.reason } };
  const before =
    assessment.round === 'manual' || typeof delivery.attempts !== 'number' ? 0 : Math.max(0, delivery.attempts);
  const expireAt = expiry(data.createdAt, nowMs);

  if (assessment.round === 'recovered' && typeof delivery.digest === 'string') {
    return {
      kind: 'settled',
      taken: { kind: 'queued', reason: 'back in the queue after a digest stopped' },
      update: requeued(before, 'the digest sending it stopped', nowMs, delivery.digest),
    };
  }
  const parsed = parseMailDocument(data);
  if (!parsed.ok) {
    const error = `malformed document: ${parsed.reason}`;
    return {
      kind: 'settled',
      taken: { kind: 'ended', error, reason: error },
      update: { ...endedUnsent(error, before, expireAt), reference, ...rawPictureEnds(data, nowMs) },
    };
  }
  if (before >= maxAttempts) {
    const last = typeof delivery.error === 'string' ? delivery.error : 'the invocation sending it stopped';
    const error = gaveUp(before, last);
    return {
      kind: 'settled',
      taken: { kind: 'ended', error, reason: `gave up after ${before} attempts` },
      update: { ...endedUnsent(error, before, expireAt), reference, ...rawPictureEnds(data, nowMs) },
    };
  }
  const createdAt: unknown = data.createdAt;
  const writtenMs = createdAt instanceof Timestamp ? createdAt.toMillis() : nowMs;
  if (account.down) {
    const error = heldFor({ message: account.reason });
    return {
      kind: 'settled',
      taken: { kind: 'held', reason: 'the mail account is down' },
      update: {
        ...heldAtClaim(error, before, writtenMs, expireAt, false),
        reference,
        ...(hasRawPicture(data) ? cleanPictureFrom(writtenMs + rawPictureForMs) : {}),
      },
    };
  }
  return {
    kind: 'go',
    data,
    delivery,
    mail: parsed.mail,
    round: assessment.round,
    before,
    expireAt,
    reference,
    writtenMs,
    account,
  };
}

/**
 * Takes the document for this invocation in one transaction: one read, the first decisions
 * (`firstLook`, pure), then the sender's slot under the caps and the count, one commit. A
 * document that cannot be sent (malformed, out of attempts) is ended in ERROR right there; one
 * over a cap joins the queue of the digests. `known`: the message as the event (or the sweep's query) carried it,
 * so the first read can take its sender's counter and thread documents too: the visitor's
 * fields never change once written (firestore.rules allow create only).
 */
export async function claim(
  ref: DocumentReference,
  { caps, expiry }: ClaimSettings,
  nowMs: number,
  known?: DocumentSnapshot,
): Promise<Taken> {
  const db = ref.firestore;
  const knownMail = known?.exists ? parseMailDocument(known.data()) : undefined;
  const guessed = relatedRefs(ref, caps, nowMs, knownMail?.ok ? knownMail.mail : undefined);
  return db.runTransaction(async (tx): Promise<Taken> => {
    // The mail account's state comes with the message, in the same read (account.ts).
    const [snapshot, accountSnapshot, ...guessedSnapshots] = await tx.getAll(
      ref,
      accountRef(db),
      ...(known ? refList(guessed) : []),
    );
    const look = firstLook(snapshot?.exists ? (snapshot.data() ?? {}) : undefined, readAccount(accountSnapshot), {
      nowMs,
      expiry,
      reference: referenceFor(ref.id),
    });
    if (look.kind === 'settled') {
      if (look.update) tx.update(ref, look.update);
      return look.taken;
    }
    const { data, delivery, mail, before, expireAt, reference, writtenMs, round } = look;

    // The related documents, read with the message when it was known (the usual case).
    const related = relatedRefs(ref, caps, nowMs, mail);
    const list = refList(related);
    const sameAsGuessed =
      known !== undefined &&
      guessed.counter?.path === related.counter?.path &&
      sameRefs(guessed.thread, related.thread);
    const relatedSnapshots = sameAsGuessed ? guessedSnapshots : list.length ? await tx.getAll(...list) : [];
    const byPath = new Map(relatedSnapshots.map((item) => [item.ref.path, item]));
    const read = (item: DocumentReference | undefined) => (item ? byPath.get(item.path) : undefined);

    // Every send of a message not yet counted meets the caps (delivery.ts, capsApply):
    // retries of a counted message are not counted again, and an operator's retry is sent even
    // over a cap. Over the sender's cap, or once this instance saw the hour's or the day's
    // emails spent, the message waits for a digest, at its sender's place in the queue.
    let counted: Counted | undefined;
    if (capsApply(data.delivery, round)) {
      const slot = caps.slot(read(related.counter), nowMs);
      if (slot.write) tx.set(slot.write.ref, slot.write.data);
      if (!slot.alone) {
        const queuedFor: QueuedFor =
          slot.spent === 'day' ? 'daily quota' : slot.spent === 'hour' ? 'global cap' : 'sender cap';
        tx.update(ref, { ...queued(queuedFor, slot.digestMs, expireAt), reference, ...pictureMark(data) });
        return { kind: 'queued', reason: `over the ${queuedFor}` };
      }
      if (caps.counting) {
        const count = emailCount(db, nowMs, true);
        tx.set(count.ref, count.data, { merge: true });
        counted = { day: { ref: count.ref, data: count.undo, redo: count.data }, sender: slot.write?.ref };
      }
    }

    const attempts = before + 1;
    const token = randomUUID();
    const unanswered = delivery.unanswered instanceof Timestamp ? delivery.unanswered : undefined;
    tx.update(ref, {
      ...processing(attempts, nowMs, expireAt, token, counted !== undefined || isCounted(data.delivery), unanswered),
      reference,
      // For a digest, should it go to the queue after all (digest.ts: it reads no picture).
      ...pictureMark(data),
    });
    const thread = readThread(
      ref.id,
      { sender: read(related.thread.sender), own: read(related.thread.own), quoted: read(related.thread.quoted) },
      nowMs,
      related.thread.sender?.id,
    );
    return {
      kind: 'claimed',
      ref,
      mail,
      attempts,
      token,
      ...(counted ? { counted } : {}),
      thread,
      threadRefs: related.thread,
      leaseUntilMs: nowMs + leaseMs,
      writtenMs,
      ...(unanswered ? { unansweredMs: unanswered.toMillis() } : {}),
      rawPicture: hasRawPicture(data),
      pictureStopped: round === 'recovered' && typeof delivery.pictureTried === 'string',
    };
  });
}

/** gRPC ABORTED: a transaction lost to another one on the same document. */
const aborted = (error: unknown) => (error as { code?: unknown } | null)?.code === 10;

/** How long an invocation keeps trying to claim through contention (well within its time-out). */
export const contentionBudgetMs = 60_000;

export type ClaimRetryOptions = {
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  claimForMs?: number;
  /** Called before each retry after contention (counted by the parallel benchmark). */
  onRetry?: () => void;
};

/**
 * Claims like `claim`, and when the transaction keeps losing to others on the same documents
 * (the SDK already tries five times), tries again after a growing, jittered pause until
 * `claimForMs` has passed. Other errors are not retried.
 */
export async function claimWithRetries(
  ref: DocumentReference,
  settings: ClaimSettings,
  known: DocumentSnapshot | undefined,
  {
    now = Date.now,
    sleep = pause,
    random = Math.random,
    claimForMs = contentionBudgetMs,
    onRetry = () => {},
  }: ClaimRetryOptions = {},
): Promise<Taken> {
  const giveUpAt = now() + claimForMs;
  for (let retry = 0; ; retry += 1) {
    try {
      return await claim(ref, settings, now(), known);
    } catch (error) {
      const delay = Math.min(2_000, 50 * 2 ** retry) * (0.5 + random());
      if (!aborted(error) || now() + delay > giveUpAt) throw error;
      onRetry();
      await sleep(delay);
    }
  }
}

/** When a message that could not be claimed is tried again. */
export const unclaimedRetryMs = 60_000;

/**
 * Claims a message for this invocation (`claimWithRetries`) and checks its count against the
 * caps: within them it comes with its lease; over them it is back in the queue, its count
 * given back, in one write. A message that could not even be claimed (Firestore kept
 * refusing) gets a recorded RETRY, so it never stays without a delivery state and the sweep
 * takes it from there; that RETRY is written only if the document has not changed since it
 * was read: one another invocation claimed meanwhile is left to that one.
 */
export async function claimMail(
  ref: DocumentReference,
  settings: ClaimSettings,
  known: DocumentSnapshot | undefined,
  options: ClaimRetryOptions = {},
): Promise<Claim> {
  const now = options.now ?? Date.now;
  const taken = await claimWithRetries(ref, settings, known, options).catch((error: unknown) => {
    logEvent('claimFailed', { mailId: ref.id, ...errorCodes(error) });
    return undefined;
  });
  if (taken?.kind === 'claimed') {
    return withinCaps(taken, settings, { now, sleep: options.sleep ?? pause, random: options.random ?? Math.random });
  }
  return taken ?? { kind: 'deferred', recorded: await deferUnclaimed(ref, settings.expiry, now) };
}

/**
 * The caps' check of a claimed message, which also says whether delivery notices wait for an
 * email: within the caps it comes with its lease; over them it goes back to the queue.
 */
async function withinCaps(
  taken: ClaimTaken,
  { caps }: ClaimSettings,
  { now, sleep, random }: Required<Pick<ClaimRetryOptions, 'now' | 'sleep' | 'random'>>,
): Promise<Claim> {
  if (!taken.counted) return leased(taken, caps, undefined, now);
  const { day } = taken.counted;
  const db = taken.ref.firestore;
  const check = caps.beginCheck();
  try {
    const { counts, verdict } = await checkCount(
      {
        read: () => readCounts(db, now()),
        stepAside: async () => {
          await day.ref.set(day.data, { merge: true });
        },
        countAgain: async () => {
          await day.ref.set(day.redo, { merge: true });
        },
      },
      (counts) => {
        const { over, surely } = check.verdict(counts, now());
        return { over: over !== 'under', surely, cap: over };
      },
      { sleep, random },
    );
    if (!verdict.over) return leased(taken, caps, counts, now);
    const queuedFor: QueuedFor = verdict.cap === 'day' ? 'daily quota' : 'global cap';
    await backToQueue(taken, queuedFor, now());
    return {
      kind: 'queued',
      reason: `over the ${queuedFor}`,
      spent: verdict.cap === 'day' && counts.day >= caps.perDay,
    };
  } finally {
    check.end();
  }
}

/** A claimed message within the caps, with its lease. */
function leased(
  taken: ClaimTaken,
  caps: MailCaps,
  counts: { notices: number } | undefined,
  now: () => number,
): Claimed {
  let pictureMarked = false;
  // A message that waits keeps the picture as written a day at most (mail-document.ts, pictureToClean).
  const waitingPicture = taken.rawPicture ? cleanPictureFrom(taken.writtenMs + rawPictureForMs) : {};
  // Once the picture was marked, the next outcome clears the mark: the read has ended.
  const cleared = (update: DeliveryUpdate): DeliveryUpdate =>
    pictureMarked ? { ...update, 'delivery.pictureTried': FieldValue.delete() } : update;
  return {
    ...taken,
    noticesWait: counts === undefined || counts.notices > 0,
    lease: {
      markPictureTried: async () => {
        await writeWhileClaimed(taken, { 'delivery.pictureTried': taken.token }, [], now());
        pictureMarked = true;
      },
      record: (step, extra = [], message = {}) => {
        switch (step.kind) {
          case 'quota':
            return writeWhileClaimed(
              taken,
              cleared(unclaimedToQueue('daily quota', nextDayMs(now()))),
              [caps.daySpent(taken.ref.firestore, now()), ...giveBack(taken)],
              now(),
            );
          case 'held':
            // Held for the mail account: its count given back, so it meets the caps again when it goes.
            return writeWhileClaimed(
              taken,
              { ...cleared(held(step.attempts, step.error, taken.writtenMs, step.unansweredMs)), ...waitingPicture },
              giveBack(taken),
              now(),
            );
          case 'deferred':
            return writeWhileClaimed(taken, { ...cleared(recordedAs(step)), ...waitingPicture }, extra, now());
          default:
            return writeWhileClaimed(taken, { ...cleared(recordedAs(step)), ...message }, extra, now());
        }
      },
    },
  };
}

/** Records RETRY on a message no invocation could claim; true when it was written. */
async function deferUnclaimed(ref: DocumentReference, expiry: Expiry, now: () => number): Promise<boolean> {
  try {
    const snapshot = await ref.get();
    if (!snapshot.exists || snapshot.get('delivery.state') !== undefined) return false;
    await ref.update(
      {
        ...unclaimedRetry(
          'could not be claimed: the database was busy',
          now() + unclaimedRetryMs,
          expiry(snapshot.get('createdAt'), now()),
        ),
        reference: referenceFor(ref.id),
      },
      { lastUpdateTime: snapshot.updateTime },
    );
    return true;
  } catch {
    return false;
  }
}

/** The writes that give back what a claim counted against the caps. */
function giveBack(taken: ClaimTaken): Write[] {
  if (!taken.counted) return [];
  const { day, sender } = taken.counted;
  return [day, ...(sender ? [{ ref: sender, data: { count: FieldValue.increment(-1) } }] : [])];
}

/**
 * A message over the hour's cap, or past what the day leaves for messages alone, once its
 * count was checked: back in the queue for a digest (due now), its count given back, in one
 * write (the lease is fresh: nobody else may have taken it).
 */
async function backToQueue(taken: ClaimTaken, queuedFor: QueuedFor, nowMs: number): Promise<void> {
  const batch = taken.ref.firestore.batch();
  batch.update(taken.ref, unclaimedToQueue(queuedFor, nowMs, taken.attempts - 1));
  for (const item of giveBack(taken)) batch.set(item.ref, item.data, { merge: true });
  await batch.commit();
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
  taken: ClaimTaken,
  update: DeliveryUpdate & MessageFields,
  extra: readonly Write[],
  nowMs: number,
): Promise<RecordResult> {
  if (nowMs < taken.leaseUntilMs - leaseMarginMs) {
    const batch = taken.ref.firestore.batch();
    batch.update(taken.ref, update);
    for (const item of extra) batch.set(item.ref, item.data, { merge: true });
    await batch.commit();
    return 'written';
  }
  return recordIfClaimed(taken.ref, taken.token, update, extra);
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
