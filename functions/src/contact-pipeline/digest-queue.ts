import {
  Timestamp,
  type DocumentReference,
  type DocumentSnapshot,
  type Firestore,
  type QueryDocumentSnapshot,
  type Transaction,
} from 'firebase-admin/firestore';
import { collections } from '../contracts/collections.js';
import { referenceFor } from '../contracts/contact-message.js';
import { asTheEmails, decide, type Decision, type Sent } from '../email/decide.js';
import { endedUnsent, inDigest, type DeliveryUpdate } from './delivery.js';
import { inDigestOutcome } from './delivery-decisions.js';
import { settle } from '../email/settlement.js';
import {
  fieldsBesidesPicture,
  parseMailDocument,
  pictureFlag,
  pictureMark,
  type ContactMail,
} from './mail-document.js';
import { digestPart, type DigestPart } from './render-digest.js';

// The queue of the messages over a cap (state QUEUED, `delivery.digestTime`): its next
// candidates, claiming them into a digest in transactions (state PROCESSING, a lease,
// `delivery.digest`), so a second sweep or a retried run never sends one twice, and writing
// what came of the digest on each, only while its claim is still that digest's. The digest's
// job (digest.ts) sends them.

/**
 * Most messages in one digest: three times what a flood of 300 a minute writes, so a digest
 * a minute, or one every three as the day's emails run down, keeps up with it.
 */
export const maxDigestMessages = 1_000;
/**
 * Most bytes of the digest's html and text parts together: about 460 parts of the longest
 * messages the rules allow, every character one that escapes longest (at most about 8.7 kB each
 * as a digest shows it, with the row that says a picture came with it: a digest never carries
 * the picture itself; more than a flood of 300 a minute), a thousand typical ones (1.6 kB); with
 * MIME encoding under 6 MB, well within what mail servers accept (Gmail 25 MB, Microsoft 365
 * 25 MB by default) and what a mail client opens without a wait.
 */
export const maxDigestBytes = 4_000_000;

/**
 * Messages claimed per transaction (a transaction writes at most 500 documents). Each is read
 * without its picture (`digestFields`): a chunk is a few hundred kilobytes of text, where whole
 * documents could be 128 MB should every one carry a picture of the largest size the rules allow.
 */
const claimChunk = 200;

/** What a digest reads of a message: every field it prints and decides by, and the flag. */
export const digestFields: readonly string[] = [...fieldsBesidesPicture, pictureFlag];

/** A message a digest took: its part of the email, and what its outcome is decided by. */
export type DigestItem = {
  ref: DocumentReference;
  attempts: number;
  part: DigestPart;
  digestMs: number;
  reference: string;
  /** Whether the message came with a picture (which a digest never attaches). */
  hasPicture: boolean;
  /** When a digest carrying it met no answer once it may have reached the server (`delivery.unanswered`). */
  unansweredMs?: number;
};

/** A queued message that turned out malformed: ended in ERROR as it was claimed. */
export type Malformed = { ref: DocumentReference; error: string };

/**
 * The queue's next candidates: the messages of a digest whose invocation died, to send them
 * again as that digest; else the due messages, in their order in the queue.
 */
export async function candidates(
  db: Firestore,
  nowMs: number,
): Promise<{ id?: string; docs: QueryDocumentSnapshot[] }> {
  // Only `delivery` is read here (a thousand messages with their pictures could be 640 MB);
  // `claimQueued` reads the messages again, in transactions.
  const mail = db.collection(collections.mail).select('delivery');
  const resend = await mail.where('delivery.resendAs', '>', '').limit(1).get();
  const id: unknown = resend.docs[0]?.get('delivery.resendAs');
  if (typeof id === 'string') {
    const again = await mail.where('delivery.resendAs', '==', id).limit(maxDigestMessages).get();
    return { id, docs: again.docs };
  }
  const due = await mail
    .where('delivery.digestTime', '<=', Timestamp.fromMillis(nowMs))
    .orderBy('delivery.digestTime')
    .limit(maxDigestMessages)
    .get();
  return { docs: due.docs };
}

/** How many messages wait in the queue, due now or later. */
export async function queuedCount(db: Firestore): Promise<number> {
  const snapshot = await db.collection(collections.mail).where('delivery.state', '==', 'QUEUED').count().get();
  return snapshot.data().count;
}

