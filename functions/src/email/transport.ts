import nodemailer, { type Transporter } from 'nodemailer';
import type SMTPPool from 'nodemailer/lib/smtp-pool/index.js';
import type SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';
import type { OutgoingEmail } from './outgoing-email.js';
import { messageAsked } from './send-failures.js';

/** How the transport logs in to the SMTP server. */
export type SmtpAuth =
  /** No login (SMTP_AUTH=password with an empty SMTP_USER): a relay that trusts the sender. */
  | { method: 'none' }
  | { method: 'password'; user: string; password: string }
  /** SASL XOAUTH2 with an access token got for the refresh token at `tokenUrl`. */
  | {
      method: 'oauth2';
      /** The mailbox that logs in and sends. */
      user: string;
      clientId: string;
      clientSecret: string;
      refreshToken: string;
      tokenUrl: string;
      /** Sent as `scope` with the refresh when not empty (Microsoft's endpoint wants one). */
      scope: string;
    };

export type SmtpSettings = { host: string; port: number; secure: boolean; auth: SmtpAuth };

type SmtpTransporter = Transporter<SMTPTransport.SentMessageInfo, SMTPPool.Options>;

/** What the send step needs of a transport: nodemailer's, or a stand-in in unit tests. */
export type MailTransport = {
  sendMail(email: OutgoingEmail): Promise<{
    messageId: string;
    accepted: Array<string | { address: string }>;
    rejected: Array<string | { address: string }>;
    response: string;
  }>;
  /** Logs in without sending (nodemailer's verify): a check of the SMTP account by login. */
  verify?: () => Promise<unknown>;
};

/**
 * SMTP connections an instance keeps open for its invocations: one. Cloud Functions runs
 * several invocations of one instance at once; they share it (nodemailer queues their emails
 * on it) instead of each paying a new handshake, TLS and login per email, and the account's
 * connections at once are then its instances' (config.ts, SMTP_CONNECTIONS), which a provider
 * caps per account (Microsoft 365: 3).
 */
export const maxConnections = 1;

/** A host name that never leaves this machine. */
export function isLoopback(host: string): boolean {
  const name = host
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '');
  return name === 'localhost' || name === '::1' || /^127(?:\.\d{1,3}){3}$/.test(name);
}

/** How long one request for an OAuth2 access token may take (nodemailer's default: 60 s). */
export const tokenRequestTimeoutMs = 10_000;

/**
 * nodemailer's options for the settings: a pool, the time-outs, and the login the settings
 * choose (none, a password, or XOAUTH2 with an access token nodemailer gets, and renews when
 * it expires or the server refuses it, for the refresh token). nodemailer's own logger stays
 * off: its debug lines would carry the mail, and its OAuth2 lines parts of the secrets.
 */
export function smtpTransportOptions(smtp: SmtpSettings): SMTPPool.Options {
  const options: SMTPPool.Options = {
    pool: true,
    maxConnections,
    host: smtp.host,
    port: smtp.port,
    secure: smtp.secure,
    // Without implicit TLS the connection must be upgraded with STARTTLS, or nothing is sent:
    // a stripped upgrade would otherwise carry the password or OAuth2 token in clear. Only a
    // server on this machine (the emulators' inbox) may be spoken to without it.
    requireTLS: !smtp.secure && !isLoopback(smtp.host),
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
    logger: sessionTracker(),
    // The commands and replies of the session, for the tracker only (never the message itself).
    transactionLog: true,
    debug: false,
  };
  const { auth } = smtp;
  switch (auth.method) {
    case 'none':
      return options;
    case 'password':
      return { ...options, auth: { user: auth.user, pass: auth.password } };
    case 'oauth2':
      return {
        ...options,
        auth: {
          type: 'OAuth2',
          user: auth.user,
          clientId: auth.clientId,
          clientSecret: auth.clientSecret,
          refreshToken: auth.refreshToken,
          accessUrl: auth.tokenUrl,
          ...(auth.scope ? { customParams: { scope: auth.scope } } : {}),
          requestTimeout: tokenRequestTimeoutMs,
        },
      };
  }
}

let cached: { key: string; transporter: SmtpTransporter } | undefined;

/**
 * A logger for one pool (one connection at a time: `maxConnections`) that keeps nothing but
 * whether the server has asked for the message since the current send began, and writes it on
 * the error of a send that fails. Every other line of the session (the login's included) is
 * dropped at once.
 */
function sessionTracker(): SMTPPool.Options['logger'] {
  let asked = false;
  const track = (meta: unknown, message?: unknown) => {
    const { tnx, err } = (typeof meta === 'object' && meta !== null ? meta : {}) as { tnx?: unknown; err?: unknown };
    if (tnx === 'send') asked = false;
    else if (tnx === 'server' && typeof message === 'string' && message.startsWith('354')) asked = true;
    else if (typeof err === 'object' && err !== null) (err as Record<string, unknown>)[messageAsked] = asked;
  };
  return { level: () => undefined, trace: track, debug: track, info: track, warn: track, error: track, fatal: track };
}

/**
 * The SMTP transport: a pool created on first use (never at import time), reused by every
 * later invocation of the instance, and rebuilt (the old pool closed) when the settings change.
 */
export function getTransport(smtp: SmtpSettings): SmtpTransporter {
  const key = JSON.stringify(smtp);
  if (cached?.key !== key) {
    cached?.transporter.close();
    cached = { key, transporter: nodemailer.createTransport(smtpTransportOptions(smtp)) };
  }
  return cached.transporter;
}

/** Closes the pool (its connections end once idle). The next send builds a new one. */
export function closeTransport(): void {
  cached?.transporter.close();
  cached = undefined;
}
