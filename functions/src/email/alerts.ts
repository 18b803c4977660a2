import { FieldValue, Timestamp, type Firestore } from 'firebase-admin/firestore';
import { dayCounterExpiry, dayKey, warningCounter, shardFields } from './counters.js';
import { logAlertEntry } from '../log.js';
import { collections } from '../contracts/collections.js';

// When contact mail is not reaching the team, someone hears of it, twice over:
//   - a structured log event, `alert: "support-mail"` with a `kind`, that the log-based alert
//     policy in ops/support-mail-alert.json matches (docs/operating.md, "When mail is not reaching the
//     team", says how to install it and what to do on one);
//   - a delivery warning at the top of the next email that reaches the inbox (a message's own or a
//     digest), from the `MailAlerts` documents that say what went wrong, until one carried it.
// Kinds: `failed` (a message ended in ERROR and was never sent), `stale-retry` (messages have
// waited in RETRY for over an hour: the SMTP server keeps refusing), `digest` (a flood or a
// sender over the caps is being folded into digests), `quota` (the day's emails are spent:
// messages wait for the next day; raised once a day), `account` (the SMTP account fails for
// every message: they are held until it works again; raised once, then once a day: smtp-account.ts),
// `site-email` (the weekly report or a deletion confirmation ended unsent: send-once.ts).

/** The label every alert event carries: the log-based alert policy matches it. */
export const alertLabel = 'support-mail';
/** The one document the sweep keeps while messages wait in RETRY too long. */
export const staleRetryAlertId = 'stale-retry';
/** How long a message may wait in RETRY before it is reported. */
export const staleRetryAfterMs = 60 * 60_000;
/** An alert document is deleted this long after it was raised (a TTL policy on `expireAt`). */
export const alertRetentionMs = 30 * 24 * 60 * 60_000;

export type MailAlert =
  | { kind: 'failed'; mailId: string; reference: string; error: string }
  | { kind: 'stale-retry'; waiting: number; oldestWrittenMs: number }
  | { kind: 'digest'; digest: string; messages: number; waiting: number }
  | { kind: 'quota'; day: string; limit: number }
  | { kind: 'account'; sinceMs: number; reason: string; reminder: boolean }
  /** A site email (send-once.ts) ended unsent: `record` is its record's path and field. */
  | { kind: 'site-email'; emailKind: string; record: string; error: string; again: string };

const utcMinute = (ms: number) => `${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/** One line for a person: what the alert says, with no visitor's text in it. */
export function describeAlert(alert: MailAlert): string {
  switch (alert.kind) {
    case 'failed':
      return `Message ${alert.reference} could not be delivered and was given up (${collections.mail}/${alert.mailId}): ${alert.error}`;
    case 'stale-retry':
      return `${alert.waiting} message${alert.waiting === 1 ? ' has' : 's have'} waited in RETRY for over an hour (the oldest written ${new Date(alert.oldestWrittenMs).toISOString().slice(0, 16).replace('T', ' ')} UTC): the SMTP server keeps refusing them.`;
    case 'digest':
      return `${alert.messages} message${alert.messages === 1 ? '' : 's'} went out in digest ${alert.digest}; ${alert.waiting} still wait${alert.waiting === 1 ? 's' : ''}.`;
    case 'account':
      return `${alert.reminder ? 'Still: since' : 'Since'} ${utcMinute(alert.sinceMs)} the mail account has failed for every message (${alert.reason}). Contact messages are held, none is lost: they go out by themselves, oldest first, once a try of the account goes through (tried every 15 minutes at most). Check the SMTP login, its secret and the server (docs/operating.md, "When mail is not reaching the team").`;
    case 'site-email':
      return `The ${alert.emailKind} email was not sent and was given up (${alert.record}): ${alert.error}. ${alert.again}`;
    case 'quota':
      return `The day's emails (${alert.day}, MAIL_LIMIT_PER_DAY ${alert.limit}) are spent, or the mail server said its sending quota is: new messages wait and go out in digests from 00:00 UTC.`;
  }
}

