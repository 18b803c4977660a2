import { FieldPath, Timestamp, type Firestore, type Query, type QueryDocumentSnapshot } from 'firebase-admin/firestore';
import { collections } from '../contracts/collections.js';
import { assessDelivery } from './assess-delivery.js';
import { fieldsBesidesPicture } from './mail-document.js';

// What the sweep (sweep.ts) finds due, by a query of its own for each kind, ordered and read in
// pages, so none is missed however many messages there are: only RETRY documents have a
// nextAttemptTime and only PROCESSING ones a leaseExpireTime, and lost events are looked for
// once each, by a cursor on createdAt that the sweep keeps (`MailSweep/orphans`). The queries
// read every field but a message's picture (up to 640 KiB each: a page of 200 could be 128 MB);
// the claim reads each message whole. What one run cannot reach is still due in the next.

/** A new message is an orphan when it still has no delivery this long after it was written. */
export const orphanAfterMs = 2 * 60_000;
/** Where the orphan search starts without a cursor (the first run, or one far off the clock). */
export const orphanWindowMs = 15 * 60_000;
/** The furthest back a cursor is followed: a sweep stopped for longer looks back this far. */
const orphanLookbackMs = 24 * 60 * 60_000;
/** The earliest time Firestore stores (0001-01-01): every RETRY's time is at or after it. */
const earliest = new Timestamp(-62_135_596_800, 0);
const orphanCursorId = 'orphans';

/** Every document a query finds, page after page in its order, up to `most`. */
async function readPages(query: Query, pageSize: number, most: number): Promise<QueryDocumentSnapshot[]> {
  const found: QueryDocumentSnapshot[] = [];
  for (;;) {
    const last = found.at(-1);
    const page = await (last ? query.startAfter(last) : query).limit(Math.min(pageSize, most - found.length)).get();
    found.push(...page.docs);
    if (page.size < pageSize || found.length >= most) return found;
  }
}

/**
 * Where the orphan search goes on from: after a written time (every message up to it looked
 * at), or at or after one message (its written time and id, in the search's order), so that
 * messages written at the same instant are never skipped where a page ended.
 */
type OrphanCursor = { createdAt: Timestamp; id?: string; at?: boolean };

/** Where the search starts: the saved cursor when it is usable, else `orphanWindowMs` back. */
function orphanStart(saved: Partial<OrphanCursor> | undefined, nowMs: number, untilMs: number) {
  const cursorMs = saved?.createdAt instanceof Timestamp ? saved.createdAt.toMillis() : undefined;
  const usable = cursorMs !== undefined && cursorMs <= untilMs && cursorMs >= nowMs - orphanLookbackMs;
  return usable && saved?.createdAt ? { ...saved, createdAt: saved.createdAt } : undefined;
}

/** The search from the cursor: after a time, or at or after one message written at it. */
function orphanQuery(ordered: Query, cursor: OrphanCursor | undefined, nowMs: number): Query {
  if (!cursor) return ordered.where('createdAt', '>', Timestamp.fromMillis(nowMs - orphanWindowMs));
  if (typeof cursor.id !== 'string') return ordered.where('createdAt', '>', cursor.createdAt);
  return cursor.at === true
    ? ordered.startAt(cursor.createdAt, cursor.id)
    : ordered.startAfter(cursor.createdAt, cursor.id);
}

/** What an orphan search found, and how to save where the next one goes on from. */
export type Orphans = { orphans: QueryDocumentSnapshot[]; save: (unhandled: QueryDocumentSnapshot[]) => Promise<void> };

/**
 * The messages written since the last search that still have no delivery 2 minutes on, and
 * the new cursor. Each message is looked at once, about 2 minutes after it was written.
 */
async function findOrphans(db: Firestore, nowMs: number, pageSize: number, most: number): Promise<Orphans> {
  const cursorRef = db.collection(collections.mailSweep).doc(orphanCursorId);
  const untilMs = nowMs - orphanAfterMs;
  const cursor = orphanStart((await cursorRef.get()).data(), nowMs, untilMs);
  const ordered = db
    .collection(collections.mail)
    .select(...fieldsBesidesPicture)
    .where('createdAt', '<=', Timestamp.fromMillis(untilMs))
    .orderBy('createdAt')
    .orderBy(FieldPath.documentId());
  const scanned = await readPages(orphanQuery(ordered, cursor, nowMs), pageSize, most);
  const last = scanned.at(-1);
  const reached: OrphanCursor =
    scanned.length >= most && last
      ? { createdAt: last.get('createdAt') as Timestamp, id: last.id }
      : { createdAt: Timestamp.fromMillis(untilMs) };
  return {
    orphans: scanned.filter((snapshot) => snapshot.get('delivery') === undefined),
    // The cursor stops at the first orphan this run could not get to.
    save: async (unhandled) => {
      const first = unhandled[0];
      const next: OrphanCursor = first
        ? { createdAt: first.get('createdAt') as Timestamp, id: first.id, at: true }
        : reached;
      await cursorRef.set(next);
    },
  };
}

/** What the sweep found: the messages in RETRY (for the stale alert too), the due, the orphans. */
export type Found = {
  /** In RETRY: with a time (soonest first), and an operator's (no time). */
  retrying: QueryDocumentSnapshot[];
  /** Due now, by id: RETRY whose time has come, an operator's retry, an expired lease, an orphan. */
  due: Map<string, QueryDocumentSnapshot>;
  lost: Orphans;
};

/**
 * The messages due for another go: RETRY whose nextAttemptTime has come (a transient failure,
 * backing off), oldest first; RETRY with nextAttemptTime null (an operator's retry: sent now,
 * fresh attempt budget); PROCESSING whose lease has expired (the invocation sending it died); a
 * message that still has no delivery 2 minutes after it was written (its event was lost).
 */
export async function findDue(db: Firestore, nowMs: number, pageSize: number, most: number): Promise<Found> {
  const mail = db.collection(collections.mail).select(...fieldsBesidesPicture);
  const [scheduled, manual, abandoned, lost] = await Promise.all([
    // Every message in RETRY with a time, soonest first (also for the stale-RETRY alert).
    readPages(
      mail.where('delivery.nextAttemptTime', '>=', earliest).orderBy('delivery.nextAttemptTime'),
      pageSize,
      most,
    ),
    readPages(
      mail.where('delivery.state', '==', 'RETRY').where('delivery.nextAttemptTime', '==', null),
      pageSize,
      most,
    ),
    readPages(
      mail.where('delivery.leaseExpireTime', '<=', Timestamp.fromMillis(nowMs)).orderBy('delivery.leaseExpireTime'),
      pageSize,
      most,
    ),
    findOrphans(db, nowMs, pageSize, most),
  ]);
  const due = new Map<string, QueryDocumentSnapshot>();
  for (const snapshot of [...scheduled, ...manual, ...abandoned]) {
    if (assessDelivery(snapshot.get('delivery'), nowMs).take) due.set(snapshot.id, snapshot);
  }
  for (const snapshot of lost.orphans) due.set(snapshot.id, snapshot);
  return { retrying: [...scheduled, ...manual], due, lost };
}
