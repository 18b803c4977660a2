import { Timestamp, type Firestore, type QueryDocumentSnapshot } from 'firebase-admin/firestore';
import { logEvent } from '../log.js';
import { platformSettings, type MailConfig } from '../config.js';
import { markAccountUp, takeAccountTry } from '../email/smtp-account.js';
import { checkAccount } from '../email/smtp-account-check.js';
import type { CheckKind } from '../email/smtp-account.js';
import { alertSink, setStaleRetryAlert, staleRetryAfterMs, syncWarningCount, type AlertSink } from '../email/alerts.js';
import { isHeld } from './assess-delivery.js';
import { deliverMail, type Outcome } from './deliver.js';
import { sendDigest, type DigestReport } from './digest.js';
import { cleanPictures } from './picture-cleaning.js';
import { findDue, type Found } from './sweep-queries.js';
import { emailPlatform } from '../email/platform.js';
import type { MailTransport } from '../email/transport.js';

// The scheduled sweep, every minute: the trigger handles each message once when it is written;
// the sweep finds what needs another go (sweep-queries.ts) and delivers it through the same
// claim (transaction and lease), so a message is never sent twice even when the sweep and the
// trigger meet. Its tasks, in order, each a function below:
//   1. find what is due (RETRY whose time has come, an operator's retry, an expired lease, a
//      message whose event was lost);
//   2. the SMTP account: while it is down (smtp-account.ts), the messages held for it are left
//      alone, but when its next try is due a check of our own tries it (smtp-account-check.ts: a
//      login, or a message of our own to the support address; never a visitor's message), and once it
//      got through, every held message is due again, oldest first;
//   3. deliver what is due, one try each;
//   4. move the orphan cursor past the orphans handled;
//   5. keep the alert for messages that have waited in RETRY for over an hour (alerts.ts);
//   6. send one digest of the messages queued over the caps (digest.ts);
//   7. set right the count of waiting delivery warnings (alerts.ts);
//   8. draw again the pictures due (picture-cleaning.ts).

export type SweepOptions = {
  now?: number;
  /** Documents read per page of each query. */
  pageSize?: number;
  /** Most documents of each kind read in one sweep; the rest wait for the next. */
  limit?: number;
  /** Documents delivered at the same time. */
  concurrency?: number;
  /** No new claim after this long, so the sweep ends well within its time-out. */
  claimForMs?: number;
  /** Told of each alert besides the log (alerts.ts). */
  onAlert?: AlertSink;
  /** The SMTP transport for the try of a SMTP account that is down; the instance's pool when not given. */
  transport?: MailTransport;
};

export type SweepReport = {
  found: number;
  /** Pictures drawn again without metadata (or dropped) this run (`cleanPictures`). */
  picturesCleaned: number;
  digest: DigestReport;
  staleRetries: number;
  /** What the SMTP account was to this sweep: up; down, not tried; down and tried (smtp-account.ts). */
  account: 'up' | 'wait' | 'try';
} & Record<Outcome, number>;

/** What one sweep works with: the database, the configuration, its clock and its limits. */
type SweepRun = {
  db: Firestore;
  config: MailConfig;
  options: SweepOptions;
  now: number;
  /** A test's simulated time stands still through the sweep; a real sweep reads the clock. */
  clock: () => number;
  alert: AlertSink;
};

/**
 * The sweep's try of a SMTP account that is down: the check that proved it down (a login, or a
 * message of our own to the support address), never a visitor's message. True once it went
 * through (the account is marked up).
 */
async function tryAccount({ db, config, options }: SweepRun, check: CheckKind, nowMs: number): Promise<boolean> {
  const platform = emailPlatform(db, platformSettings(config), { transport: options.transport });
  const result = await checkAccount(platform, check, nowMs, { fresh: true });
  if (result.kind !== 'passed') {
    const failure = result.kind === 'failed' ? result.failure : undefined;
    logEvent('accountStillFails', { code: failure?.code ?? 'not-tried', responseCode: failure?.responseCode ?? null });
    return false;
  }
  await markAccountUp(db, nowMs);
  return true;
}

/** Task 2: whether the held messages go in this run, and what the account was to it. */
async function accountTask(run: SweepRun): Promise<{ kind: SweepReport['account']; up: boolean }> {
  const account = await takeAccountTry(run.db, run.now, run.alert);
  if (account.kind !== 'try') return { kind: account.kind, up: account.kind === 'up' };
  return { kind: 'try', up: await tryAccount(run, account.check, run.clock()) };
}

