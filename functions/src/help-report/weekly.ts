import type { Firestore } from 'firebase-admin/firestore';
import { collections } from '../contracts/collections.js';
import { platformSettings, type MailConfig } from '../config.js';
import { mayBeARepeat } from '../email/outgoing-email.js';
import { emailPlatform, type PlatformOptions } from '../email/platform.js';
import { sendOnce, type OnceOutcome } from '../email/send-once.js';
import { readHelpReport } from './read-report.js';
import { renderHelpReport } from './render-report.js';
import { readSiteFacts, reportLinks, type HelpSiteFacts } from './site-facts.js';
import { reportWeek } from './week.js';

// The help centre's weekly report to the support address, every Monday from 08:00 in Rome
// (week.ts): `sendHelpReport` (index.ts) asks every 15 minutes, and the report is a site email
// sent once (email/send-once.ts): its record is the field `email` of `MailSweep/help-report-
// <Monday>`; held while the SMTP account fails or the day's emails are spent, it goes out at the
// first run after; a failure for now is tried again by a later run after its back-off.

/** The field of the week's document that holds the report's record (email/send-once.ts). */
export const reportField = 'email';

export type ReportOptions = PlatformOptions & {
  /** The site's facts; read from the functions' build when not given. */
  facts?: HelpSiteFacts;
};

/** Sends the week's report if it is due and not sent yet: once, however many runs meet. */
export async function sendHelpReport(
  db: Firestore,
  config: MailConfig,
  options: ReportOptions = {},
): Promise<OnceOutcome> {
  const platform = emailPlatform(db, platformSettings(config), options);
  const week = reportWeek(platform.now());
  const ref = db.collection(collections.mailSweep).doc(`help-report-${week.key}`);
  // Ended already: one read, nothing more (the run every 15 minutes of the rest of the week).
  const known = (await ref.get()).get(`${reportField}.state`) as unknown;
  if (known === 'SENT' || known === 'FAILED') return 'DONE';
  const facts = options.facts ?? (await readSiteFacts());
  return sendOnce(platform, {
    kind: 'help-report',
    key: week.key,
    place: { ref, field: reportField },
    sendAgain: `To send it again: npm run mail:resend -- --project <id> ${ref.path}#${reportField} (the next run of the week sends it).`,
    async render(repeatOf) {
      const report = await readHelpReport(db, week.fromMs, week.toMs, facts);
      const first = repeatOf === undefined ? [] : [mayBeARepeat(repeatOf)];
      return { to: config.supportEmail, ...renderHelpReport(report, reportLinks(facts), first) };
    },
  });
}