/**
 * The message as a digest shows it: a picture is never attached to a digest, only said to have
 * come, so one known from the flag stands in for the bytes that were not read.
 */
function withPictureKnown(mail: ContactMail, picture: boolean): ContactMail {
  if (mail.shape !== 'fields' || !picture || mail.picture) return mail;
  return { ...mail, picture: { kind: 'refused', reason: 'is kept with its document: a digest does not read it' } };
}

/** What a digest claims: its id, whether it is sent again as a digest that died, when, and the links. */
export type Claiming = {
  digest: string;
  resending: boolean;
  nowMs: number;
  source: (id: string) => { id: string; projectId?: string };
};

/** Whether a message read in a claim still waits for this digest (due, or resent as it). */
function isWaiting(snapshot: DocumentSnapshot, { digest, resending, nowMs }: Claiming): boolean {
  if (snapshot.get('delivery.state') !== 'QUEUED') return false;
  if (resending) return snapshot.get('delivery.resendAs') === digest;
  const time: unknown = snapshot.get('delivery.digestTime');
  return time instanceof Timestamp && time.toMillis() <= nowMs;
}

/** What one transaction took; kept only once it commits. */
type Chunk = { claimed: DigestItem[]; malformed: Malformed[]; bytes: number };

/**
 * One queued message into the digest, unless the digest is full (`room` messages, or its size):
 * ended in ERROR when malformed, else its part of the email and PROCESSING under the digest's claim. A
 * message read whole (queued before the picture flag existed) is flagged as it is claimed.
 */
function claimOne(
  tx: Transaction,
  snapshot: DocumentSnapshot,
  readWhole: boolean,
  { chunk, room }: { chunk: Chunk; room: number },
  claiming: Claiming,
): 'claimed' | 'full' | 'malformed' {
  const attemptsBefore: unknown = snapshot.get('delivery.attempts');
  const attempts = typeof attemptsBefore === 'number' ? attemptsBefore : 0;
  const result = parseMailDocument(snapshot.data());
  if (!result.ok) {
    const error = `malformed document: ${result.reason}`;
    tx.update(snapshot.ref, endedUnsent(error, attempts, snapshot.get('delivery.expireAt') as Timestamp));
    chunk.malformed.push({ ref: snapshot.ref, error });
    return 'malformed';
  }
  if (chunk.claimed.length >= room) return 'full';
  const flag: unknown = snapshot.get(pictureFlag);
  const mark = typeof flag === 'boolean' ? { [pictureFlag]: flag } : pictureMark(snapshot.data() ?? {});
  const part = digestPart(withPictureKnown(result.mail, mark[pictureFlag]), claiming.source(snapshot.id));
  if (chunk.bytes > 0 && chunk.bytes + part.bytes > maxDigestBytes) return 'full';
  const time: unknown = snapshot.get('delivery.digestTime');
  const unanswered: unknown = snapshot.get('delivery.unanswered');
  chunk.bytes += part.bytes;
  chunk.claimed.push({
    ref: snapshot.ref,
    attempts: attempts + 1,
    part,
    digestMs: time instanceof Timestamp ? time.toMillis() : claiming.nowMs,
    reference: referenceFor(snapshot.id),
    hasPicture: mark[pictureFlag],
    ...(unanswered instanceof Timestamp ? { unansweredMs: unanswered.toMillis() } : {}),
  });
  tx.update(snapshot.ref, { ...inDigest(claiming.digest, attempts + 1, claiming.nowMs), ...(readWhole ? mark : {}) });
  return 'claimed';
}

/** One transaction of a claim: up to `claimChunk` candidates, as many as the digest has room for. */
async function claimChunkOf(
  tx: Transaction,
  refs: DocumentReference[],
  room: number,
  bytes: number,
  claiming: Claiming,
): Promise<Chunk> {
  const snapshots = await tx.getAll(...refs, { fieldMask: [...digestFields] });
  // Messages queued before the flag existed say nothing of a picture: those alone are read
  // whole (and flagged as they are claimed, so never read whole again).
  const unflagged = snapshots.filter((item) => isWaiting(item, claiming) && typeof item.get(pictureFlag) !== 'boolean');
  const wholes = unflagged.length > 0 ? await tx.getAll(...unflagged.map((item) => item.ref)) : [];
  const whole = new Map(wholes.map((item) => [item.id, item]));
  const chunk: Chunk = { claimed: [], malformed: [], bytes };
  for (const masked of snapshots) {
    if (!isWaiting(masked, claiming)) continue;
    const read = whole.get(masked.id);
    if (claimOne(tx, read ?? masked, read !== undefined, { chunk, room }, claiming) === 'full') break;
  }
  return chunk;
}

