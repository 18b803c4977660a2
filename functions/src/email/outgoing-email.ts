// What an email is, whatever sends it (a message, a digest, a site email, a check of the SMTP
// account): its fields in nodemailer's shape, which the runner (runner.ts) sends; its stable
// Message-ID, and the line that says a repeat may have reached its reader already.

/** A file sent with an email, in nodemailer's shape. */
export type EmailAttachment = { filename: string; content: Buffer; contentType: string };

export type OutgoingEmail = {
  from: string;
  to: string;
  /**
   * Stable per message (per digest), so a repeat, should one ever be sent, is the same
   * message to the inbox, not a second one: `<mail.{id}@{the sender's domain}>`. Set for
   * every contact email; other emails may leave it to nodemailer.
   */
  messageId?: string;
  /** The earlier email of the visitor's thread this one answers, and the thread (threads.ts). */
  inReplyTo?: string;
  references?: string[];
  replyTo?: string;
  subject: string;
  html: string;
  text: string;
  /** The message's picture, when it came with one that could be read. */
  attachments?: EmailAttachment[];
  /** Headers of its own (a check of the account says it was written by a machine). */
  headers?: Record<string, string>;
};

/** The warning line of an email sent again after a send that met no answer (a message's `delivery.unanswered`, a site email's record): first in the email. */
export function mayBeARepeat(unansweredMs: number): string {
  const when = new Date(unansweredMs).toISOString().slice(0, 16).replace('T', ' ');
  return `Sent again: a try at ${when} UTC got no answer from the mail server once this email was on its way, so it may have reached you already (same reference, same Message-ID).`;
}

/** The domain of the sender's address (`MAIL_FROM`), for Message-IDs; `localhost` without one. */
export function senderDomain(from: string): string {
  const address = /<([^<>]+)>\s*$/.exec(from)?.[1] ?? from;
  const domain = address
    .slice(address.lastIndexOf('@') + 1)
    .trim()
    .toLowerCase();
  return /^[a-z0-9.-]+$/.test(domain) && address.includes('@') ? domain : 'localhost';
}

/** The Message-ID of an email (a message's, a digest's, a site email's): the same for every repeat. */
export function stableMessageId(kind: string, id: string, from: string): string {
  return `<${kind}.${id}@${senderDomain(from)}>`;
}

const languageNames = new Intl.DisplayNames(['en'], { type: 'language' });

/** A language as the team's emails name it, in English with its code: "Italian (it)". */
export function languageLabel(code: string): string {
  return `${languageNames.of(code) ?? code} (${code})`;
}
