import { isValid } from './contact-message.js';
import { siteNoticeLimits, type SiteNotice } from './site-notice.js';

// The check of a known-problem notice (site-notice.ts): what the store reads back, what the
// operator's command sets, and what a page shows once the read answered one. Apart from the
// contract's facts, because it carries the contact message's patterns: a page loads it only
// when there is a notice to show.

/** Whether a text is one a notice may show: one line, at most maxLength (contact-message.ts's `line`). */
export function isNoticeText(value: unknown): value is string {
  return isValid('line', value, siteNoticeLimits.maxLength);
}

const isTime = (value: unknown): value is string =>
  typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value) && !Number.isNaN(Date.parse(value));

/** The notice's text in each language (a two-letter code each), or null when any is not one. */
function parseTexts(text: unknown): Record<string, string> | null {
  if (typeof text !== 'object' || text === null || Array.isArray(text)) return null;
  const texts = Object.entries(text as Record<string, unknown>);
  const valid = texts.every(([language, line]) => /^[a-z]{2}$/.test(language) && isNoticeText(line));
  return texts.length > 0 && valid ? (Object.fromEntries(texts) as Record<string, string>) : null;
}

/**
 * A notice as the contract says it is, or null: what the store reads back and the pages take
 * from the read. Written out without a schema library, so a page that shows a notice loads a
 * few hundred bytes for it.
 */
export function parseNotice(value: unknown): SiteNotice | null {
  if (typeof value !== 'object' || value === null) return null;
  const { id, text, since, until, help } = value as Record<string, unknown>;
  // Its id: Firestore's automatic ids, like a message's (never `current`).
  if (!isValid('documentId', id)) return null;
  const texts = parseTexts(text);
  if (!texts) return null;
  if (!isTime(since) || !(until === null || isTime(until))) return null;
  if (!(help === null || (typeof help === 'string' && /^[a-z0-9-]{1,60}$/.test(help)))) return null;
  return { id, text: texts, since, until, help };
}

/** Reads an answer of the notice's read; anything else is no notice. */
export function parseNoticeAnswer(data: unknown): SiteNotice | null {
  return typeof data === 'object' && data !== null && 'notice' in data ? parseNotice(data.notice) : null;
}
