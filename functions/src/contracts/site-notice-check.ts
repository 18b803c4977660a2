import { isValid } from './text-patterns.js';
import { isAppPart } from './app-parts.js';
import { noticeStates, siteNoticeLimits, type NoticeState, type NoticeUpdate, type SiteNotice } from './site-notice.js';

// The check of a known-problem notice (site-notice.ts): what the store reads back, what the
// operator's command sets, and what a page shows once the read answered one. Apart from the
// contract's facts, because it carries the text patterns: a page loads it only
// when there is a notice to show.

/** Whether a text is one a notice may show: one line, at most maxLength (text-patterns.ts's `line`). */
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

const isArticle = (value: unknown): value is string => typeof value === 'string' && /^[a-z0-9-]{1,60}$/.test(value);

const isState = (value: unknown): value is NoticeState =>
  typeof value === 'string' && (noticeStates as readonly string[]).includes(value);

/** A notice's updates, each checked, or null when any is not one; none for a notice set before updates. */
function parseUpdates(value: unknown): NoticeUpdate[] | null {
  if (value === undefined) return [];
  if (!Array.isArray(value) || value.length > siteNoticeLimits.maxUpdates) return null;
  const updates: NoticeUpdate[] = [];
  for (const item of value as unknown[]) {
    if (typeof item !== 'object' || item === null) return null;
    const { at, state, text } = item as Record<string, unknown>;
    const texts = parseTexts(text);
    if (!isTime(at) || !isState(state) || !texts) return null;
    updates.push({ at, state, text: texts });
  }
  return updates;
}

/**
 * A notice as the contract says it is, or null: what the store reads back and the pages take
 * from the read. Written out without a schema library, so a page that shows a notice loads a
 * few hundred bytes for it.
 */
export function parseNotice(value: unknown): SiteNotice | null {
  if (typeof value !== 'object' || value === null) return null;
  const { id, text, since, until, help, state, updates, part, articles } = value as Record<string, unknown>;
  // Its id: Firestore's automatic ids, like a message's (never `current`).
  if (!isValid('documentId', id)) return null;
  const texts = parseTexts(text);
  if (!texts) return null;
  if (!isTime(since) || !(until === null || isTime(until))) return null;
  if (!(help === null || isArticle(help))) return null;
  const shownOn = parseArticles(articles, help);
  if (!shownOn) return null;
  // A notice set before its life was kept has no state, updates or part: it is investigating,
  // with none, about the whole app.
  const life = parseLife(state, updates, part);
  return life ? { id, text: texts, since, until, help, ...life, articles: shownOn } : null;
}

/** The articles a notice is shown on; a notice set before it listed them is shown on the one it names. */
function parseArticles(articles: unknown, help: string | null): string[] | null {
  const shownOn: unknown = articles === undefined ? (help === null ? [] : [help]) : articles;
  return Array.isArray(shownOn) && shownOn.length <= siteNoticeLimits.maxArticles && shownOn.every(isArticle)
    ? shownOn
    : null;
}

function parseLife(
  state: unknown,
  updates: unknown,
  part: unknown,
): Pick<SiteNotice, 'state' | 'updates' | 'part'> | null {
  const kept = parseUpdates(updates);
  const now = state === undefined ? 'investigating' : state;
  if (!kept || !isState(now)) return null;
  if (!(part === undefined || part === null || isAppPart(part))) return null;
  return { state: now, updates: kept, part: part ?? null };
}

/**
 * A notice's updates, as the history and the feeds show them: one set before updates were kept
 * has one, its own text at its start.
 */
export function updatesOf(notice: SiteNotice): NoticeUpdate[] {
  return notice.updates.length > 0 ? notice.updates : [{ at: notice.since, state: notice.state, text: notice.text }];
}

/** Reads an answer of the notice's read; anything else is no notice. */
export function parseNoticeAnswer(data: unknown): SiteNotice | null {
  return typeof data === 'object' && data !== null && 'notice' in data ? parseNotice(data.notice) : null;
}