/** Something told of each alert besides the log (a test's collector, the benchmark's count). */
export type AlertSink = (alert: MailAlert) => void;

/** The sink every module raises alerts with: the log, then the observer if there is one. */
export function alertSink(observer?: AlertSink): AlertSink {
  return (alert) => {
    logAlert(alert);
    observer?.(alert);
  };
}

/**
 * The log entry of an alert: its message and fields. A failure's error text stays out of the
 * log (an SMTP reply may quote addresses): the log says which message, the warning says why.
 */
export function alertEntry(alert: MailAlert): { message: string; fields: Record<string, unknown> } {
  if (alert.kind === 'failed') {
    const { kind, mailId, reference } = alert;
    return {
      message: `Support mail alert: message ${reference} could not be delivered and was given up (${collections.mail}/${mailId})`,
      fields: { alert: alertLabel, kind, mailId, reference },
    };
  }
  if (alert.kind === 'site-email') {
    // As a message's failure: the server's words stay out of the log, the warning says why.
    const { kind, emailKind, record } = alert;
    return {
      message: `Support mail alert: the ${emailKind} email was not sent and was given up (${record})`,
      fields: { alert: alertLabel, kind, emailKind, record },
    };
  }
  if (alert.kind === 'account') {
    // The server's words stay out of the log too (a reply may name an address); its codes do not.
    const { kind, sinceMs, reminder } = alert;
    const status = /\b[245]\.\d{1,3}\.\d{1,3}\b/.exec(alert.reason)?.[0] ?? null;
    const reply = /\b[2-5]\d\d\b/.exec(alert.reason)?.[0] ?? null;
    return {
      message: `Support mail alert: ${reminder ? 'the mail account still fails' : 'the mail account fails'} for every message since ${utcMinute(sinceMs)}; messages are held until it works again`,
      fields: { alert: alertLabel, kind, since: new Date(sinceMs).toISOString(), reminder, reply, status },
    };
  }
  return { message: `Support mail alert: ${describeAlert(alert)}`, fields: { alert: alertLabel, ...alert } };
}

/** Logs the alert event the log-based alert policy matches (WARNING for a digest or the day's quota, ERROR otherwise). */
export const logAlert: AlertSink = (alert) => {
  const { message, fields } = alertEntry(alert);
  logAlertEntry(alert.kind === 'digest' || alert.kind === 'quota' ? 'warn' : 'error', message, fields);
};

/**
 * Records a message that ended in ERROR for the next email's delivery warning (its own document, so
 * failures at the same moment never contend) and logs the alert. Never throws.
 */
export async function reportFailure(
  db: Firestore,
  alert: Extract<MailAlert, { kind: 'failed' }>,
  nowMs: number,
  sink: AlertSink,
): Promise<void> {
  sink(alert);
  try {
    await db.collection(collections.mailAlerts).doc(alert.mailId).set(warningDocument(alert, nowMs));
    await addToWarningCount(db, 1, nowMs);
  } catch {
    // The log event has been written; the warning is the lesser half.
  }
}

/**
 * Raises the day's quota alert (the day's emails, `perDay`, spent) once (its document is created once a day; later calls find it
 * and stay quiet), with a delivery warning for the next email that reaches the inbox. Never throws.
 */
export async function reportQuota(db: Firestore, perDay: number, nowMs: number, sink: AlertSink): Promise<void> {
  const alert = { kind: 'quota', day: dayKey(nowMs), limit: perDay } as const;
  try {
    await raiseWarning(db, `quota-${alert.day}`, alert, nowMs);
    sink(alert);
  } catch {
    // Raised already today (ALREADY_EXISTS), or the database refused: said once is enough.
  }
}

/**
 * Records a delivery warning for the next email that reaches the inbox under its own id (an existing
 * one is left as it is), and counts it as waiting. Throws when the database refuses.
 */
export async function raiseWarning(db: Firestore, id: string, alert: MailAlert, nowMs: number): Promise<void> {
  await db.collection(collections.mailAlerts).doc(id).create(warningDocument(alert, nowMs));
  await addToWarningCount(db, 1, nowMs);
}

