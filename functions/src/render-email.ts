import sanitizeHtml from 'sanitize-html';
import { escapeHtml, referenceFor, singleLine, type Platform } from './contact-message.js';
import { senderOf, type ContactMail, type MailContext } from './mail-document.js';

// The email for one contact message, written here from the document's plain fields: the
// visitor's text is escaped, never markup, and its rows are the function's own. A document
// in the old shape (its html written by the site) is sanitised and sent as it was.

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

/** The markup an old-shape message may keep: simple text formatting and web or mail links. */
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

const platformNames: Record<Platform, string> = { android: 'Android', ios: 'iOS', other: 'Other' };
const languageNames = new Intl.DisplayNames(['en'], { type: 'language' });

/** Where the email says the message came from: its document, and the project it is in. */
export type MailSource = {
  /** The Mail document's id. */
  id: string;
  /** The Firebase project; with a real one (not demo-…) the document is linked in the console. */
  projectId?: string;
};

type Detail = { label: string; value: string; href?: string };

/**
 * The rows under the message, for both parts: who wrote it (from the fields; the old shape's
 * html carries its own rows), then the reference, the context and the document.
 */
function details(mail: ContactMail, context: MailContext, source: MailSource): Detail[] {
  const { language, platform, appVersion } = context;
  const path = `Mail/${source.id}`;
  const sender: Detail[] =
    mail.shape === 'fields'
      ? [
          { label: 'Name', value: mail.message.name },
          { label: 'Email', value: mail.message.email },
          { label: 'Subject', value: mail.message.subject },
        ]
      : [];
  const rows: Array<Detail | undefined> = [
    ...sender,
    { label: 'Reference', value: referenceFor(source.id) },
    language ? { label: 'Language', value: `${languageNames.of(language) ?? language} (${language})` } : undefined,
    platform ? { label: 'Device', value: platformNames[platform] } : undefined,
    appVersion ? { label: 'App version', value: appVersion } : undefined,
    mail.writtenMs === undefined
      ? undefined
      : { label: 'Received', value: `${new Date(mail.writtenMs).toISOString().slice(0, 16).replace('T', ' ')} UTC` },
    {
      label: 'Document',
      value: path,
      href:
        source.projectId && !source.projectId.startsWith('demo-')
          ? `https://console.firebase.google.com/project/${encodeURIComponent(source.projectId)}/firestore/databases/-default-/data/~2FMail~2F${encodeURIComponent(source.id)}`
          : undefined,
    },
  ];
  return rows.filter((row) => row !== undefined);
}

/** Text with every line break as \n (the site writes \n; a script could write \r\n or \r). */
const lines = (text: string) => text.replace(/\r\n?/g, '\n');

/**
 * The visitor's message as HTML: every character escaped, a blank line between paragraphs,
 * a line break kept as <br>. A bidirectional control in the text ends with its paragraph (a line
 * break ends one too), and the rows below are table cells of their own: it cannot reorder them.
 */
export function messageHtml(text: string): string {
  return lines(text)
    .split(/\n(?:[ \t]*\n)+/)
    .map((paragraph) => `<p style="margin:0 0 12px">${paragraph.split('\n').map(escapeHtml).join('<br>\n')}</p>`)
    .join('\n');
}

/**
 * The html part: the visitor's message first, then a table of who wrote it, the reference
 * and the context. Inline styles only, the one kind every mail client keeps.
 */
function layout(subject: string, messageHtml: string, rows: Detail[]): string {
  const cell = 'padding:3px 0;vertical-align:top';
  const table = rows
    .map(({ label, value, href }) => {
      const shown = href
        ? `<a href="${escapeHtml(href)}" style="color:#0b57d0">${escapeHtml(value)}</a>`
        : escapeHtml(value);
      return `<tr><td style="${cell};padding-right:16px;color:#57606a;white-space:nowrap">${escapeHtml(label)}</td><td style="${cell}">${shown}</td></tr>`;
    })
    .join('\n');
  return [
    '<!DOCTYPE html>',
    '<html lang="en">',
    '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(subject)}</title></head>`,
    '<body style="margin:0;padding:16px;background:#ffffff;color:#1f2328;font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5">',
    '<div style="max-width:640px">',
    messageHtml,
    '<hr style="border:0;border-top:1px solid #d0d7de;margin:24px 0 12px">',
    `<table role="presentation" style="border-collapse:collapse;font-size:14px">\n${table}\n</table>`,
    '</div>',
    '</body>',
    '</html>',
  ].join('\n');
}

/** What each shape of document gives the email: its subject, context and message in both parts. */
function content(mail: ContactMail) {
  if (mail.shape === 'fields') {
    const { subject, context, message } = mail.message;
    return { subjectText: subject, context, body: messageHtml(message), bodyText: lines(message) };
  }
  const body = sanitizeMessageHtml(mail.html);
  return { subjectText: mail.subject, context: mail.context, body, bodyText: htmlToText(body) };
}

/**
 * The email sent for one contact message. It always goes to the support inbox, whatever
 * the document says; the visitor's address is Reply-To only, and the "Email" row shows that
 * same address. The subject starts with the message's reference; the body is the visitor's
 * message, then who wrote it, the reference, the context and the document, in an html part
 * and a text part that say the same.
 */
export function renderEmail(
  mail: ContactMail,
  options: { from: string; supportEmail: string },
  source: MailSource,
): OutgoingEmail {
  const { subjectText, context, body, bodyText } = content(mail);
  const subject = `[${referenceFor(source.id)}] ${singleLine(subjectText)}`.slice(0, maxSubjectLength);
  const rows = details(mail, context, source);
  const replyTo = senderOf(mail);
  return {
    from: options.from,
    to: options.supportEmail,
    ...(replyTo ? { replyTo } : {}),
    subject,
    html: layout(subject, body, rows),
    text: [bodyText, rows.map(({ label, value }) => `${label}: ${value}`).join('\n')].join('\n\n'),
  };
}
