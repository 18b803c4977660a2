import {
  defineBoolean,
  defineInt,
  defineSecret,
  defineString,
  select,
  type SecretParam,
} from 'firebase-functions/params';
import { defaultRateLimits, type RateLimits } from './contact-pipeline/caps.js';
import { defaultRetentionMonths } from './contact-pipeline/retention.js';
import { smtpSecretNames, type SmtpSecretRole } from './smtp-secrets.js';
import type { PlatformSettings } from './email/platform.js';
import type { SmtpAuth, SmtpSettings } from './email/transport.js';

export type { SmtpAuth, SmtpSettings };

// Deploy-time configuration. Values come from functions/.env.<project> (the deploy asks
// for any that are missing and saves them there); under the emulators from
// functions/.env.local, which points at the local inbox. The password and the OAuth2
// client and refresh token are secrets: they live in Cloud Secret Manager in production and
// in functions/.secret.local under the emulators.
export const smtpHost = defineString('SMTP_HOST', { description: 'SMTP server host name' });
export const smtpPort = defineInt('SMTP_PORT', { description: 'SMTP server port', default: 587 });
export const smtpSecure = defineBoolean('SMTP_SECURE', {
  description: 'true for implicit TLS (usually port 465); false upgrades with STARTTLS when offered',
  default: false,
});
export const smtpUser = defineString('SMTP_USER', {
  description: 'SMTP user name (with oauth2: the mailbox that sends); empty for a server that needs no authentication',
  default: '',
});

/** How the functions log in to the SMTP server (SMTP_AUTH). */
export const smtpAuthMethods = ['password', 'oauth2'] as const;
export type SmtpAuthMethod = (typeof smtpAuthMethods)[number];
export const smtpAuthMethod = defineString('SMTP_AUTH', {
  description:
    'SMTP login: password (SMTP_PASSWORD, or none when SMTP_USER is empty) or oauth2 (XOAUTH2 with the SMTP_OAUTH_* settings)',
  default: 'password',
  input: select<string>([...smtpAuthMethods]),
});
/** Google's OAuth2 token endpoint (Google Workspace and Gmail). */
export const googleTokenUrl = 'https://oauth2.googleapis.com/token';
export const smtpOAuthTokenUrl = defineString('SMTP_OAUTH_TOKEN_URL', {
  description:
    'OAuth2 token endpoint the refresh token is exchanged at (Microsoft 365: https://login.microsoftonline.com/<tenant-id>/oauth2/v2.0/token); only with SMTP_AUTH=oauth2',
  default: googleTokenUrl,
});
export const smtpOAuthScope = defineString('SMTP_OAUTH_SCOPE', {
  description:
    'Scope sent with the refresh (Microsoft 365: "https://outlook.office.com/SMTP.Send offline_access"); empty sends none (Google); only with SMTP_AUTH=oauth2',
  default: '',
});

// The SMTP secrets, one per name in smtp-secrets.ts. Every function that sends mail declares
// all of them (`smtpSecrets`), whichever method is chosen, so switching the method needs no
// code change; the deploy asks for any that has no value yet, and the unused method's may
// hold a placeholder. The descriptions are what that question shows.
const secretDescriptions: Record<SmtpSecretRole, string> = {
  password: 'SMTP password, used with SMTP_AUTH=password and a SMTP_USER; any placeholder otherwise.',
  oauthClientId: 'OAuth2 client ID, used with SMTP_AUTH=oauth2; any placeholder otherwise.',
  oauthClientSecret: 'OAuth2 client secret, used with SMTP_AUTH=oauth2; any placeholder otherwise.',
  oauthRefreshToken: "The mailbox's OAuth2 refresh token, used with SMTP_AUTH=oauth2; any placeholder otherwise.",
};
const secrets = Object.fromEntries(
  Object.entries(smtpSecretNames).map(([role, name]) => [
    role,
    defineSecret(name, { description: secretDescriptions[role as SmtpSecretRole] }),
  ]),
) as Record<SmtpSecretRole, SecretParam>;
export const smtpPassword = secrets.password;
export const smtpOAuthClientId = secrets.oauthClientId;
export const smtpOAuthClientSecret = secrets.oauthClientSecret;
export const smtpOAuthRefreshToken = secrets.oauthRefreshToken;
/** What a function that sends mail lists in its `secrets` option. */
export const smtpSecrets: readonly SecretParam[] = Object.values(secrets);

