// What an email is, whatever sends it (a message, a digest, a deletion confirmation, a check of
// the mail account): its fields in nodemailer's shape, which the runner (pipeline.ts) sends.

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
