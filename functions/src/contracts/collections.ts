// The Firestore collections of the support pipeline and the members' records, by name: the
// site, the functions, the scripts and the tests name them from here. firestore.rules and
// firestore.indexes.json cannot import it; the rules checks and the retention test read those
// files against it (scripts/lib/rules-checks.ts, scripts/lib/retention.test.ts).

export const collections = {
  /** Contact messages: the only collection anyone but the functions writes (create only). */
  mail: 'Mail',
  /** A visitor's email thread, per sender (contact-pipeline/threads.ts). */
  mailThreads: 'MailThreads',
  /** Which message a reference names, for a reply that quotes it (contact-pipeline/threads.ts). */
  mailReferences: 'MailReferences',
  /** The caps' counters: per sender and hour, the hour's and the day's (email/counters.ts). */
  mailLimits: 'MailLimits',
  /** The shards of an hour's global count, a subcollection of `MailLimits/all_{hour}`. */
  mailLimitShards: 'MailLimitShards',
  /** What the team is told when mail does not reach it (email/alerts.ts). */
  mailAlerts: 'MailAlerts',
  /** The sweep's own documents: its cursor of lost events, the last digest, the SMTP account's state. */
  mailSweep: 'MailSweep',
  /** Each deletion of an account, under the hashed user id (account-deletion/cleanup.ts). */
  accountDeletions: 'AccountDeletions',
  /** Each copy of a member's data, under a one-way code (account-export/member-export.ts). */
  dataExports: 'DataExports',
  /**
   * Known problems said on the site (site-notice/store.ts): each notice under its id, and
   * `current`, the one shown. Written by the operator's command alone; read by the functions.
   */
  siteNotices: 'SiteNotices',
  /**
   * What the help centre learns where it fails (contracts/help-signal.ts): an article's answer,
   * why it did not help, a search that found nothing. The site creates them; nobody reads them
   * but the functions' weekly report.
   */
  helpSignals: 'HelpSignals',
} as const;
