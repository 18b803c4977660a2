import { Timestamp } from 'firebase-admin/firestore';
import {
  contactMessageSchema,
  contactPicture,
  isPlainEmail,
  isValid,
  parseContactMessage,
  platforms,
  type ContactContext,
  type ContactMessage,
  type Platform,
} from '../contracts/contact-message.js';

// What the trigger reads from `Mail/{id}`. The trigger trusts none of it: every field is
// checked here and a malformed document is rejected with a reason, never thrown on.
//
// Two shapes. The site writes plain fields (contact-message.ts: name, email, subject,
// message, context, maybe a picture), and the function writes the whole email from them.
// Documents written before that (the Trigger Email extension's `message: { subject, html }`
// and `replyTo`, with the site's html) are still sent, rendered as they were, until the
// retention period removes the last of them; no client can write that shape any more
// (firestore.rules).

/** What the message was written from; in the old shape each field is kept only when valid. */
export type MailContext = Partial<ContactContext>;

/**
 * The picture a message came with (contactPicture): its bytes, not yet looked at (picture.ts
 * decodes them), or why the field cannot be a picture at all. The rules take bytes only, so
 * only someone with admin access could have written anything else.
 */
export type CarriedPicture = { kind: 'bytes'; bytes: Uint8Array } | { kind: 'refused'; reason: string };

export type ContactMail =
  | {
      shape: 'fields';
      message: ContactMessage;
      /** The picture that came with the message, if one did. */
      picture?: CarriedPicture;
      /** When the site wrote the document (`createdAt`), if it says. */
      writtenMs?: number;
    }
  | {
      shape: 'html';
      subject: string;
      html: string;
      replyTo?: string;
      context: MailContext;
      writtenMs?: number;
    };

export type ParseResult = { ok: true; mail: ContactMail } | { ok: false; reason: string };

/**
 * Every field the function reads from a message but its picture: what a query that finds many
 * messages at once selects (sweep.ts), so that a page of messages is never a page of pictures
 * of up to 640 KiB each. A message is read whole only by its claim, one at a time.
 */
export const fieldsBesidesPicture: readonly string[] = [
  ...Object.keys(contactMessageSchema.entries),
  'createdAt',
  'delivery',
  'reference',
  // The old shape's Reply-To (its subject and html are in `message`, its context in `context`).
  'replyTo',
];

/** The address the visitor gave, if it is one plain address: the email's Reply-To. */
export function senderOf(mail: ContactMail): string | undefined {
  return mail.shape === 'fields' ? mail.message.email : mail.replyTo;
}

/** The context fields of an old-shape document that are well-formed; a malformed one is left out. */
export function parseContext(value: unknown): MailContext {
  if (!isRecord(value)) return {};
  const context: MailContext = {};
  if (isValid('language', value.language)) context.language = value.language;
  if (platforms.includes(value.platform as Platform)) context.platform = value.platform as Platform;
  if (isValid('appVersion', value.appVersion)) context.appVersion = value.appVersion;
  return context;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** What kind of value a field holds, in words (never the value itself). */
function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value === 'string') return 'text';
  if (typeof value === 'number') return 'a number';
  if (typeof value === 'boolean') return 'true or false';
  if (Array.isArray(value)) return 'a list';
  if (value instanceof Timestamp) return 'a time';
  return isRecord(value) && Object.getPrototypeOf(value) === Object.prototype ? 'a map' : 'another kind of value';
}

/**
 * The `picture` field: bytes (a Buffer, as the Admin SDK reads them) are carried on to be
 * decoded; anything else is a picture refused, with a reason that names the kind of value.
 */
export function parsePicture(value: unknown): CarriedPicture | undefined {
  if (value === undefined) return undefined;
  if (value instanceof Uint8Array) return { kind: 'bytes', bytes: value };
  return { kind: 'refused', reason: `is ${kindOf(value)}, not bytes` };
}

/** The old shape, as the function read it before the site wrote plain fields. */
function parseHtmlShape(data: Record<string, unknown>, message: Record<string, unknown>): ParseResult {
  const { subject, html } = message;
  if (typeof subject !== 'string' || subject.trim() === '') {
    return { ok: false, reason: 'message.subject is missing or not a string' };
  }
  if (typeof html !== 'string' || html.trim() === '') {
    return { ok: false, reason: 'message.html is missing or not a string' };
  }
  const mail: ContactMail = { shape: 'html', subject, html, context: parseContext(data.context) };
  if (isPlainEmail(data.replyTo)) mail.replyTo = data.replyTo;
  return { ok: true, mail };
}

export function parseMailDocument(data: unknown): ParseResult {
  if (!isRecord(data)) return { ok: false, reason: 'the document is empty' };
  let parsed: ParseResult;
  if (isRecord(data.message)) {
    parsed = parseHtmlShape(data, data.message);
  } else {
    const fields = parseContactMessage(data);
    const picture = parsePicture(data[contactPicture.field]);
    parsed = fields.ok
      ? { ok: true, mail: { shape: 'fields', message: fields.message, ...(picture ? { picture } : {}) } }
      : fields;
  }
  if (parsed.ok && data.createdAt instanceof Timestamp) parsed.mail.writtenMs = data.createdAt.toMillis();
  return parsed;
}

/**
 * Whether a message came with a picture, written on it by the functions when it is first
 * claimed (claim.ts, with its reference), so that a digest knows without reading the picture.
 * A visitor cannot write it: the rules let a client create the form's fields alone.
 */
export const pictureFlag = 'hasPicture';

/** The flag for a message as read whole (`data`: its document's fields). */
export function pictureMark(data: Record<string, unknown>): Record<typeof pictureFlag, boolean> {
  return { [pictureFlag]: data[contactPicture.field] !== undefined };
}

/**
 * From when a message's picture, still the bytes as written, is to be drawn again without
 * metadata (or dropped when it cannot be read) by the sweep (sweep.ts, cleanPictures): at once
 * once the message ended without its own email attaching it (sent in a digest, ended in ERROR
 * at the claim or in a digest), a day after it was written while it waits (held for the mail
 * account, deferred), later again when a redraw failed for a reason that may pass. A message
 * sent or refused alone keeps the copy its own email drew, and the mark goes. Bytes a script
 * wrote are so kept only until the message's send is decided, or a day while it waits.
 */
export const pictureToClean = 'pictureToClean';

/** Set once the picture a message keeps is one the functions drew (never the bytes as written). */
export const pictureDrawn = 'pictureDrawn';

/** Whether a message (its document's fields) still holds the picture bytes as written. */
export const hasRawPicture = (data: Record<string, unknown>): boolean =>
  data[contactPicture.field] !== undefined && data[pictureDrawn] !== true;

/** How long a waiting message may keep the picture as written. */
export const rawPictureForMs = 24 * 60 * 60_000;

/** The mark that has the sweep draw the picture again from `ms` on. */
export function cleanPictureFrom(ms: number): Record<typeof pictureToClean, Timestamp> {
  return { [pictureToClean]: Timestamp.fromMillis(ms) };
}
