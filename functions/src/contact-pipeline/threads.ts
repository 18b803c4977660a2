import { Timestamp, type DocumentReference, type DocumentSnapshot, type Firestore } from 'firebase-admin/firestore';
import { referencePattern } from '../contracts/contact-message.js';
import { senderOf, type ContactMail } from './mail-document.js';
import { senderKey } from '../email/counters.js';
import { collections } from '../contracts/collections.js';

// Threads for the team: a visitor who writes again from the same address within 30 days, or
// quotes the reference of an earlier message of theirs, reaches the team in the same email
// thread (In-Reply-To and References name the earlier email's Message-ID). A reference is no
// proof of who writes: visitors see theirs, and people post screenshots. So a message that
// quotes a reference joins its thread only when it comes from the address that had it; from
// another address its email says so in a line above the message and answers no earlier email
// (the team must not read it as the next message of someone else's conversation). What a thread needs is
// kept in two small documents, read in the claim's one read and written with the outcome's
// one write, so a thread costs no operation of its own:
//   MailThreads/{sha256 of the address}  the address's last email: its Message-ID, the
//                                        thread's References, when
//   MailReferences/{reference}           which message first had a reference, its email's
//                                        Message-ID and its sender (the same sha256 as the
//                                        thread's id): a later message quoting it from that address
//                                        joins that thread, and a second message with the
//                                        same reference (a writer may choose the document
//                                        id, and with it the reference) is told apart
// Neither holds an address or a visitor's text; both expire (a TTL policy on `expireAt`).

/** How long after a visitor's last email a new message from them joins its thread. */
export const threadWindowMs = 30 * 24 * 60 * 60_000;
/** Most Message-IDs a References header carries: the thread's first and the latest ones. */
const maxReferences = 10;

/** The documents a message's thread is decided by, read in its claim. */
export type ThreadRefs = { sender?: DocumentReference; own: DocumentReference; quoted?: DocumentReference };

/** The reference a message quotes (in its subject or text), other than its own, if any. */
export function quotedReference(mail: ContactMail, own: string): string | undefined {
  const text = mail.shape === 'fields' ? `${mail.message.subject}\n${mail.message.message}` : mail.subject;
  for (const match of text.matchAll(/(?<![0-9A-Za-z])([0-9A-Za-z]{3})-([0-9A-Za-z]{3})(?![0-9A-Za-z])/g)) {
    const reference = `${match[1] ?? ''}-${match[2] ?? ''}`.toUpperCase();
    if (reference !== own && referencePattern.test(reference)) return reference;
  }
  return undefined;
}

export function threadRefs(db: Firestore, mail: ContactMail | undefined, reference: string): ThreadRefs {
  const sender = mail ? senderOf(mail) : undefined;
  const quoted = mail ? quotedReference(mail, reference) : undefined;
  return {
    own: db.collection(collections.mailReferences).doc(reference),
    ...(sender ? { sender: db.collection(collections.mailThreads).doc(senderKey(sender)) } : {}),
    ...(quoted ? { quoted: db.collection(collections.mailReferences).doc(quoted) } : {}),
  };
}

/** The same documents? (A claim read them from the event's copy of the message.) */
export function sameRefs(a: ThreadRefs, b: ThreadRefs): boolean {
  return a.own.path === b.own.path && a.sender?.path === b.sender?.path && a.quoted?.path === b.quoted?.path;
}

/**
 * Who sent the message a quoted reference belongs to, beside the quoting one: the same
 * address, another one, or unknown (a reference recorded before senders were).
 */
export type QuotedFrom = 'same' | 'other' | 'unknown';

/** What the claim read of a message's thread, and what its email says of it. */
export type Thread = {
  /** The earlier email this one answers, and the thread's Message-IDs, oldest first. */
  inReplyTo?: string;
  references?: string[];
  /**
   * The earlier message the visitor quoted: its reference, document, and whether it came from
   * the quoting message's address (only then does this email answer it).
   */
  quoted?: { reference: string; mailId: string; from: QuotedFrom };
  /** Another message that had this message's reference first (its document id). */
  sharedWith?: string;
  /** Whether this message is the first with its reference (its email then registers it). */
  firstWithReference: boolean;
};