/** What delivering the due messages came to. */
type Delivered = { counts: Record<Outcome, number>; ended: Set<string>; left: Set<string> };

/**
 * Task 3: one try each (a message still failing waits for a later sweep). The held go one
 * after another, in the order they were written (one worker of their own), and only when the
 * account is up; everything else side by side. No new claim after `claimForMs`, so the sweep
 * ends well within its time-out.
 */
async function deliverDue(
  { config, options, clock }: SweepRun,
  due: Found['due'],
  accountUp: boolean,
): Promise<Delivered> {
  const counts: Record<Outcome, number> = { SUCCESS: 0, ERROR: 0, RETRY: 0, QUEUED: 0, SKIPPED: 0, HELD: 0 };
  const ended = new Set<string>();
  const heldQueue = accountUp ? [...due.values()].filter((snapshot) => isHeld(snapshot.get('delivery'))) : [];
  const queue = [...due.values()].filter((snapshot) => !isHeld(snapshot.get('delivery')));
  const stopClaimingAt = Date.now() + (options.claimForMs ?? 40_000);
  const worker = async (from: QueryDocumentSnapshot[]) => {
    while (from.length > 0 && Date.now() < stopClaimingAt) {
      const snapshot = from.shift();
      if (!snapshot) break;
      const outcome = await deliverMail(snapshot.ref, config, {
        snapshot,
        retryDelaysMs: [],
        now: clock,
        onAlert: options.onAlert,
      });
      counts[outcome] += 1;
      if (outcome === 'SUCCESS' || outcome === 'ERROR') ended.add(snapshot.id);
    }
  };
  const concurrency = Math.max(1, options.concurrency ?? 5);
  const others = heldQueue.length > 0 ? Math.max(1, concurrency - 1) : concurrency;
  await Promise.all([worker(heldQueue), ...Array.from({ length: others }, () => worker(queue))]);
  return { counts, ended, left: new Set([...queue, ...heldQueue].map((snapshot) => snapshot.id)) };
}

/**
 * Task 5: messages written over an hour ago and still waiting in RETRY (the server keeps
 * refusing), for the alert; those held for the SMTP account are its alert's (smtp-account.ts).
 */
async function alertStaleRetries(
  { db, now, alert }: SweepRun,
  retrying: Found['retrying'],
  ended: Set<string>,
): Promise<number> {
  const writtenMs = (snapshot: QueryDocumentSnapshot) => {
    const written: unknown = snapshot.get('createdAt');
    return written instanceof Timestamp ? written.toMillis() : undefined;
  };
  const stale = retrying.filter((snapshot) => {
    if (ended.has(snapshot.id) || isHeld(snapshot.get('delivery'))) return false;
    const ms = writtenMs(snapshot);
    return snapshot.get('delivery.state') === 'RETRY' && ms !== undefined && ms < now - staleRetryAfterMs;
  });
  const oldestWrittenMs = Math.min(...stale.map((snapshot) => writtenMs(snapshot) ?? now));
  await setStaleRetryAlert(
    db,
    stale.length > 0 ? { kind: 'stale-retry', waiting: stale.length, oldestWrittenMs } : undefined,
    now,
    alert,
  );
  return stale.length;
}

/** Finds the messages due for another delivery and delivers each of them once; then its other tasks. */
export async function sweepMail(db: Firestore, config: MailConfig, options: SweepOptions = {}): Promise<SweepReport> {
  const now = options.now ?? Date.now();
  const clock = options.now === undefined ? Date.now : () => now;
  const run: SweepRun = { db, config, options, now, clock, alert: alertSink(options.onAlert) };
  const found = await findDue(db, now, options.pageSize ?? 200, options.limit ?? 2_000);
  const account = await accountTask(run);
  const delivered = await deliverDue(run, found.due, account.up);
  await found.lost.save(found.lost.orphans.filter((snapshot) => delivered.left.has(snapshot.id)));
  const staleRetries = await alertStaleRetries(run, found.retrying, delivered.ended);
  const digest = await sendDigest(db, config, { now: clock, onAlert: options.onAlert });
  await syncWarningCount(db, now).catch(() => undefined);
  const pictures = await cleanPictures(db, { nowMs: now }).catch(() => ({ cleaned: 0, dropped: 0, later: 0 }));
  const report: SweepReport = {
    found: found.due.size,
    ...delivered.counts,
    digest,
    staleRetries,
    account: account.kind,
    picturesCleaned: pictures.cleaned + pictures.dropped,
  };
  if (report.found > 0 || digest.outcome !== 'NONE') logEvent('sweep', report);
  return report;
}
