import { Timestamp, type DocumentReference, type Firestore } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions';
import type { MailConfig } from './config.js';
import { deliverMail, type Outcome } from './deliver.js';
import { assessDelivery } from './delivery.js';

// The scheduled sweep: the trigger handles each message once when it is written; the sweep
// finds what needs another go and delivers it through the same claim (transaction and
// lease), so a message is never sent twice even when the sweep and the trigger meet:
//   - RETRY whose nextAttemptTime has come (a transient failure, backing off);
//   - RETRY without nextAttemptTime: an operator's retry (sent now, fresh attempt budget);
//   - PROCESSING whose lease has expired: the invocation sending it died;
//   - a message written a few minutes ago that has no delivery at all: its event was lost.

export const mailCollection = 'Mail';

/** A new message is an orphan when it still has no delivery this long after it was written. */
export const orphanAfterMs = 2 * 60_000;
/** How far back the sweep looks for orphans (it runs every few minutes). */
export const orphanWindowMs = 15 * 60_000;

export type SweepOptions = {
  now?: number;
  /** Most documents of each kind looked at in one sweep. */
  limit?: number;
  /** Documents delivered at the same time. */
  concurrency?: number;
  /** No new claim after this long, so the sweep ends well within its time-out. */
  claimForMs?: number;
};

export type SweepReport = { found: number } & Record<Outcome, number>;

/** Finds the messages due for another delivery and delivers each of them once. */
export async function sweepMail(db: Firestore, config: MailConfig, options: SweepOptions = {}): Promise<SweepReport> {
  const now = options.now ?? Date.now();
  const limit = options.limit ?? 100;
  const mail = db.collection(mailCollection);

  const [pending, recent] = await Promise.all([
    mail.where('delivery.state', 'in', ['RETRY', 'PROCESSING']).limit(limit).get(),
    mail
      .where('createdAt', '>=', Timestamp.fromMillis(now - orphanWindowMs))
      .where('createdAt', '<=', Timestamp.fromMillis(now - orphanAfterMs))
      .limit(limit)
      .get(),
  ]);
  const due = new Map<string, DocumentReference>();
  for (const snapshot of pending.docs) {
    if (assessDelivery(snapshot.get('delivery'), now).take) due.set(snapshot.id, snapshot.ref);
  }
  for (const snapshot of recent.docs) {
    if (snapshot.get('delivery') === undefined) due.set(snapshot.id, snapshot.ref);
  }

  const report: SweepReport = { found: due.size, SUCCESS: 0, ERROR: 0, RETRY: 0, SKIPPED: 0 };
  const queue = [...due.values()];
  const stopClaimingAt = Date.now() + (options.claimForMs ?? 4 * 60_000);
  const worker = async () => {
    for (let ref = queue.shift(); ref && Date.now() < stopClaimingAt; ref = queue.shift()) {
      // One try each: a message still failing waits for a later sweep.
      report[await deliverMail(ref, config, { retryDelaysMs: [] })] += 1;
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? 5) }, worker));
  if (report.found > 0) logger.info('Mail sweep', report);
  return report;
}