/**
 * Whether "Download my data" refuses calls without a valid App Check token. Off by default,
 * like App Check itself; turn it on once the site's App Check is set up (docs/operating.md, "App Check").
 */
export const exportRequiresAppCheck = defineBoolean('EXPORT_REQUIRES_APP_CHECK', {
  description: 'true once App Check is set up for the site: "Download my data" then refuses calls without its token',
  default: false,
});

export const mailFrom = defineString('MAIL_FROM', {
  description: 'Sender of support emails, for example "Support Site <no-reply@example.com>"',
});
export const supportEmail = defineString('SUPPORT_EMAIL', {
  description: 'The support inbox every contact message is delivered to',
});

/**
 * How many instances of the message trigger may run at once, each holding one SMTP connection
 * (email/transport.ts): with the sweep's one beside them, the connections the SMTP account has
 * open at once. Providers cap them per account (Microsoft 365: 3; Gmail and Workspace allow
 * more), and a reply over the cap only slows the sending (send-failures.ts, `busy`).
 */
export const smtpConnections = defineInt('SMTP_CONNECTIONS', {
  description:
    "SMTP connections the contact-message trigger may hold at once (one per instance); the sweep holds one more, so set one under the provider's limit per account (Microsoft 365 allows 3: set 2)",
  default: 2,
});

export const limitPerSenderPerHour = defineInt('MAIL_LIMIT_PER_SENDER_PER_HOUR', {
  description:
    'Emails per visitor address per hour: the first ones alone, the last a digest of the rest; more wait for the next hour (0: no cap)',
  default: defaultRateLimits.perSenderPerHour,
});
export const limitPerHour = defineInt('MAIL_LIMIT_PER_HOUR', {
  description:
    'Emails of one contact message each, in all per hour; more go out in digests, at most one a minute (0: no cap)',
  default: defaultRateLimits.perHour,
});

export const limitPerDay = defineInt('MAIL_LIMIT_PER_DAY', {
  description:
    "Emails of every kind per UTC day, under the mail account's daily sending quota (Google Workspace 2,000, its trial and free Gmail 500: set 450, Microsoft 365 10,000); over it, messages wait and go in digests the next day (0: no cap)",
  default: defaultRateLimits.perDay,
});

export const retentionMonths = defineInt('MAIL_RETENTION_MONTHS', {
  description:
    'Months a contact message is kept in Firestore after it was written; a TTL policy on delivery.expireAt deletes it then (docs/support-email.md)',
  default: defaultRetentionMonths,
});

export type MailConfig = {
  smtp: SmtpSettings;
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
      auth: readSmtpAuth(),
    },
    from: mailFrom.value(),
    supportEmail: supportEmail.value(),
    limits: {
      perSenderPerHour: limitPerSenderPerHour.value(),
      perHour: limitPerHour.value(),
      perDay: limitPerDay.value(),
    },
    retentionMonths: retentionMonths.value(),
  };
}

/** The login SMTP_AUTH chose; reads only the secrets that login uses. */
function readSmtpAuth(): SmtpAuth {
  const method = parseSmtpAuthMethod(smtpAuthMethod.value());
  const user = smtpUser.value();
  if (method === 'oauth2') {
    return {
      method,
      user,
      clientId: smtpOAuthClientId.value(),
      clientSecret: smtpOAuthClientSecret.value(),
      refreshToken: smtpOAuthRefreshToken.value(),
      tokenUrl: smtpOAuthTokenUrl.value().trim() || googleTokenUrl,
      scope: smtpOAuthScope.value().trim(),
    };
  }
  return user ? { method, user, password: smtpPassword.value() } : { method: 'none' };
}

/** SMTP_AUTH's value as a method; anything else is a configuration error, said as such. */
export function parseSmtpAuthMethod(value: string): SmtpAuthMethod {
  const method = value.trim().toLowerCase() || 'password';
  const known = smtpAuthMethods.find((candidate) => candidate === method);
  if (!known) throw new Error(`SMTP_AUTH must be one of ${smtpAuthMethods.join(', ')}; it is "${value}"`);
  return known;
}

/** The email platform's settings (email/platform.ts) from the mail configuration. */
export const platformSettings = (config: MailConfig): PlatformSettings => ({
  from: config.from,
  supportEmail: config.supportEmail,
  perDay: config.limits.perDay,
  smtp: config.smtp,
});
