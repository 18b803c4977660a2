import { site } from '../../config/site';
import { escapeHtml } from '../../utils/escape-html';

// The contact message a visitor writes on /support and the Mail document it becomes. The
// document keeps the shape of the Trigger Email extension (`to`, `message.subject`,
// `message.html`, `replyTo`) that firestore.rules accepts and the mail function sends.

export const contactFields = ['email', 'name', 'subject', 'message'] as const;
export type ContactField = (typeof contactFields)[number];
export type ContactMessage = Record<ContactField, string>;

/** Longest value of each field, in characters; shown on the form and checked by the rules. */
export const contactLimits: Record<ContactField, number> = {
  email: 254,
  name: 100,
  subject: 150,
  message: 5000,
};

export type FieldError = 'required' | 'tooLong' | 'email';

export const emptyContactMessage: ContactMessage = { email: '', name: '', subject: '', message: '' };

/**
 * A plausible address: one @, a name of printable characters without spaces, quotes or
 * brackets, and a domain with a dot. Kept in step with the rules and the mail function.
 */
export const emailPattern = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/;

export function isPlausibleEmail(value: string): boolean {
  return emailPattern.test(value) && !value.includes('..');
}

/** The first problem with a field's value, if any. */
export function validateField(field: ContactField, value: string): FieldError | undefined {
  const trimmed = value.trim();
  if (trimmed.length === 0) return 'required';
  if (trimmed.length > contactLimits[field]) return 'tooLong';
  if (field === 'email' && !isPlausibleEmail(trimmed)) return 'email';
  return undefined;
}

export function validateContactMessage(values: ContactMessage): Partial<Record<ContactField, FieldError>> {
  const errors: Partial<Record<ContactField, FieldError>> = {};
  for (const field of contactFields) {
    const error = validateField(field, values[field]);
    if (error) errors[field] = error;
  }
  return errors;
}

/** Single-line fields lose line breaks and other control characters. */
function singleLine(text: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
  return text.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
}

export interface MailDocument {
  to: [string];
  message: { subject: string; html: string };
  replyTo: string;
}

/**
 * The Mail document for a message. The html holds the sender's name, email, subject and
 * message (for the support team, in English, with the visitor's language), every value escaped.
 */
export function toMailDocument(values: ContactMessage, language: string): MailDocument {
  const email = singleLine(values.email);
  const name = singleLine(values.name);
  const subject = singleLine(values.subject);
  const body = values.message
    .trim()
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => escapeHtml(line))
    .join('<br>\n');
  const row = (label: string, value: string) => `<p><strong>${label}:</strong> ${escapeHtml(value)}</p>`;
  const html = [
    row('Name', name),
    row('Email', email),
    row('Subject', subject),
    row('Language', language),
    '<p><strong>Message:</strong></p>',
    `<p>${body}</p>`,
  ].join('\n');
  return { to: [site.supportEmail], message: { subject, html }, replyTo: email };
}

/**
 * What a link to Contact Us may fill in (`/support?subject=…`, from the Account page or the
 * app): the subject, made one plain line within its limit. Nothing else is taken from the address.
 */
export function prefillFromQuery(search: string): Partial<ContactMessage> {
  const subject = new URLSearchParams(search)
    .get('subject')
    // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
    ?.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ')
    .replace(/\s{2,}/g, ' ')
    .trim()
    .slice(0, contactLimits.subject);
  return subject ? { subject } : {};
}
