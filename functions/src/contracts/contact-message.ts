import * as v from 'valibot';
import { contactPicture } from './contact-picture.js';
import { articleIdPattern, isArticleId, maxArticleIdLength } from './article-id.js';
import { maxSearchLength, searchTextPattern } from './search-text.js';
import { isValid, matchers, patterns, regex } from './text-patterns.js';

// A contact message, the one definition that the site's form, firestore.rules and the mail
// function share: its fields and their limits, the schema that builds the document the site
// writes to `Mail/{id}` and reads it back in the function, the reference both sides show, and
// the text helpers (one line, HTML escaping). One of the contracts (ARCHITECTURE.md,
// "Contracts"): the site imports it as `@contracts/contact-message`, so it imports nothing but
// valibot. firestore.rules cannot import it: tests/emulators/rules.test.ts reads the rules and
// checks that they hold these limits and patterns, character for character.

/** What each field the visitor types is, and its longest value in UTF-16 code units. */
export const contactFields = {
  name: { kind: 'line', max: 100 },
  email: { kind: 'email', max: 254 },
  subject: { kind: 'line', max: 150 },
  message: { kind: 'text', max: 5000 },
} as const;

export type ContactField = keyof typeof contactFields;

/** The devices a visitor can say they use the app on. */
export const platforms = ['android', 'ios', 'other'] as const;
export type Platform = (typeof platforms)[number];

/** Longest app version, in characters (the appVersion pattern's limit). */
export const maxAppVersionLength = 32;

/**
 * Most help articles a message names as read before it was written (the article whose "write to
 * us" link the visitor followed, the ones they opened on the way): the latest ones.
 */
export const maxReadArticles = 4;

/**
 * Most help centre searches a message names as made before it was written (typed on the visit,
 * as a search is kept: search-text.ts): the latest ones.
 */
export const maxNamedSearches = 4;

export { contactPicture };

export { patterns };

const field = (name: ContactField) =>
  v.pipe(v.string(), v.maxLength(contactFields[name].max), v.regex(matchers[contactFields[name].kind]));

/**
 * A contact message as `Mail/{id}` holds it (beside `createdAt`, the server's time of the
 * write, and what the function adds: `delivery`, `reference`). Parsing keeps these fields
 * and drops any other. The function reads documents with it; the site checks what it writes
 * with the same limits and patterns (fieldProblem, buildContactMessage) without it, so the
 * form's script does not carry the schema library (`@__PURE__`: a bundle that does not read
 * the schema leaves it out, the schema built in a function called once).
 */
export const contactMessageSchema = /* @__PURE__ */ (() =>
  v.object({
    name: field('name'),
    email: field('email'),
    subject: field('subject'),
    message: field('message'),
    context: v.object({
      language: v.pipe(v.string(), v.regex(matchers.language)),
      platform: v.optional(v.picklist(platforms)),
      appVersion: v.optional(v.pipe(v.string(), v.regex(matchers.appVersion))),
      /** The help articles the visitor read before writing, by id, the one written about first. */
      articles: v.optional(
        v.pipe(
          v.array(v.pipe(v.string(), v.maxLength(maxArticleIdLength), v.regex(regex(articleIdPattern)))),
          v.minLength(1),
          v.maxLength(maxReadArticles),
        ),
      ),
      /** The help centre's searches the visitor made before writing, as kept, the latest first. */
      searches: v.optional(
        v.pipe(
          v.array(v.pipe(v.string(), v.maxLength(maxSearchLength), v.regex(regex(searchTextPattern)))),
          v.minLength(1),
          v.maxLength(maxNamedSearches),
        ),
      ),
    }),
    /**
     * The known-problem notice the page showed when the message was written (site-notice.ts):
     * its id, a document id like the message's own. The rules take only the id of a notice
     * that is kept; the function names the notice in the email and threads it with the others.
     */
    notice: v.optional(v.pipe(v.string(), v.regex(matchers.documentId))),
  }))();

export type ContactMessage = v.InferOutput<typeof contactMessageSchema>;
export type ContactContext = ContactMessage['context'];

export { isValid };

/** One plain address, within the address limit (a Reply-To that cannot name anyone else). */
export function isPlainEmail(value: unknown): value is string {
  return isValid('email', value, contactFields.email.max);
}

/**
 * Text made one line that the line pattern accepts (or empty): format characters go, runs
 * of control characters and spaces become one space, both ends are trimmed.
 */
export function singleLine(text: string): string {
  return text
    .replace(/\p{Cf}+/gu, '')
    .replace(/[\p{Cc}\p{Z}]+/gu, ' ')
    .trim();
}

/**
 * The message made what the text pattern accepts (or empty): line breaks as \n, control
 * characters but tabs and line breaks gone, both ends trimmed of space and format characters.
 */
export function messageText(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/[^\P{Cc}\t\n]+/gu, '')
    .replace(/^[\p{Cc}\p{Cf}\p{Z}]+|[\p{Cc}\p{Cf}\p{Z}]+$/gu, '');
}

/** Each field as the site writes it: what the visitor typed, cleaned up as its kind requires. */
export function cleanField(name: ContactField, value: string): string {
  return contactFields[name].kind === 'text' ? messageText(value) : singleLine(value);
}

