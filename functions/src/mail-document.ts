import { Timestamp } from 'firebase-admin/firestore';
import { appVersionPattern, isPlainEmail, languagePattern, platforms, type Platform } from './contact-fields.js';

// The shape of a contact message as the site writes it to `Mail/{id}`. The trigger trusts
// none of it: every field is checked here and a malformed document is rejected with a
// reason, never thrown on.

/**
 * What the visitor's message was written from, beside the message: the site's language, and
 * the device and app version the visitor chose (or the app filled in: /support?platform=…).
 */
export type MailContext = { language?: string; platform?: Platform; appVersion?: string };

export type ContactMail = {
  subject: string;
  html: string;
  replyTo?: string;
  context: MailContext;
  /** When the site wrote the document (`createdAt`), if it says. */
  writtenMs?: number;
};

export type ParseResult = { ok: true; mail: ContactMail } | { ok: false; reason: string };

/** The context fields that are well-formed; a malformed one is left out, never sent. */
export function parseContext(value: unknown): MailContext {
  if (!isRecord(value)) return {};
  const context: MailContext = {};
  if (typeof value.language === 'string' && languagePattern.test(value.language)) context.language = value.language;
  if (platforms.includes(value.platform as Platform)) context.platform = value.platform as Platform;
  if (typeof value.appVersion === 'string' && appVersionPattern.test(value.appVersion)) {
    context.appVersion = value.appVersion;
  }
  return context;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function parseMailDocument(data: unknown): ParseResult {
  if (!isRecord(data)) return { ok: false, reason: 'the document is empty' };
  const message = data.message;
  if (!isRecord(message)) return { ok: false, reason: 'message is missing or not a map' };
  const { subject, html } = message;
  if (typeof subject !== 'string' || subject.trim() === '') {
    return { ok: false, reason: 'message.subject is missing or not a string' };
  }
  if (typeof html !== 'string' || html.trim() === '') {
    return { ok: false, reason: 'message.html is missing or not a string' };
  }
  const mail: ContactMail = { subject, html, context: parseContext(data.context) };
  if (isPlainEmail(data.replyTo)) mail.replyTo = data.replyTo;
  if (data.createdAt instanceof Timestamp) mail.writtenMs = data.createdAt.toMillis();
  return { ok: true, mail };
}