const fresh = (snapshot: DocumentSnapshot | undefined, nowMs: number) => {
  const last: unknown = snapshot?.get('lastMs');
  return snapshot?.exists === true && typeof last === 'number' && nowMs - last <= threadWindowMs;
};
const stringList = (value: unknown) =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

/**
 * The thread of a message from what its claim read: the sender's last email first, else the
 * quoted one's when it came from the same address. `sender`: the message's sender key
 * (`senderKey`, the id of its thread document).
 */
export function readThread(
  mailId: string,
  snapshots: { sender?: DocumentSnapshot; own?: DocumentSnapshot; quoted?: DocumentSnapshot },
  nowMs: number,
  sender?: string,
): Thread {
  const owner: unknown = snapshots.own?.get('mailId');
  const sharedWith =
    snapshots.own?.exists === true && typeof owner === 'string' && owner !== mailId ? owner : undefined;
  const quoted = quotedBy(snapshots.quoted, mailId, nowMs, sender);
  const earlier = fresh(snapshots.sender, nowMs)
    ? snapshots.sender
    : quoted?.from === 'same'
      ? snapshots.quoted
      : undefined;
  return {
    firstWithReference: sharedWith === undefined,
    ...(sharedWith ? { sharedWith } : {}),
    ...(quoted ? { quoted } : {}),
    ...answering(earlier),
  };
}

/** The earlier message a message quotes, while its thread is fresh, and whether the same sender wrote it. */
function quotedBy(
  snapshot: DocumentSnapshot | undefined,
  mailId: string,
  nowMs: number,
  sender: string | undefined,
): Thread['quoted'] {
  const quotedId: unknown = snapshot?.get('mailId');
  if (!snapshot || !fresh(snapshot, nowMs) || typeof quotedId !== 'string' || quotedId === mailId) return undefined;
  const had: unknown = snapshot.get('sender');
  const from: QuotedFrom = typeof had !== 'string' ? 'unknown' : had === sender ? 'same' : 'other';
  return { reference: snapshot.id, mailId: quotedId, from };
}

/** The thread headers of an email that answers an earlier one (its Message-ID and references). */
function answering(earlier: DocumentSnapshot | undefined): Pick<Thread, 'inReplyTo' | 'references'> {
  const messageId: unknown = earlier?.get('messageId');
  if (typeof messageId !== 'string') return {};
  const before = stringList(earlier?.get('references'));
  return { inReplyTo: messageId, references: [...before.filter((id) => id !== messageId), messageId] };
}

/**
 * The writes that make a sent email the one the next message of the thread answers: the
 * sender's thread (the References kept to the first and the latest), and the reference, when
 * this message is the first to have it.
 */
export function threadWrites(
  refs: ThreadRefs,
  thread: Thread,
  sent: { mailId: string; messageId: string; nowMs: number },
): Array<{ ref: DocumentReference; data: Record<string, unknown> }> {
  const expireAt = Timestamp.fromMillis(sent.nowMs + threadWindowMs);
  const chain = [...(thread.references ?? []), sent.messageId];
  const references = chain.length > maxReferences ? [chain[0] ?? '', ...chain.slice(-(maxReferences - 1))] : chain;
  const writes: Array<{ ref: DocumentReference; data: Record<string, unknown> }> = [];
  if (refs.sender) {
    writes.push({ ref: refs.sender, data: { messageId: sent.messageId, references, lastMs: sent.nowMs, expireAt } });
  }
  if (thread.firstWithReference) {
    writes.push({
      ref: refs.own,
      data: {
        mailId: sent.mailId,
        messageId: sent.messageId,
        references,
        lastMs: sent.nowMs,
        expireAt,
        // Who had the reference: the sender key (no address), so a message quoting it is told apart.
        ...(refs.sender ? { sender: refs.sender.id } : {}),
      },
    });
  }
  return writes;
}
