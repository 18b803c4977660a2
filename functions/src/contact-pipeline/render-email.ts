import { referenceFor, singleLine, type Platform } from '../contracts/contact-message.js';
import { escapeHtml } from '../contracts/html-text.js';
import { senderOf, type ContactMail, type MailContext } from './mail-document.js';
import { htmlToText, sanitizeMessageHtml } from './old-shape-html.js';
import type { PictureResult } from './picture.js';
import type { Thread } from './threads.js';
import { languageLabel, senderDomain, stableMessageId, type OutgoingEmail } from '../email/outgoing-email.js';
import { collections } from '../contracts/collections.js';

// The email for one contact message, written here from the document's plain fields: the
// visitor's text is escaped, never markup, and its rows are the function's own. A document
// in the old shape (its html written by the site) is sanitised and sent as it was. A picture
// that came with the message is attached as the function drew it again (picture.ts), or the
// email says it was left out and why; digests never carry one (render-digest.ts writes a
// digest from the same parts).

/** Longest subject sent: the form and the rules allow 150; only an admin could write more. */
export const maxSubjectLength = 300;

const platformNames: Record<Platform, string> = { android: 'Android', ios: 'iOS', other: 'Other' };
/**
 * The known-problem notice a message names (its `notice`, site-notice.ts), as its email and a
 * digest show it: its id, and its text, start and page on the site (its updates, in the team's
 * language) while the notice is kept (they are gone siteNoticeLimits.keepDays after it ended).
 */
export type KnownProblem = { id: string; text?: string; since?: string; page?: string };

/** The one line that names a notice, first in every email about it and above its messages in a digest. */
export function knownProblemLine({ id, text, since, page }: KnownProblem): string {
  const shown = since ? `, shown from ${since.slice(0, 16).replace('T', ' ')} UTC` : '';
  const updates = page ? ` Its updates: ${page}` : '';
  return text
    ? `Known problem: "${text}" (notice ${id}${shown}).${updates}`
    : `Known problem: notice ${id}, no longer kept.`;
}

/**
 * The subject every email about a notice shares, and with it one thread in the inbox: mail
 * clients that thread by subject (Gmail) need it the same, and each email names the same root
 * (knownProblemRoot). The message's reference is in its rows.
 */
const knownProblemSubject = (problem: KnownProblem) =>
  `[Known problem] ${problem.text ? singleLine(problem.text) : problem.id}`.slice(0, maxSubjectLength);

/**
 * The Message-ID every email about a notice answers: one no email has, the same for all of
 * them, so they make one thread (In-Reply-To and References) with no document written per
 * message to keep it.
 */
export const knownProblemRoot = (id: string, from: string) => `<notice.${id}@${senderDomain(from)}>`;

/** Where the email says the message came from: its document, and the project it is in. */
export type MailSource = {
  /** The Mail document's id. */
  id: string;
  /** The Firebase project; with a real one (not demo-…) the document is linked in the console. */
  projectId?: string;
};

export type Detail = { label: string; value: string; href?: string };

/** The name of a message's picture as attached: its reference, so it is found with its email. */
export const pictureFilename = (id: string) => `${referenceFor(id)}.webp`;

/** What the Picture row says of a picture attached, of one left out, and in a digest. */
export const pictureRow = {
  attached: (id: string, width: number, height: number) =>
    `${pictureFilename(id)} (${width} × ${height} px, attached; location and camera details removed)`,
  leftOut: (reason: string) => `the picture sent with the message could not be read and was left out: it ${reason}`,
  inDigest: 'sent with the message, kept with its document (not attached to digests)',
};

/** Who wrote it: from the fields; the old shape's html carries its own rows, but its Reply-To. */
function senderRows(mail: ContactMail, replyLink?: string): Detail[] {
  if (mail.shape === 'fields') {
    return [
      { label: 'Name', value: mail.message.name },
      { label: 'Email', value: mail.message.email, href: replyLink },
      { label: 'Subject', value: mail.message.subject },
    ];
  }
  return replyLink && mail.replyTo ? [{ label: 'Email', value: mail.replyTo, href: replyLink }] : [];
}

/**
 * What the message was written from: its language, device and app version, as far as known,
 * the help articles the visitor read first (the one they wrote about first), by id, and the help
 * centre's searches they made first, as kept (the latest first).
 */
function contextRows({ language, platform, appVersion, articles, searches }: MailContext): Array<Detail | undefined> {
  return [
    language ? { label: 'Language', value: languageLabel(language) } : undefined,
    platform ? { label: 'Device', value: platformNames[platform] } : undefined,
    appVersion ? { label: 'App version', value: appVersion } : undefined,
    articles ? { label: 'Help read first', value: articles.join(', ') } : undefined,
    searches ? { label: 'Searched first', value: searches.map((text) => `“${text}”`).join(', ') } : undefined,
  ];
}

