import { defineBoolean, defineInt, defineSecret, defineString } from 'firebase-functions/params';
import { defaultRateLimits, type RateLimits } from './rate-limits.js';
import { defaultRetentionMonths } from './retention.js';

// Deploy-time configuration. Values come from functions/.env.<project> (the deploy asks
// for any that are missing and saves them there); under the emulators from
// functions/.env.local, which points at the local inbox. The password is a secret: it lives
// in Cloud Secret Manager in production and in functions/.secret.local under the emulators.
export const smtpHost = defineString('SMTP_HOST', { description: 'SMTP server host name' });
export const smtpPort = defineInt('SMTP_PORT', { description: 'SMTP server port', default: 587 });
export const smtpSecure = defineBoolean('SMTP_SECURE', {
  description: 'true for implicit TLS (usually port 465); false upgrades with STARTTLS when offered',
  default: false,
});
export const smtpUser = defineString('SMTP_USER', {
  description: 'SMTP user name; empty for a server that needs no authentication',
  default: '',
});
export const smtpPassword = defineSecret('SMTP_PASSWORD');
export const mailFrom = defineString('MAIL_FROM', {
  description: 'Sender of support emails, for example "Support Site <no-reply@example.com>"',
});
export const supportEmail = defineString('SUPPORT_EMAIL', {
  description: 'The support inbox every contact message is delivered to',
});

export const limitPerSenderPerHour = defineInt('MAIL_LIMIT_PER_SENDER_PER_HOUR', {
  description: 'Contact messages sent per visitor address per hour; more end in ERROR "rate limited" (0: no cap)',
  default: defaultRateLimits.perSenderPerHour,
});
export const limitPerHour = defineInt('MAIL_LIMIT_PER_HOUR', {
  description: 'Contact messages sent in all per hour; more end in ERROR "rate limited" (0: no cap)',
  default: defaultRateLimits.perHour,
});

export const retentionMonths = defineInt('MAIL_RETENTION_MONTHS', {
  description:
    'Months a contact message is kept in Firestore after it was written; a TTL policy on delivery.expireAt deletes it then (README)',
  default: defaultRetentionMonths,
});

export type MailConfig = {
  smtp: { host: string; port: number; secure: boolean; user: string; password: string };
  from: string;
  supportEmail: string;
  limits: RateLimits;
  /** Months after it was written that a Mail document expires (`delivery.expireAt`). */
  retentionMonths: number;
};

/** Reads the parameters; only call inside a function invocation. */
export function readMailConfig(): MailConfig {
  return {
    smtp: {
      host: smtpHost.value(),
      port: smtpPort.value(),
      secure: smtpSecure.value(),
      user: smtpUser.value(),
      password: smtpUser.value() ? smtpPassword.value() : '',
    },
    from: mailFrom.value(),
    supportEmail: supportEmail.value(),
    limits: { perSenderPerHour: limitPerSenderPerHour.value(), perHour: limitPerHour.value() },
    retentionMonths: retentionMonths.value(),
  };
}
