import nodemailer, { type Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';
import type { MailConfig } from './config.js';
import type { OutgoingEmail } from './render-email.js';

type SmtpTransporter = Transporter<SMTPTransport.SentMessageInfo, SMTPTransport.Options>;

/** What the send step needs of a transport: nodemailer's, or a stand-in in unit tests. */
export type MailTransport = {
  sendMail(email: OutgoingEmail): Promise<{
    messageId: string;
    accepted: Array<string | { address: string }>;
    rejected: Array<string | { address: string }>;
    response: string;
  }>;
};

/**
 * SMTP connections an instance keeps open for its invocations. Cloud Functions runs several
 * invocations of one instance at once; they share these connections instead of each paying
 * a new handshake (and TLS and login) per email.
 */
export const maxConnections = 5;

let cached: { key: string; transporter: SmtpTransporter } | undefined;

/**
 * The SMTP transport: a pool created on first use (never at import time), reused by every
 * later invocation of the instance, and rebuilt (the old pool closed) when the settings change.
 */
export function getTransport(smtp: MailConfig['smtp']): SmtpTransporter {
  const key = JSON.stringify(smtp);
  if (cached?.key !== key) {
    cached?.transporter.close();
    cached = {
      key,
      transporter: nodemailer.createTransport({
        pool: true,
        maxConnections,
        host: smtp.host,
        port: smtp.port,
        secure: smtp.secure,
        ...(smtp.user ? { auth: { user: smtp.user, pass: smtp.password } } : {}),
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 20_000,
      }),
    };
  }
  return cached.transporter;
}

/** Closes the pool (its connections end once idle). The next send builds a new one. */
export function closeTransport(): void {
  cached?.transporter.close();
  cached = undefined;
}
