import { Timestamp, type DocumentReference, type Firestore } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions';
import type { MailConfig } from './config.js';
import { alertSink, setStaleRetryAlert, staleRetryAfterMs, type AlertSink } from './alerts.js';
import { deliverMail, type Outcome } from './deliver.js';
import { assessDelivery } from './delivery.js';
import { mailCollection, sendDigest, type DigestReport } from './digest.js';

// The scheduled sweep: the trigger handles each message once when it is written; the sweep
// finds what needs another go and delivers it through the same claim (transaction and
// lease), so a message is never sent twice even when the sweep and the trigger meet:
//   - RETRY whose nextAttemptTime has come (a transient failure, backing off);
//   - RETRY without nextAttemptTime: an operator's retry (sent now, fresh attempt budget);
//   - PROCESSING whose lease has expired: the invocation sending it died;
//   - a message written a few minutes ago that has no delivery at all: its event was lost;
// then it sends one digest of the messages queued over the caps (digest.ts), and keeps the
// alert for messages that have waited in RETRY for over an hour (alerts.ts).

export { mailCollection };

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
  /** Told of each alert besides the log (alerts.ts). */
  onAlert?: AlertSink;
};

export type SweepReport = { found: number; digest: DigestReport; staleRetries: number } & Record<Outcome, number>;

/** Finds the messages due for another delivery and delivers each of them once. */
export async function sweepMail(db: Firestore, config: MailConfig, options: SweepOptions = {}): Promise<SweepReport> {
  const now = options.now ?? Date.now();
  // A test's simulated time stands still through the sweep; a real sweep reads the clock.
  const clock = options.now === undefined ? Date.now : () => now;
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

  const alert = alertSink(options.onAlert);
  const counts: Record<Outcome, number> = { SUCCESS: 0, ERROR: 0, RETRY: 0, QUEUED: 0, SKIPPED: 0 };
  const queue = [...due.values()];
  const ended = new Set<string>();
  const stopClaimingAt = Date.now() + (options.claimForMs ?? 40_000);
  const worker = async () => {
    for (let ref = queue.shift(); ref && Date.now() < stopClaimingAt; ref = queue.shift()) {
      // One try each: a message still failing waits for a later sweep.
      const outcome = await deliverMail(ref, config, { retryDelaysMs: [], now: clock, onAlert: options.onAlert });
      counts[outcome] += 1;
      if (outcome === 'SUCCESS' || outcome === 'ERROR') ended.add(ref.id);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? 5) }, worker));

  // Messages written over an hour ago and still waiting in RETRY: the server keeps refusing.
  const stale = pending.docs.filter((snapshot) => {
    if (ended.has(snapshot.id)) return false;
    const written: unknown = snapshot.get('createdAt');
    return (
      snapshot.get('delivery.state') === 'RETRY' &&
      written instanceof Timestamp &&
      written.toMillis() < now - staleRetryAfterMs
    );
  });
  const oldestWrittenMs = Math.min(...stale.map((snapshot) => (snapshot.get('createdAt') as Timestamp).toMillis()));
  await setStaleRetryAlert(
    db,
    stale.length > 0 ? { kind: 'stale-retry', waiting: stale.length, oldestWrittenMs } : undefined,
    now,
    alert,
  );

  const digest = await sendDigest(db, config, { now: clock, onAlert: options.onAlert });
  const report: SweepReport = { found: due.size, ...counts, digest, staleRetries: stale.length };
  if (report.found > 0 || digest.outcome !== 'NONE') logger.info('Mail sweep', report);
  return report;
}
