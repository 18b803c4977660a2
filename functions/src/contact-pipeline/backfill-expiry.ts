import { FieldPath, Timestamp, type Firestore, type QueryDocumentSnapshot } from 'firebase-admin/firestore';
import { expiryOf } from './retention.js';
import { orphanWindowMs } from './sweep-queries.js';
import { collections } from '../contracts/collections.js';

// Gives `delivery.expireAt` to the Mail documents written before messages carried an expiry,
// so that the TTL policy deletes them too and the privacy policy's period holds for every
// message. Run once by an operator after upgrading (`npm run backfill-expiry`).

export type BackfillReport = {
  /** Mail documents looked at. */
  scanned: number;
  /** Documents that already had an expiry. */
  hadExpiry: number;
  /** Documents given one (or that would be, on a dry run). */
  backfilled: number;
  /** Documents left for the mail function: new, not yet delivered, still within the sweep's reach. */
  leftForDelivery: number;
  /** Writes that failed (a document deleted meanwhile, say); running again finishes them. */
  failed: number;
};

export type BackfillOptions = {
  retentionMonths: number;
  now?: number;
  /** Count only; write nothing. */
  dryRun?: boolean;
  /** Documents read per page. */
  pageSize?: number;
};

/**
 * What the back-fill does with one message: it has its expiry already; it is new and still
 * waits for its first delivery (which writes the expiry); or it gets one now.
 */
function expiryStep(snapshot: QueryDocumentSnapshot, nowMs: number): 'hadExpiry' | 'leftForDelivery' | 'backfilled' {
  if (snapshot.get('delivery.expireAt') !== undefined) return 'hadExpiry';
  const createdAt: unknown = snapshot.get('createdAt');
  const recent = createdAt instanceof Timestamp && createdAt.toMillis() > nowMs - orphanWindowMs;
  return recent && snapshot.get('delivery') === undefined ? 'leftForDelivery' : 'backfilled';
}

/**
 * Sets `delivery.expireAt` (written time plus the retention period, as the mail function sets
 * it) on every Mail document without one. Only that one field is written, so a delivery in
 * progress loses nothing. A new document the function has not taken yet is left alone: the
 * sweep finds lost events by their missing `delivery`, and its claim sets the expiry anyway.
 * Safe to run again: a document with an expiry is never changed.
 */
export async function backfillExpiry(db: Firestore, options: BackfillOptions): Promise<BackfillReport> {
  const now = options.now ?? Date.now();
  const report: BackfillReport = { scanned: 0, hadExpiry: 0, backfilled: 0, leftForDelivery: 0, failed: 0 };
  const writer = options.dryRun ? undefined : db.bulkWriter();
  const base = db
    .collection(collections.mail)
    .select('createdAt', 'delivery.expireAt', 'delivery.state')
    .orderBy(FieldPath.documentId())
    .limit(options.pageSize ?? 500);
  for (let page = await base.get(); !page.empty;) {
    for (const snapshot of page.docs) {
      report.scanned += 1;
      const step = expiryStep(snapshot, now);
      if (step !== 'backfilled') {
        report[step] += 1;
        continue;
      }
      const createdAt: unknown = snapshot.get('createdAt');
      report.backfilled += 1;
      writer
        ?.update(snapshot.ref, { 'delivery.expireAt': expiryOf(createdAt, now, options.retentionMonths) })
        .catch(() => {
          report.backfilled -= 1;
          report.failed += 1;
        });
    }
    const last = page.docs[page.docs.length - 1];
    if (page.docs.length < (options.pageSize ?? 500) || !last) break;
    page = await base.startAfter(last.id).get();
  }
  await writer?.close();
  return report;
}
