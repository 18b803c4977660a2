import { escapeHtml } from '../contracts/html-text.js';
import { senderOf, type ContactMail } from './mail-document.js';
import {
  content,
  details,
  documentLink,
  knownProblemLine,
  layout,
  messageHtml,
  messageSection,
  messageSubject,
  warningsText,
  pictureRow,
  quoteText,
  replyLink,
  rowsText,
  type KnownProblem,
  type MailSource,
} from './render-email.js';
import { stableMessageId, type OutgoingEmail } from '../email/outgoing-email.js';

// The digest's email (digest.ts): many messages that were over a cap in one email, each with
// the rows of its own email (render-email.ts) and a reply link that keeps its reference.

/**
 * One message of a digest, rendered once: its parts and their size, so a digest can be
 * bounded, and the known-problem notice it names (its id), so the digest lists it under it.
 */
export type DigestPart = { html: string; text: string; bytes: number; notice?: string };

/**
 * Characters of a message a digest shows. A digest carries hundreds of messages (the caps'
 * overflow, a flood): a long one comes as its beginning and a link to its document, so the
 * digest stays small enough that a flood of the longest messages still fits a few a minute.
 */
export const digestExcerptChars = 500;

/** The text cut to `max` characters (never inside a surrogate pair), and how much was left out. */
function excerpt(text: string, max: number): { shown: string; left: number } {
  if (text.length <= max) return { shown: text, left: 0 };
  const end = /[\uD800-\uDBFF]/.test(text.charAt(max - 1)) ? max - 1 : max;
  return { shown: `${text.slice(0, end).trimEnd()} …`, left: text.length - end };
}

/**
 * A message as a digest shows it: its reference and subject as a heading, the message (its
 * beginning when long, with how much more its document holds), and the rows of its own email,
 * the Email row a reply link that keeps the reference. A digest carries no picture: a message
 * that came with one says so, and its Document row leads to it.
 */
export function digestPart(mail: ContactMail, source: MailSource): DigestPart {
  const { subjectText, context, bodyText } = content(mail);
  const heading = messageSubject(subjectText, source);
  const replyTo = senderOf(mail);
  const link = replyTo ? replyLink(replyTo, `Re: ${heading}`) : undefined;
  const { shown, left } = excerpt(bodyText, digestExcerptChars);
  const picture = mail.shape === 'fields' && mail.picture ? pictureRow.inDigest : undefined;
  const rows = details(mail, context, source, link, undefined, picture);
  if (left > 0) {
    const document = rows.at(-1);
    if (document) {
      document.value = `Mail/${source.id} (the whole message: ${left} more characters than shown here)`;
      document.href = documentLink(source);
    }
  }
  const html = [
    `<h2 style="font-size:17px;margin:32px 0 12px;padding-top:12px;border-top:3px solid #1f2328">${escapeHtml(heading)}</h2>`,
    messageSection(messageHtml(shown), rows),
  ].join('\n');
  const text = [`=== ${heading} ===`, quoteText(shown), rowsText(rows)].join('\n\n');
  const notice = mail.shape === 'fields' ? mail.message.notice : undefined;
  return { html, text, bytes: Buffer.byteLength(html) + Buffer.byteLength(text), ...(notice ? { notice } : {}) };
}

/** The html and text heading of a group of a digest's messages. */
function groupHeading(title: string): DigestPart {
  const html = `<h2 style="font-size:19px;margin:40px 0 0;padding:8px 12px;background:#fff8c5;border-left:4px solid #bf8700">${escapeHtml(title)}</h2>`;
  const text = `##### ${title}`;
  return { html, text, bytes: 0 };
}

/**
 * A digest's messages in the order it shows them: those about each known problem together,
 * under the line that names it (the notices in the order their first message came), then the
 * others, under a heading of their own when there were any about a notice.
 */
export function groupedParts(
  parts: readonly DigestPart[],
  knownProblems: ReadonlyMap<string, KnownProblem> = new Map(),
): DigestPart[] {
  const byNotice = new Map<string, DigestPart[]>();
  const others: DigestPart[] = [];
  for (const part of parts) {
    if (part.notice === undefined) others.push(part);
    else byNotice.set(part.notice, [...(byNotice.get(part.notice) ?? []), part]);
  }
  if (byNotice.size === 0) return [...parts];
  const count = (n: number) => `${n} message${n === 1 ? '' : 's'}`;
  return [
    ...[...byNotice].flatMap(([id, group]) => [
      groupHeading(`${knownProblemLine(knownProblems.get(id) ?? { id })} ${count(group.length)} about it:`),
      ...group,
    ]),
    ...(others.length > 0 ? [groupHeading(`${count(others.length)} about no known problem:`), ...others] : []),
  ];
}

export type DigestSummary = {
  /** The digest's id, on every message it carries (`delivery.digest`). */
  id: string;
  /** Messages still waiting for a later digest once this one is sent. */
  waiting: number;
};

/**
 * One email carrying many messages that were over a cap, each complete (digestPart). It goes
 * to the support inbox with no Reply-To: each message has its own reply link.
 */
export function renderDigest(
  parts: readonly DigestPart[],
  options: { from: string; supportEmail: string },
  summary: DigestSummary,
  warnings: readonly string[] = [],
  knownProblems: ReadonlyMap<string, KnownProblem> = new Map(),
): OutgoingEmail {
  const shown = groupedParts(parts, knownProblems);
  const count = `${parts.length} contact message${parts.length === 1 ? '' : 's'}`;
  const subject = `[Digest] ${count} held over the caps`;
  const intro = [
    `${count} arrived when the emails of the hour or the day were spent (the caps on emails in all and per sender), so they come together here, each with its reference, a reply link and its document (a long message shows its beginning).`,
    summary.waiting > 0 ? `${summary.waiting} more wait for the next digest.` : 'No other message is waiting.',
    `Digest ${summary.id}.`,
  ].join(' ');
  return {
    from: options.from,
    to: options.supportEmail,
    messageId: stableMessageId('digest', summary.id, options.from),
    subject,
    html: layout(
      subject,
      warnings,
      [`<p style="margin:0 0 12px">${escapeHtml(intro)}</p>`, ...shown.map((part) => part.html)].join('\n'),
    ),
    text: [...warningsText(warnings), intro, ...shown.map((part) => part.text)].join('\n\n'),
  };
}
