import sanitizeHtml from 'sanitize-html';
import type { ContactMail } from './mail-document.js';

export type OutgoingEmail = {
  from: string;
  to: string;
  replyTo?: string;
  subject: string;
  html: string;
  text: string;
};

/** Longest subject sent: the form and the rules allow 150; only an admin could write more. */
export const maxSubjectLength = 300;

/** Collapses line breaks, other control characters and runs of white space: one header line. */
export function singleLine(value: string): string {
  return (
    value
      // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
      .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ')
      .replace(/ {2,}/g, ' ')
      .trim()
  );
}

/** The markup a contact message may keep: simple text formatting and web or mail links. */
const sanitizeOptions: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'em', 'b', 'i', 'ul', 'ol', 'li', 'a'],
  allowedAttributes: { a: ['href'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  // Other elements go but their text stays; script, style and the like go with their content.
  disallowedTagsMode: 'discard',
};

/**
 * The message html reduced to inert markup, whatever the document holds: no scripts,
 * styles, images, event handlers, forms or javascript: links.
 */
export function sanitizeMessageHtml(html: string): string {
  return sanitizeHtml(html, sanitizeOptions);
}

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' };

/**
 * A readable plain-text part for mail clients that do not show HTML. Meant for sanitised
 * html (simple tags, the entities sanitize-html writes); links keep their address.
 */
export function htmlToText(html: string): string {
  return html
    .replace(/\s+/g, ' ') // white space in html is one space; only tags break lines
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, '')
    .replace(/<a\s[^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi, (_, href: string, label: string) =>
      label.trim() === href.replace(/^mailto:/, '') ? label : `${label} (${href})`,
    )
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<li[^>]*>/gi, '- ')
    .replace(/<\/(p|div|h[1-6]|li|tr|ul|ol)>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, name: string) => entities[name] ?? '')
    .replace(/ *\n */g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/**
 * The email sent for one contact message. It always goes to the support inbox, whatever
 * the document says; the visitor's address becomes Reply-To only (parseMailDocument keeps
 * it only when it is one plain address); the html is sanitised and the text made from it.
 */
export function renderEmail(mail: ContactMail, options: { from: string; supportEmail: string }): OutgoingEmail {
  const html = sanitizeMessageHtml(mail.html);
  return {
    from: options.from,
    to: options.supportEmail,
    ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
    subject: singleLine(mail.subject).slice(0, maxSubjectLength),
    html,
    text: htmlToText(html),
  };
}
