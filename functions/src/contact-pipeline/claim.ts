import { randomUUID } from 'node:crypto';
import { Timestamp, type DocumentReference, type DocumentSnapshot, type Transaction } from 'firebase-admin/firestore';
import { referenceFor } from '../contracts/contact-message.js';
import { capsApply, isCounted } from './assess-delivery.js';
import { leaseMs, processing, queued, type QueuedFor } from './delivery.js';
import { hasRawPicture, parseMailDocument, pictureMark, senderOf, type ContactMail } from './mail-document.js';
import type { MailCaps } from './caps.js';
import { emailCount } from '../email/counters.js';
import type { Expiry } from './retention.js';
import { pause } from '../email/send-failures.js';
import { readThread, sameRefs, threadRefs, type Thread, type ThreadRefs } from './threads.js';
import { accountRef, readAccount } from '../email/smtp-account.js';
import { firstLook, type FirstLook, type NotClaimed } from './first-look.js';
import type { Counted, LeaseHold } from './lease.js';

// A message's claim: one transaction (one read of the message and of everything it is
// decided by, one commit) that sets `delivery.state` PROCESSING with a lease before anything
// is sent, so a second invocation (an event delivered twice, the trigger and the sweep at
// once) finds it taken and sends nothing; the same commit counts the email against the caps
// (caps.ts, counters.ts). What follows is written through the lease (lease.ts), after the
// caps' check of the count (caps-check.ts).

/** A message this invocation's transaction took: to be checked against the caps, then sent. */
export type ClaimedMessage = LeaseHold & {
  kind: 'claimed';
  mail: ContactMail;
  thread: Thread;
  threadRefs: ThreadRefs;
  /**
   * When an earlier send of this message met no answer after it may have reached the server
   * (`delivery.unanswered`): this email says it may be a repeat, and another silence ends it.
   */
  unansweredMs?: number;
  /**
   * Whether an earlier claim started reading the picture and its invocation stopped before it
   * recorded anything (it died while decoding, perhaps out of memory): not to be read again.
   */
  pictureStopped: boolean;
};

export type { NotClaimed };

/** What a claim needs to know: the caps, and when a message expires. */
export type ClaimSettings = { caps: MailCaps; expiry: Expiry };

type Go = Extract<FirstLook, { kind: 'go' }>;

/** The documents a claim reads besides the message: its sender's counter and its thread's. */
function relatedRefs(ref: DocumentReference, caps: MailCaps, nowMs: number, mail: ContactMail | undefined) {
  const counter = mail ? caps.senderCounterRef(ref.firestore, nowMs, senderOf(mail)) : undefined;
  return { counter, thread: threadRefs(ref.firestore, mail, referenceFor(ref.id)) };
}
type Related = ReturnType<typeof relatedRefs>;
const refList = (related: Related) =>
  [related.counter, related.thread.own, related.thread.sender, related.thread.quoted].filter(
    (ref): ref is DocumentReference => ref !== undefined,
  );
const sameRelated = (a: Related, b: Related) => a.counter?.path === b.counter?.path && sameRefs(a.thread, b.thread);

/**
 * The related documents, each by its reference: read with the message when the guess from the
 * event was right (the usual case), else now.
 */
async function readRelated(tx: Transaction, related: Related, readWithMessage: DocumentSnapshot[] | undefined) {
  const list = refList(related);
  const snapshots = readWithMessage ?? (list.length ? await tx.getAll(...list) : []);
  const byPath = new Map(snapshots.map((item) => [item.ref.path, item]));
  return (item: DocumentReference | undefined) => (item ? byPath.get(item.path) : undefined);
}

/**
 * Every send of a message not yet counted meets the caps (assess-delivery.ts, capsApply):
 * retries of a counted message are not counted again, and an operator's retry is sent even
 * over a cap. Over the sender's cap, or once this instance saw the hour's or the day's emails
 * spent, the message waits for a digest, at its sender's place in the queue; else its count.
 */
