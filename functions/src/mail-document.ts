// The shape of a contact message as the site writes it to `Mail/{id}`. The trigger trusts
// none of it: every field is checked here and a malformed document is rejected with a
// reason, never thrown on.

export type ContactMail = {
  subject: string;
  html: string;
  replyTo?: string;
};

export type ParseResult = { ok: true; mail: ContactMail } | { ok: false; reason: string };

/**
 * A plausible address: printable characters without spaces, quotes, brackets, commas or
 * line breaks before the @, and a dotted domain. The same rule as the site's form
 * (web/src/features/contact/contact-message.ts) and firestore.rules (`isPlainEmail`).
 */
export const emailPattern = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/;

/** A plausible single address with nothing that could add a header or a second recipient. */
export function isPlainEmail(value: unknown): value is string {
  return typeof value === 'string' && value.length <= 254 && emailPattern.test(value) && !value.includes('..');
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
  const mail: ContactMail = { subject, html };
  if (isPlainEmail(data.replyTo)) mail.replyTo = data.replyTo;
  return { ok: true, mail };
}