/**
 * Takes the candidates still QUEUED and due (or, resending, still waiting for that digest)
 * into the digest, `claimChunk` to a transaction, the whole within maxDigestMessages and
 * maxDigestBytes. A malformed document ends in ERROR. Should the invocation die between two
 * parts, the leases of those claimed run out and the sweep puts them back in the queue.
 */
export async function claimQueued(
  db: Firestore,
  refs: DocumentReference[],
  claiming: Claiming,
): Promise<{ claimed: DigestItem[]; malformed: Malformed[] }> {
  const claimed: DigestItem[] = [];
  const malformed: Malformed[] = [];
  let bytes = 0;
  for (let first = 0; first < refs.length && claimed.length < maxDigestMessages; first += claimChunk) {
    const part = await db.runTransaction((tx) =>
      claimChunkOf(tx, refs.slice(first, first + claimChunk), maxDigestMessages - claimed.length, bytes, claiming),
    );
    claimed.push(...part.claimed);
    malformed.push(...part.malformed);
    bytes = part.bytes;
    if (part.claimed.length === 0 && bytes > 0) break;
  }
  return { claimed, malformed };
}

/**
 * Writes a digest's outcome on its messages, in transactions of `claimChunk`, each message only
 * while its claim is still this digest's; the same outcome written twice changes nothing. A
 * refusal throws: the runner (runner.ts) tries the whole write again, then leaves it to the
 * lease (the sweep requeues them, to be sent again under the same digest id).
 */
export async function recordDigest(
  db: Firestore,
  digest: string,
  updates: ReadonlyArray<[DocumentReference, DeliveryUpdate]>,
): Promise<void> {
  for (let first = 0; first < updates.length; first += claimChunk) {
    const chunk = updates.slice(first, first + claimChunk);
    await db.runTransaction(async (tx) => {
      // The claim alone decides: the messages are not read again, their pictures least of all.
      const snapshots = await tx.getAll(...chunk.map(([ref]) => ref), { fieldMask: ['delivery.claim'] });
      chunk.forEach(([ref, update], index) => {
        if (snapshots[index]?.get('delivery.claim') === digest) tx.update(ref, update);
      });
    });
  }
}

/**
 * What the server's reply means for one of a digest's messages, on its own attempts; without a
 * reply (`known`), the digest's decision. A failure the SMTP account's check cleared (the
 * digest's decision is not the account's) is the email's for each of them too.
 */
export function decisionFor(item: DigestItem, decision: Decision, sent: Sent | undefined, nowMs: number): Decision {
  if (!sent) return decision;
  const cleared = sent.kind === 'failed' && sent.failure.account && decision.kind !== 'account';
  const own: Sent = cleared ? { kind: 'failed', failure: asTheEmails(sent.failure) } : sent;
  return decide(own, {
    attempts: item.attempts,
    quickRetryLeft: false,
    nowMs,
    unansweredBefore: item.unansweredMs !== undefined,
  });
}

/** The outcome of each of a digest's messages, for what came of its email (`recordDigest` writes it). */
export function digestOutcomes(
  items: readonly DigestItem[],
  digestDecision: Decision,
  sent: Sent | undefined,
  nowMs: number,
  digest: string,
): Array<[DocumentReference, DeliveryUpdate]> {
  // No answer once the digest may have reached the team: its messages go again as the same
  // digest (the same Message-ID), saying so, and a second silence ends them (decide.ts).
  const unanswered = sent?.kind === 'failed' && sent.failure.unanswered;
  return items.map((item) => {
    const step = { attempts: item.attempts, before: item.attempts - 1, unansweredMs: unanswered ? nowMs : undefined };
    const settled = settle(decisionFor(item, digestDecision, sent, nowMs), step, nowMs);
    return [item.ref, inDigestOutcome(item, settled, { nowMs, digest })];
  });
}
