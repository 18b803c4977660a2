import { FieldValue, type DocumentReference, type Firestore } from 'firebase-admin/firestore';
import { collections } from '../contracts/collections.js';
import type { MailConfig } from '../config.js';
import { logEvent } from '../log.js';
import { markAccountDown } from '../mail/account.js';
import { mailRunIo } from '../mail/account-check.js';
import { heldNow } from '../mail/may-send.js';
import { alertSink, type AlertSink } from '../mail/alerts.js';
import { countEmail } from '../mail/counters.js';
import type { Decision } from '../mail/decide.js';
import { runJob, type Job, type Take } from '../mail/pipeline.js';
import { stableMessageId } from '../mail/render-email.js';
import { pause } from '../mail/retry-policy.js';
import { getTransport, type MailTransport } from '../mail/transport.js';
import { readHelpReport } from './read-report.js';
import { renderHelpReport } from './render-report.js';
import { readSiteFacts, reportLinks, type HelpSiteFacts } from './site-facts.js';
import { reportWeek, type ReportWeek } from './week.js';

// The help centre's weekly report to the support address, every Monday from 08:00 in Rome
// (week.ts): `sendHelpReport` (index.ts) asks every 15 minutes, so a report held while the mail
// account fails, or the day's emails are spent, goes out at the first run after. Sent through the one runner
// (mail/pipeline.ts) like every email, exactly once a week: its record (`MailSweep/help-report-
// <Monday>`) takes a lease in a transaction before it is sent, and says SENT once the server
// accepted it (or FAILED once it refused it for good).

/** How long a run may take to send the report before another may try. */
export const reportLeaseMs = 10 * 60_000;

type ReportRecord = { state?: 'SENDING' | 'SENT' | 'FAILED'; leaseUntil?: number; sentAt?: Date; week?: string };

/**
 * What a run came to: sent; refused for good; done already; another run sending it; or not now
 * (the mail account down, the day's emails spent, a failure for now): the next run tries.
 */
export type ReportOutcome = 'SENT' | 'FAILED' | 'DONE' | 'BUSY' | 'HELD' | 'DAY_SPENT' | 'LATER';

export type ReportOptions = {
  now?: () => number;
  transport?: MailTransport;
  /** The site's facts; read from the functions' build when not given. */
  facts?: HelpSiteFacts;
  sleep?: (ms: number) => Promise<void>;
  onAlert?: AlertSink;
};

const recordOf = (db: Firestore, week: ReportWeek) =>
  db.collection(collections.mailSweep).doc(`help-report-${week.key}`);

/** The lease on sending this week's report, in a transaction; settled when it was sent, ended or is being sent. */
async function takeLease(
  record: DocumentReference,
  week: ReportWeek,
  nowMs: number,
): Promise<'mine' | 'DONE' | 'BUSY'> {
  return record.firestore.runTransaction(async (tx) => {
    const current = (await tx.get(record)).data() as ReportRecord | undefined;
    if (current?.state === 'SENT' || current?.state === 'FAILED') return 'DONE';
    if (current?.state === 'SENDING' && (current.leaseUntil ?? 0) > nowMs) return 'BUSY';
    tx.set(record, { state: 'SENDING', leaseUntil: nowMs + reportLeaseMs, week: week.key }, { merge: true });
    return 'mine';
  });
}

const giveBack = (record: DocumentReference) =>
  record.update({ state: FieldValue.delete(), leaseUntil: FieldValue.delete() });

/** The take: the lease, the mail account up and the day's emails not spent (else given back, for the next sweep). */
async function take(
  db: Firestore,
  config: MailConfig,
  record: DocumentReference,
  week: ReportWeek,
  nowMs: number,
): Promise<Take<ReportWeek, ReportOutcome>> {
  const lease = await takeLease(record, week, nowMs);
  if (lease !== 'mine') return { kind: 'settled', outcome: lease };
  const held = await heldNow(db, config.limits.perDay, nowMs);
  if (!held) return { kind: 'taken', work: week };
  await giveBack(record);
  logEvent('helpReportHeld', { week: week.key, why: held });
  return { kind: 'settled', outcome: held };
}

/** What the record says after a send: SENT, FAILED (refused for good), or nothing (the next sweep tries). */
function recordAfter(decision: Decision): Record<string, unknown> {
  if (decision.kind === 'sent') return { state: 'SENT', sentAt: new Date(), leaseUntil: FieldValue.delete() };
  if (decision.kind === 'ended') return { state: 'FAILED', leaseUntil: FieldValue.delete() };
  return { state: FieldValue.delete(), leaseUntil: FieldValue.delete() };
}

function reportJob(
  db: Firestore,
  config: MailConfig,
  record: DocumentReference,
  parts: { week: ReportWeek; facts: HelpSiteFacts; now: () => number; alert: AlertSink },
): Job<ReportWeek, void, ReportOutcome> {
  const { week, facts, now } = parts;
  return {
    take: () => take(db, config, record, week, now()),
    async render() {
      const rendered = renderHelpReport(await readHelpReport(db, week.fromMs, week.toMs, facts), reportLinks(facts));
      return {
        from: config.from,
        to: config.supportEmail,
        messageId: stableMessageId('help-report', week.key, config.from),
        ...rendered,
      };
    },
    context: (_work, _tries, nowMs) => ({ attempts: 1, quickRetryLeft: false, nowMs }),
    async record(_work, decision) {
      await record.update(recordAfter(decision));
    },
    async after({ sent, decision }) {
      if (sent?.kind === 'sent') {
        await countEmail(db, now()).catch(() => undefined);
        logEvent('helpReportSent', { week: week.key });
        return { kind: 'done', outcome: 'SENT' };
      }
      if (decision.kind === 'account') await markAccountDown(db, decision.failure, now(), parts.alert);
      const codes = { week: week.key, code: sent?.failure.code, responseCode: sent?.failure.responseCode };
      logEvent(decision.kind === 'ended' ? 'helpReportRefused' : 'helpReportLater', codes);
      return { kind: 'done', outcome: decision.kind === 'ended' ? 'FAILED' : 'LATER' };
    },
  };
}

/**
 * Sends the week's report if it is due and not sent yet (the sweep's task): once, through the
 * runner, held while the mail account fails or the day's emails are spent.
 */
export async function sendHelpReport(
  db: Firestore,
  config: MailConfig,
  options: ReportOptions = {},
): Promise<ReportOutcome> {
  const now = options.now ?? Date.now;
  const week = reportWeek(now());
  const record = recordOf(db, week);
  const known = (await record.get()).data() as ReportRecord | undefined;
  if (known?.state === 'SENT' || known?.state === 'FAILED') return 'DONE';
  const facts = options.facts ?? (await readSiteFacts());
  const transport = options.transport ?? getTransport(config.smtp);
  const io = mailRunIo(
    transport,
    { from: config.from, to: config.supportEmail },
    { sleep: options.sleep ?? pause, now },
  );
  return runJob(reportJob(db, config, record, { week, facts, now, alert: alertSink(options.onAlert) }), io);
}
