import { site } from '../../config/site';
import { escapeHtml } from '../../utils/escape-html';
import {
  appVersionPattern,
  isPlainEmail,
  maxAppVersionLength,
  maxEmailLength,
  platforms,
  type Platform,
} from '../../../../functions/src/contact-fields';

// The contact message a visitor writes on /support and the Mail document it becomes. The
// document keeps the shape of the Trigger Email extension (`to`, `message.subject`,
// `message.html`, `replyTo`) that firestore.rules accepts and the mail function sends, plus
// `context`: the site's language, and the device and app version when the visitor gives them.
// The field rules are the mail function's own (functions/src/contact-fields.ts).

export { maxAppVersionLength, platforms, type Platform };

export const contactFields = ['email', 'name', 'subject', 'message'] as const;
export type ContactField = (typeof contactFields)[number];
export type ContactMessage = Record<ContactField, string>;

/** Longest value of each field, in characters; shown on the form and checked by the rules. */
export const contactLimits: Record<ContactField, number> = {
  email: maxEmailLength,
  name: 100,
  subject: 150,
  message: 5000,
};

export type FieldError = 'required' | 'tooLong' | 'email' | 'appVersion';

export const emptyContactMessage: ContactMessage = { email: '', name: '', subject: '', message: '' };

/** The first problem with a field's value, if any. */
export function validateField(field: ContactField, value: string): FieldError | undefined {
  const trimmed = value.trim();
  if (trimmed.length === 0) return 'required';
  if (trimmed.length > contactLimits[field]) return 'tooLong';
  if (field === 'email' && !isPlainEmail(trimmed)) return 'email';
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

/** What the visitor says about the app they write about; both optional ('' when not given). */
export type AppContext = { platform: Platform | ''; appVersion: string };

export const emptyAppContext: AppContext = { platform: '', appVersion: '' };

/** The app version's problem, if any: it may be left empty, and is otherwise a version. */
export function validateAppVersion(value: string): FieldError | undefined {
  const trimmed = value.trim();
  if (trimmed === '') return undefined;
  if (trimmed.length > maxAppVersionLength) return 'tooLong';
  return appVersionPattern.test(trimmed) ? undefined : 'appVersion';
}

export interface MailDocument {
  to: [string];
  message: { subject: string; html: string };
  replyTo: string;
  context: { language: string; platform?: Platform; appVersion?: string };
}

/**
 * The Mail document for a message. The html holds the message first, then the sender's name,
 * email and subject (for the support team, in English), every value escaped; the context
 * holds the visitor's language and what they said of the app, each field only when valid.
 */
export function toMailDocument(
  values: ContactMessage,
  language: string,
  app: AppContext = emptyAppContext,
): MailDocument {
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
  const html = [`<p>${body}</p>`, row('Name', name), row('Email', email), row('Subject', subject)].join('\n');
  const appVersion = app.appVersion.trim();
  const context: MailDocument['context'] = {
    language,
    ...(app.platform ? { platform: app.platform } : {}),
    ...(appVersion && !validateAppVersion(appVersion) ? { appVersion } : {}),
  };
  return { to: [site.supportEmail], message: { subject, html }, replyTo: email, context };
}

/** What a link to Contact Us may fill in. */
export type Prefill = { subject?: string; platform?: Platform; appVersion?: string };

/**
 * What a link to Contact Us may fill in: the subject (`?subject=…`, from the Account page),
 * made one plain line within its limit; the device and app version the app opens the form
 * with (`?platform=android&version=1.2.3`), taken only when they are a known device and a
 * valid version. Nothing else is taken from the address.
 */
export function prefillFromQuery(search: string): Prefill {
  const query = new URLSearchParams(search);
  const prefill: Prefill = {};
  const platform = query.get('platform')?.trim().toLowerCase();
  if (platforms.includes(platform as Platform)) prefill.platform = platform as Platform;
  const appVersion = query.get('version')?.trim();
  if (appVersion && !validateAppVersion(appVersion)) prefill.appVersion = appVersion;
  const subject = query
    .get('subject')
    // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
    ?.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ')
    .replace(/\s{2,}/g, ' ')
    .trim()
    .slice(0, contactLimits.subject);
  if (subject) prefill.subject = subject;
  return prefill;
}