/**
 * What is wrong with a value the visitor typed, once cleaned up as the site writes it: empty,
 * too long, or not in its field's form (only an address can be, as cleaning makes any other
 * text valid); undefined when nothing is. The schema's own test (`fieldProblem` agrees with
 * it for every field: contact-message.test.ts).
 */
export function fieldProblem(name: ContactField, typed: string): 'empty' | 'tooLong' | 'invalid' | undefined {
  const cleaned = cleanField(name, typed);
  const { kind, max } = contactFields[name];
  if (cleaned === '') return 'empty';
  if (cleaned.length > max) return 'tooLong';
  return matchers[kind].test(cleaned) ? undefined : 'invalid';
}

/**
 * What the visitor typed, and where: the form's fields, the site's language, the app's details,
 * and the known-problem notice the page showed (its id), if one was.
 */
export type ContactDraft = Record<ContactField, string> & {
  language: string;
  platform?: Platform | '';
  appVersion?: string;
  notice?: string;
  /** The help articles read before writing, the one written about first (may repeat; others are dropped). */
  articles?: readonly string[];
  /** The help centre's searches made before writing, as kept, the latest first (others are dropped). */
  searches?: readonly string[];
};

/**
 * The document the site writes for a draft: each field cleaned up, the app's details only
 * when they are valid. Throws when a field is still not valid (the form checks first).
 */
export function buildContactMessage(draft: ContactDraft): ContactMessage {
  const appVersion = singleLine(draft.appVersion ?? '');
  const fields = {} as Record<ContactField, string>;
  for (const name of Object.keys(contactFields) as ContactField[]) {
    const problem = fieldProblem(name, draft[name]);
    if (problem) throw new Error(`${name} ${problem === 'invalid' ? 'is not in the accepted form' : `is ${problem}`}`);
    fields[name] = cleanField(name, draft[name]);
  }
  if (!isValid('language', draft.language)) throw new Error('the language is not a language code');
  if (draft.platform && !platforms.includes(draft.platform)) throw new Error('the platform is not a known value');
  return {
    ...fields,
    context: {
      language: draft.language,
      ...(draft.platform ? { platform: draft.platform } : {}),
      ...(isValid('appVersion', appVersion) ? { appVersion } : {}),
      ...readArticles(draft.articles),
      ...readSearches(draft.searches),
    },
    ...(isValid('documentId', draft.notice) ? { notice: draft.notice } : {}),
  };
}

/** The articles a message names: the valid ids, each once, the first `maxReadArticles`. */
function readArticles(ids: readonly string[] | undefined): { articles?: string[] } {
  const articles = [...new Set(ids?.filter(isArticleId))].slice(0, maxReadArticles);
  return articles.length > 0 ? { articles } : {};
}

/** The searches a message names: those in the form a search is kept, each once, the first `maxNamedSearches`. */
function readSearches(texts: readonly string[] | undefined): { searches?: string[] } {
  const kept = regex(searchTextPattern);
  const searches = [...new Set(texts?.filter((text) => text.length <= maxSearchLength && kept.test(text)))].slice(
    0,
    maxNamedSearches,
  );
  return searches.length > 0 ? { searches } : {};
}

export type ParsedContactMessage = { ok: true; message: ContactMessage } | { ok: false; reason: string };

const problems: Record<string, string> = {
  object: 'is missing or not a map',
  string: 'is missing or not a string',
  max_length: 'is too long',
  regex: 'is not in the accepted form',
  picklist: 'is not a known value',
  array: 'is not a list',
  min_length: 'is empty',
};

/**
 * A stored document read as a contact message, or the first reason it is not one. The
 * reason names the field and the problem, never the value, so it is safe to log and store.
 */
export function parseContactMessage(data: unknown): ParsedContactMessage {
  const result = v.safeParse(contactMessageSchema, data);
  if (result.success) return { ok: true, message: result.output };
  const [issue] = result.issues;
  const path = issue.path?.map((item) => String(item.key)).join('.') ?? 'the document';
  return { ok: false, reason: `${path} ${problems[issue.type] ?? 'is not valid'}` };
}

/** Crockford's base-32 digits: no I, L, O or U, so a reference read aloud is not misheard. */
const digits = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A reference looks like this: three digits, a dash, three digits. */
export const referencePattern = /^[0-9A-HJKMNP-TV-Z]{3}-[0-9A-HJKMNP-TV-Z]{3}$/;

/**
 * `K7Q-2MX` for a document id: 30 bits of the id's FNV-1a hash as six base-32 digits, what
 * the "Message sent" dialog shows and the support email's subject starts with, so either side
 * can quote it. Not a secret and not unique: the email also names the document itself.
 */
export function referenceFor(documentId: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < documentId.length; index += 1) {
    hash = Math.imul(hash ^ documentId.charCodeAt(index), 0x01000193) >>> 0;
  }
  let reference = '';
  for (let digit = 0; digit < 6; digit += 1) {
    reference += digits.charAt(hash & 31);
    hash >>>= 5;
  }
  return `${reference.slice(0, 3)}-${reference.slice(3)}`;
}
