import { logger } from 'firebase-functions';

// Every event the functions write to Cloud Logging, in one table: its severity and its words,
// so the words an operator searches for (and a log-based alert matches) are said once, and a
// new event is a line here. The fields go with the words as structured data: ids, states,
// codes, counts, times. Never a message's text, a name or an address: a visitor's words stay in
// the database and the team's inbox (the log's `forbiddenFields` are refused).

type Severity = 'info' | 'warn' | 'error';

const events = {
  // A message's delivery (deliver.ts, claim.ts).
  notClaimed: ['info', 'Mail not claimed'],
  claimFailed: ['error', 'Mail claim failed'],
  heldAtClaim: ['info', 'Mail held'],
  deferredUnclaimed: ['warn', 'Mail deferred'],
  endedUnsent: ['warn', 'Mail not sent'],
  queued: ['info', 'Mail queued for a digest'],
  pictureLeftOut: ['warn', 'Mail picture left out'],
  delivered: ['info', 'Mail delivered'],
  waitsForQuota: ['warn', 'Mail waits for the sending quota'],
  heldForAccount: ['warn', 'Mail held: the mail account fails'],
  failed: ['error', 'Mail delivery failed'],
  deferred: ['warn', 'Mail delivery deferred'],
  tryingAgain: ['warn', 'Mail delivery failed; trying again'],
  outcomeRetried: ['warn', 'Mail outcome not recorded yet; trying again'],
  sentUnrecorded: ['error', 'Mail sent; its outcome could not be recorded'],
  notSentUnrecorded: ['error', 'Mail not sent; its outcome could not be recorded'],
  claimStale: ['warn', 'Mail claim no longer current: nothing recorded'],
  stopped: ['error', 'Mail delivery stopped unexpectedly'],
  // Digests and the sweep (digest.ts, sweep.ts).
  digestSplit: ['warn', 'Digest refused; sending its halves'],
  digestUnrecorded: ['error', 'Digest outcome could not be recorded'],
  sweep: ['info', 'Mail sweep'],
  // The SMTP account (smtp-account.ts, sweep.ts).
  accountStillFails: ['warn', 'Mail account still fails'],
  accountWorksAgain: ['info', 'Mail account works again; held messages go out'],
  accountUnrecorded: ['error', 'Mail account state not recorded'],
  // A site email: the weekly report, a deletion confirmation (email/send-once.ts).
  siteEmailSent: ['info', 'Site email sent'],
  siteEmailHeld: ['warn', 'Site email held (the SMTP account is down, or a budget is spent); a later run sends it'],
  siteEmailCapped: ['warn', 'Site email not sent: over its hourly budget'],
  siteEmailLater: ['warn', 'Site email not sent for now; a later run tries again'],
  siteEmailEnded: ['error', 'Site email given up'],
  siteEmailUnrecorded: ['error', 'Site email sent; its record could not be written'],
  // A member's copy of their data (account-export/callable.ts).
  exportOverCap: ['info', 'Data export refused: over the daily cap'],
  exportTooLarge: ['warn', 'Data export too large to send'],
  exportTooSlow: ['warn', 'Data export took too long; the member’s copy is given back'],
  exportFailed: ['error', 'Data export failed'],
  exportFailingToday: ['error', 'Data export refused: it failed too often today for this member'],
  // The site's read of the known-problem notice (site-notice/read.ts).
  noticeUnread: ['error', 'Site notice could not be read'],
  // What the build wrote of the site's config for the notices (site-notice/site-facts.ts).
  noticeFactsUnread: ['error', 'Site facts for the known problems could not be read'],
} as const satisfies Record<string, readonly [Severity, string]>;

export type LogEvent = keyof typeof events;

/** Every event there is. */
export const logEvents = Object.keys(events) as LogEvent[];

/** Field names a log entry never carries: what a visitor or member wrote, or who they are. */
export const forbiddenFields: readonly string[] = [
  'email',
  'replyTo',
  'name',
  'subject',
  'message',
  'text',
  'html',
  'to',
];

/** The words and severity of an event (for tests, and the alert policy's docs). */
export function eventEntry(event: LogEvent): { severity: Severity; words: string } {
  const [severity, words] = events[event];
  return { severity, words };
}

/** The fields without any forbidden one; those dropped are named (`droppedFields`). */
function withoutForbidden(fields: Record<string, unknown>): Record<string, unknown> {
  const dropped = Object.keys(fields).filter((key) => forbiddenFields.includes(key));
  if (dropped.length === 0) return fields;
  return {
    ...Object.fromEntries(Object.entries(fields).filter(([key]) => !dropped.includes(key))),
    droppedFields: dropped,
  };
}

/** Writes one event with its fields. */
export function logEvent(event: LogEvent, fields: Record<string, unknown> = {}): void {
  const [severity, words] = events[event];
  logger[severity](words, withoutForbidden(fields));
}

/** What a log may say of an unexpected error: its kind and code, never its message (it may quote a document). */
export function errorCodes(error: unknown): { error: string; code: unknown } {
  return {
    error: error instanceof Error ? error.name : typeof error,
    code: (error as { code?: unknown } | null)?.code ?? null,
  };
}

/**
 * Writes a support-mail alert (alerts.ts words it, with its own fields: the log-based alert
 * policy matches `alert: "support-mail"`), through the same forbidden-field check.
 */
export function logAlertEntry(severity: 'warn' | 'error', message: string, fields: Record<string, unknown>): void {
  logger[severity](message, withoutForbidden(fields));
}