function meetCaps(
  tx: Transaction,
  ref: DocumentReference,
  look: Go,
  caps: MailCaps,
  counter: DocumentSnapshot | undefined,
  nowMs: number,
): { queued: NotClaimed } | { counted?: Counted } {
  if (!capsApply(look.data.delivery, look.round)) return {};
  const slot = caps.slot(counter, nowMs);
  if (slot.write) tx.set(slot.write.ref, slot.write.data);
  if (!slot.alone) {
    const queuedFor: QueuedFor =
      slot.spent === 'day' ? 'daily quota' : slot.spent === 'hour' ? 'global cap' : 'sender cap';
    tx.update(ref, {
      ...queued(queuedFor, slot.digestMs, look.expireAt),
      reference: look.reference,
      ...pictureMark(look.data),
    });
    return { queued: { kind: 'queued', reason: `over the ${queuedFor}` } };
  }
  if (!caps.counting) return {};
  const count = emailCount(ref.firestore, nowMs, true);
  tx.set(count.ref, count.data, { merge: true });
  return { counted: { day: { ref: count.ref, data: count.undo, redo: count.data }, sender: slot.write?.ref } };
}

/** PROCESSING, with a fresh token and lease: the message is this invocation's. */
function takeIt(
  tx: Transaction,
  ref: DocumentReference,
  look: Go,
  counted: Counted | undefined,
  related: Related,
  read: (item: DocumentReference | undefined) => DocumentSnapshot | undefined,
  nowMs: number,
): ClaimedMessage {
  const { data, delivery } = look;
  const attempts = look.before + 1;
  const token = randomUUID();
  const unanswered = delivery.unanswered instanceof Timestamp ? delivery.unanswered : undefined;
  tx.update(ref, {
    ...processing(attempts, nowMs, look.expireAt, token, counted !== undefined || isCounted(data.delivery), unanswered),
    reference: look.reference,
    // For a digest, should it go to the queue after all (digest.ts: it reads no picture).
    ...pictureMark(data),
  });
  const { thread } = related;
  return {
    kind: 'claimed',
    ref,
    mail: look.mail,
    attempts,
    token,
    ...(counted ? { counted } : {}),
    thread: readThread(
      ref.id,
      { sender: read(thread.sender), own: read(thread.own), quoted: read(thread.quoted) },
      nowMs,
      thread.sender?.id,
    ),
    threadRefs: thread,
    leaseUntilMs: nowMs + leaseMs,
    writtenMs: look.writtenMs,
    ...(unanswered ? { unansweredMs: unanswered.toMillis() } : {}),
    rawPicture: hasRawPicture(data),
    pictureStopped: look.round === 'recovered' && typeof delivery.pictureTried === 'string',
  };
}

/**
 * Takes the document for this invocation in one transaction: one read, the first decisions
 * (`firstLook`, pure), then the sender's slot under the caps and the count, one commit. A
 * document that cannot be sent (malformed, out of attempts) is ended in ERROR right there; one
 * over a cap joins the queue of the digests. `known`: the message as the event (or the sweep's
 * query) carried it, so the first read can take its sender's counter and thread documents too:
 * the visitor's fields never change once written (firestore.rules allow create only).
 */
export async function claim(
  ref: DocumentReference,
  { caps, expiry }: ClaimSettings,
  nowMs: number,
  known?: DocumentSnapshot,
): Promise<ClaimedMessage | NotClaimed> {
  const db = ref.firestore;
  const knownMail = known?.exists ? parseMailDocument(known.data()) : undefined;
  const guessed = relatedRefs(ref, caps, nowMs, knownMail?.ok ? knownMail.mail : undefined);
  return db.runTransaction(async (tx): Promise<ClaimedMessage | NotClaimed> => {
    // The SMTP account's state comes with the message, in the same read (smtp-account.ts).
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
    const related = relatedRefs(ref, caps, nowMs, look.mail);
    const read = await readRelated(tx, related, known && sameRelated(guessed, related) ? guessedSnapshots : undefined);
    const caped = meetCaps(tx, ref, look, caps, read(related.counter), nowMs);
    if ('queued' in caped) return caped.queued;
    return takeIt(tx, ref, look, caped.counted, related, read, nowMs);
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
): Promise<ClaimedMessage | NotClaimed> {
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