/**
 * The rows under the message, for both parts: who wrote it (from the fields; the old shape's
 * html carries its own rows) and its picture, then the reference, the context and the document.
 */
export function details(
  mail: ContactMail,
  context: MailContext,
  source: MailSource,
  replyLink?: string,
  thread?: Pick<Thread, 'quoted' | 'sharedWith'>,
  picture?: string,
): Detail[] {
  const rows: Array<Detail | undefined> = [
    ...senderRows(mail, replyLink),
    picture === undefined ? undefined : { label: 'Picture', value: picture },
    { label: 'Reference', value: referenceFor(source.id) },
    ...contextRows(context),
    mail.writtenMs === undefined
      ? undefined
      : { label: 'Received', value: `${new Date(mail.writtenMs).toISOString().slice(0, 16).replace('T', ' ')} UTC` },
    thread?.quoted
      ? { label: 'Earlier message', value: `${thread.quoted.reference} (${collections.mail}/${thread.quoted.mailId})` }
      : undefined,
    thread?.sharedWith
      ? {
          label: 'Note',
          value: `${collections.mail}/${thread.sharedWith} had this reference first: tell the two apart by their documents.`,
        }
      : undefined,
    { label: 'Document', value: `${collections.mail}/${source.id}`, href: documentLink(source) },
  ];
  return rows.filter((row) => row !== undefined);
}

/** The document in the Firebase console, for a real project (not demo-…). */
export function documentLink(source: MailSource): string | undefined {
  return source.projectId && !source.projectId.startsWith('demo-')
    ? `https://console.firebase.google.com/project/${encodeURIComponent(source.projectId)}/firestore/databases/-default-/data/~2FMail~2F${encodeURIComponent(source.id)}`
    : undefined;
}

/**
 * The visitor's text in a plain-text part: every line quoted with "> ", so no line of theirs
 * can pass for one of the rows the function writes below it ("Reference: …", "Email: …").
 */
export function quoteText(text: string): string {
  return text
    .split('\n')
    .map((line) => (line === '' ? '>' : `> ${line}`))
    .join('\n');
}

/** A `mailto:` link to one plain address with a subject: the address percent-encoded, so none of its characters (`?`, `&`, `%`, `#`) can add a header or a recipient. */
export function replyLink(address: string, subject: string): string {
  const at = address.lastIndexOf('@');
  return `mailto:${encodeURIComponent(address.slice(0, at))}@${address.slice(at + 1)}?subject=${encodeURIComponent(subject)}`;
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
 * A message's html: a line of ours about it if there is one, the visitor's text, then a table
 * of who wrote it, the reference and the context.
 */
export function messageSection(messageHtml: string, rows: Detail[], note?: string): string {
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
    ...(note ? [`<p role="note" style="margin:0 0 12px;color:#57606a"><em>${escapeHtml(note)}</em></p>`] : []),
    messageHtml,
    '<hr style="border:0;border-top:1px solid #d0d7de;margin:24px 0 12px">',
    `<table role="presentation" style="border-collapse:collapse;font-size:14px">\n${table}\n</table>`,
  ].join('\n');
}

/**
 * The line above the message when it quotes the reference of a message from another address
 * (or one whose address is not known): a reference proves nothing about who writes, so the
 * team reads this one as a message of its own, not as the next in the other's conversation.
 */
export function quotedElsewhere(thread: Pick<Thread, 'quoted'> | undefined): string | undefined {
  const quoted = thread?.quoted;
  if (!quoted || quoted.from === 'same') return undefined;
  const which = `${quoted.reference} (${collections.mail}/${quoted.mailId})`;
  return quoted.from === 'other'
    ? `This message quotes reference ${which}, which was sent from another address: it is not part of that conversation.`
    : `This message quotes reference ${which}; whether that came from this address is not known: it is not part of that conversation.`;
}

/** The delivery warnings (alerts.ts) an email carries, above everything else. */
function warningsHtml(warnings: readonly string[]): string[] {
  if (warnings.length === 0) return [];
  const items = warnings.map((line) => `<li>${escapeHtml(line)}</li>`).join('\n');
  return [
    '<div role="note" style="border:2px solid #bf8700;background:#fff8c5;padding:8px 12px;margin:0 0 16px">',
    `<p style="margin:0 0 4px"><strong>Delivery warning</strong></p>\n<ul style="margin:0;padding-left:20px">\n${items}\n</ul>`,
    '</div>',
  ];
}

