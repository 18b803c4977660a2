import type { ContactMail } from './mail-document.js';

export type OutgoingEmail = {
  from: string;
  to: string;
  replyTo?: string;
  subject: string;
  html: string;
  text: string;
};

/** Collapses line breaks and runs of white space so the subject is one header line. */
export function singleLine(value: string): string {
  return value
    .replace(/[\r\n\t\v\f\u2028\u2029]+/g, ' ')
    .replace(/ {2,}/g, ' ')
    .trim();
}

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' };

/** A readable plain-text part for mail clients that do not show HTML. */
export function htmlToText(html: string): string {
  return html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, '')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|h[1-6]|li|tr)>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, name: string) => entities[name] ?? '')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/**
 * The email sent for one contact message. It always goes to the support inbox, whatever
 * the document says; the visitor's address becomes Reply-To only.
 */
export function renderEmail(mail: ContactMail, options: { from: string; supportEmail: string }): OutgoingEmail {
  return {
    from: options.from,
    to: options.supportEmail,
    ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
    subject: singleLine(mail.subject),
    html: mail.html,
    text: htmlToText(mail.html),
  };
}
