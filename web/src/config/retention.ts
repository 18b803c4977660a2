// How long the operator keeps each kind of personal data, in one table. Every text that states a
// period (the privacy policy, the contact form's notice, the Account page, the help articles)
// is filled from `retentionValues()`, by the names below; where a function enforces a period
// (a TTL expiry, a thread window), a unit test checks it against this table
// (scripts/lib/retention.test.ts, `npm run deploy` for an operator's own settings).
// EXAMPLE values: the operator confirms each before launch.

export const retention = {
  /**
   * A Contact Us message in the database, with its picture. The mail function's
   * MAIL_RETENTION_MONTHS sets the expiry it writes: its default (functions/src/contact-pipeline/retention.ts)
   * is checked against this by a unit test, and an operator's own value by `npm run deploy`.
   */
  supportMonths: 12,
  /** The email the support team receives for each Contact Us message, in the team's mailbox (its deletion rule). */
  inboxMonths: 24, // EXAMPLE
  /**
   * An email written straight to the support or data protection address, and our answers, in the
   * team's mailbox after the conversation's last message (its deletion rule).
   */
  directEmailMonths: 24, // EXAMPLE
  /**
   * The one-way code of a visitor's address that threads their next message, after their last
   * one: the mail function's window (functions/src/contact-pipeline/threads.ts), checked by a unit test.
   */
  threadDays: 30,
  /** The servers' request logs of the website and the app (log data: IP address, page, time). */
  serverLogDays: 30, // EXAMPLE
  /** Security logs that may name an account (sign-ins, abuse reports). */
  securityLogDays: 90, // EXAMPLE
  /** Backups are overwritten within this many days: deleted data is gone from them then. */
  backupDays: 30, // EXAMPLE
  /**
   * The record that an account was deleted (date, what, a one-way code made from the account's
   * id: no name, no address): the clean-up's TTL (functions/src/account-deletion/cleanup.ts).
   */
  deletionRecordYears: 2, // EXAMPLE
  /**
   * The record of a member's copies of their data (time, how many documents, a one-way code),
   * after the last one: the export's TTL (functions/src/account-export/member-export.ts).
   */
  copyRecordYears: 2, // EXAMPLE
  /**
   * The help centre's answers and searches (help signals, with nothing that names the
   * visitor): the contract's period (functions/src/contracts/help-signal.ts, which
   * the page's expiry, the rules and the TTL follow), checked by a unit test.
   */
  helpSignalDays: 35,
  /**
   * The help centre's weekly summary in the support team's mailbox (its deletion rule): it lists
   * the searches made often enough to be shown and the articles read before writing.
   */
  helpReportMonths: 12, // EXAMPLE
  /**
   * A known-problem notice and its updates, after it ended: the history page, the feeds and the
   * app's status list them this long, then the TTL policy deletes them (the contract's
   * `siteNoticeLimits.keepDays`, checked by a unit test). Not personal data: the operator writes
   * every word, and nothing a visitor sent is in them, so the privacy policy does not list them
   * (and `retentionValues`, the privacy policy's, leaves it out: the help texts fill it in).
   */
  knownProblemDays: 90,
  /** Accounting records of the income from Pro purchases (Italian law: 10 years). */
  accountingYears: 10, // EXAMPLE
} as const;

/** The periods by the names the texts use: `{{supportMonths}}`, `{{serverLogDays}}`, … */
export function retentionValues() {
  return {
    supportMonths: retention.supportMonths,
    inboxMonths: retention.inboxMonths,
    directEmailMonths: retention.directEmailMonths,
    threadDays: retention.threadDays,
    serverLogDays: retention.serverLogDays,
    logDays: retention.securityLogDays,
    backupDays: retention.backupDays,
    recordYears: retention.deletionRecordYears,
    copyRecordYears: retention.copyRecordYears,
    signalDays: retention.helpSignalDays,
    helpReportMonths: retention.helpReportMonths,
    accountingYears: retention.accountingYears,
  };
}