export const warningsText = (warnings: readonly string[]) =>
  warnings.length === 0 ? [] : [['Delivery warning:', ...warnings.map((line) => `- ${line}`)].join('\n')];

/**
 * The html part around the body. Inline styles only, the one kind every mail client keeps.
 * `lead`: the line that comes first, above the delivery warnings (the known problem a message names).
 */
export function layout(subject: string, warnings: readonly string[], body: string, lead?: string): string {
  return [
    '<!DOCTYPE html>',
    '<html lang="en">',
    '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(subject)}</title></head>`,
    '<body style="margin:0;padding:16px;background:#ffffff;color:#1f2328;font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5">',
    '<div style="max-width:640px">',
    ...(lead ? [`<p style="margin:0 0 16px"><strong>${escapeHtml(lead)}</strong></p>`] : []),
    ...warningsHtml(warnings),
    body,
    '</div>',
    '</body>',
    '</html>',
  ].join('\n');
}

export const rowsText = (rows: Detail[]) => rows.map(({ label, value }) => `${label}: ${value}`).join('\n');

/** What each shape of document gives the email: its subject, context and message in both parts. */
export function content(mail: ContactMail) {
  if (mail.shape === 'fields') {
    const { subject, context, message } = mail.message;
    return { subjectText: subject, context, body: messageHtml(message), bodyText: lines(message) };
  }
  const body = sanitizeMessageHtml(mail.html);
  return { subjectText: mail.subject, context: mail.context, body, bodyText: htmlToText(body) };
}

/** The Picture row of a message that came with one: attached, or left out and why. */
function pictureText(picture: PictureResult | undefined, id: string): string | undefined {
  if (picture === undefined) return undefined;
  return picture.ok ? pictureRow.attached(id, picture.width, picture.height) : pictureRow.leftOut(picture.reason);
}

/** The email's place in a thread: the known problem's, else the visitor's own, if any. */
function threadHeaders(root: string | undefined, thread: Thread | undefined) {
  if (root) return { inReplyTo: root, references: [root] };
  return thread?.inReplyTo ? { inReplyTo: thread.inReplyTo, references: thread.references ?? [thread.inReplyTo] } : {};
}

/**
 * The email sent for one contact message. It always goes to the support inbox, whatever
 * the document says; the visitor's address is Reply-To only, and the "Email" row shows that
 * same address. The subject starts with the message's reference; the body is the visitor's
 * message, then who wrote it, the reference, the context and the document, in an html part
 * and a text part that say the same. `picture`: what reading the message's picture came to
 * (picture.ts), for a message that came with one: attached as `<reference>.webp` with a row
 * that says so, or only a row that says it was left out and why. `knownProblem`: the notice the
 * message names, read: its email then says so in its first line, and shares its subject and
 * thread with every other email about the notice (instead of the visitor's own thread).
 */
export function renderEmail(
  mail: ContactMail,
  options: { from: string; supportEmail: string },
  source: MailSource,
  {
    warnings = [],
    thread,
    picture,
    knownProblem,
  }: { warnings?: readonly string[]; thread?: Thread; picture?: PictureResult; knownProblem?: KnownProblem } = {},
): OutgoingEmail {
  const { subjectText, context, body, bodyText } = content(mail);
  const subject = knownProblem ? knownProblemSubject(knownProblem) : messageSubject(subjectText, source);
  const lead = knownProblem ? knownProblemLine(knownProblem) : undefined;
  const root = knownProblem ? knownProblemRoot(knownProblem.id, options.from) : undefined;
  const rows = details(mail, context, source, undefined, thread, pictureText(picture, source.id));
  const replyTo = senderOf(mail);
  const note = quotedElsewhere(thread);
  return {
    from: options.from,
    to: options.supportEmail,
    messageId: stableMessageId('mail', source.id, options.from),
    ...threadHeaders(root, thread),
    ...(replyTo ? { replyTo } : {}),
    subject,
    html: layout(subject, warnings, messageSection(body, rows, note), lead),
    text: [
      ...(lead ? [lead] : []),
      ...warningsText(warnings),
      ...(note ? [note] : []),
      quoteText(bodyText),
      rowsText(rows),
    ].join('\n\n'),
    ...(picture?.ok
      ? { attachments: [{ filename: pictureFilename(source.id), content: picture.webp, contentType: 'image/webp' }] }
      : {}),
  };
}

/** A message's own subject line: its reference, then the visitor's subject on one line. */
export const messageSubject = (subjectText: string, source: MailSource) =>
  `[${referenceFor(source.id)}] ${singleLine(subjectText)}`.slice(0, maxSubjectLength);