/**
 * An alert as its warning document holds it (its line in `notice`, the field's name since it was
 * first written): waiting for the next email, kept `alertRetentionMs`.
 */
function warningDocument(alert: MailAlert, nowMs: number): Record<string, unknown> {
  return {
    ...alert,
    notice: describeAlert(alert),
    raisedTime: Timestamp.fromMillis(nowMs),
    reported: false,
    expireAt: Timestamp.fromMillis(nowMs + alertRetentionMs),
  };
}

/** Records (or clears, with 0 waiting) the stale-RETRY warning; called by the sweep alone. */
export async function setStaleRetryAlert(
  db: Firestore,
  alert: Extract<MailAlert, { kind: 'stale-retry' }> | undefined,
  nowMs: number,
  sink: AlertSink,
): Promise<void> {
  const ref = db.collection(collections.mailAlerts).doc(staleRetryAlertId);
  const before = await ref.get();
  if (!alert) {
    if (before.exists) await ref.delete();
    return;
  }
  sink(alert);
  if (before.exists && before.get('waiting') === alert.waiting) return;
  if (!before.exists || before.get('reported') === true) await addToWarningCount(db, 1, nowMs);
  await ref.set(warningDocument(alert, nowMs));
}

/**
 * Keeps the number of warnings waiting on the day's `notices` shard (counters.ts), which the
 * aggregation every message makes reads too: a message looks for warnings only when that number
 * says some wait. Raising adds, carrying takes away, and the sweep sets it from the warnings
 * themselves every minute (`syncWarningCount`), so a missed change lasts a minute at most.
 */
async function addToWarningCount(db: Firestore, by: number, nowMs: number): Promise<void> {
  try {
    await warningCounter(db, nowMs).set(
      { ...shardFields({ notices: FieldValue.increment(by) }), expireAt: dayCounterExpiry(nowMs) },
      { merge: true },
    );
  } catch {
    // The sweep sets it right within a minute.
  }
}

/** Sets the day's count of waiting warnings from the warnings themselves (the sweep, every minute). */
export async function syncWarningCount(db: Firestore, nowMs: number): Promise<number> {
  const waiting = (await db.collection(collections.mailAlerts).where('reported', '==', false).count().get()).data()
    .count;
  const ref = warningCounter(db, nowMs);
  const counted: unknown = (await ref.get()).get('notices');
  if (counted !== waiting) {
    await ref.set({ ...shardFields({ notices: waiting }), expireAt: dayCounterExpiry(nowMs) }, { merge: true });
  }
  return waiting;
}

/** Warnings not yet carried by an email: their ids (to mark once sent) and their lines. */
export type Warnings = { ids: string[]; lines: string[] };

/** Most warnings one email carries; the rest go in the next. */
const warningsPerEmail = 20;

/** The delivery warnings the next email carries. A failure to read them never stops an email. */
export async function pendingWarnings(db: Firestore): Promise<Warnings> {
  try {
    const snapshot = await db
      .collection(collections.mailAlerts)
      .where('reported', '==', false)
      .limit(warningsPerEmail)
      .get();
    const docs = snapshot.docs.filter((doc) => typeof doc.get('notice') === 'string');
    return { ids: docs.map((doc) => doc.id), lines: docs.map((doc) => doc.get('notice') as string) };
  } catch {
    return { ids: [], lines: [] };
  }
}

/** Marks warnings as carried by a sent email. Invocations that sent the same warning both mark it: harmless. */
export async function markReported(db: Firestore, warnings: Warnings, nowMs = Date.now()): Promise<void> {
  if (warnings.ids.length === 0) return;
  // One update each: a warning the sweep cleared meanwhile must not keep the others unmarked.
  // One that fails is shown again in the next email: better twice than never.
  const results = await Promise.allSettled(
    warnings.ids.map((id) => db.collection(collections.mailAlerts).doc(id).update({ reported: true })),
  );
  const marked = results.filter((result) => result.status === 'fulfilled').length;
  if (marked > 0) await addToWarningCount(db, -marked, nowMs);
}
