import type { Firestore } from 'firebase-admin/firestore';
import { proveAccountFailure } from './smtp-account-check.js';
import { alertSink, type AlertSink } from './alerts.js';
import type { RunIo } from './runner.js';
import { pause } from './send-failures.js';
import { getTransport, type MailTransport, type SmtpSettings } from './transport.js';

// What every kind of email is sent with, built in one place: the database, the SMTP account's
// transport, the sender and the support address (where a check of the SMTP account goes), the
// day's budget, the clock, the pauses and the alerts. A message, a digest, the weekly report,
// a deletion confirmation and the sweep's try of the SMTP account all take it from here, so
// a test or a benchmark that passes its own transport or clock passes it once.

export type EmailPlatform = {
  db: Firestore;
  transport: MailTransport;
  /** The sender of every email. */
  from: string;
  /** The support address: a check of the SMTP account goes there, as every message does. */
  supportEmail: string;
  /** The day's emails of every kind (MAIL_LIMIT_PER_DAY); 0 for no cap. */
  perDay: number;
  now: () => number;
  sleep: (ms: number) => Promise<void>;
  alert: AlertSink;
};

/** What the platform is built from: the mail settings (or a transport of a test's own). */
export type PlatformSettings = { from: string; supportEmail: string; perDay: number; smtp?: SmtpSettings };

/** What a caller may pass instead of the defaults: a transport, a clock, pauses, an observer of alerts. */
export type PlatformOptions = {
  transport?: MailTransport | undefined;
  now?: (() => number) | undefined;
  sleep?: ((ms: number) => Promise<void>) | undefined;
  onAlert?: AlertSink | undefined;
};

export function emailPlatform(db: Firestore, settings: PlatformSettings, options: PlatformOptions = {}): EmailPlatform {
  const transport = options.transport ?? (settings.smtp ? getTransport(settings.smtp) : undefined);
  if (!transport) throw new Error('An email platform needs a transport or the SMTP settings');
  return {
    db,
    transport,
    from: settings.from,
    supportEmail: settings.supportEmail,
    perDay: settings.perDay,
    now: options.now ?? Date.now,
    sleep: options.sleep ?? pause,
    alert: alertSink(options.onAlert),
  };
}

/**
 * The runner's I/O (runner.ts): the transport, the pauses, the clock, and the proof of a
 * failure that may be the SMTP account's (smtp-account-check.ts), counted among the day's emails.
 */
export function runIo(platform: EmailPlatform): RunIo {
  return {
    transport: platform.transport,
    sleep: platform.sleep,
    now: platform.now,
    checkAccount: (failure) => proveAccountFailure(platform, failure, platform.now()),
  };
}
