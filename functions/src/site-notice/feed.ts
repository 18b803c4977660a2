import type { SiteNotice } from '../contracts/site-notice.js';
import { updatesOf } from '../contracts/site-notice-check.js';
import { noticePage, type NoticeSiteFacts } from './site-facts.js';

// The known problems as an Atom feed (RFC 4287) in one language: every update of every notice
// of the history's period is an entry, newest first. An entry's id is a tag URI (RFC 4151) made
// of the site's host, the day the notice began, its id, the update's number and the language
// (`tag:fishingapp.example.com,2026-12-03:known-problems/<id>/update-2/en`): updates are only
// ever added, so an id never moves to another update, and it does not change with the pages'
// addresses. Text only (type="text"): what the operator wrote is escaped, never markup.

const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Text as XML character data or an attribute's value; characters XML 1.0 cannot carry are left out. */
export function xmlText(value: string): string {
  return value
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
    .replace(/[&<>"']/g, (c) => escapes[c] ?? c);
}

/** A line in the language, or the first language's when it has none. */
function inLanguage(text: Record<string, string>, language: string): string {
  return text[language] ?? Object.values(text)[0] ?? '';
}

/**
 * The feed in `language`, for the notices of the history (newest first); `nowMs` is its
 * `updated` only when no notice has an update.
 */
export function atomFeed(
  notices: readonly SiteNotice[],
  language: string,
  facts: NoticeSiteFacts,
  nowMs: number,
): string {
  const own = facts.languages[language];
  if (!own) throw new Error(`The site has no language ${language}.`);
  const page = `${facts.origin}${own.page}`;
  const entries = notices
    .flatMap((notice) => updatesOf(notice).map((update, index) => ({ notice, update, number: index + 1 })))
    .sort((a, b) => Date.parse(b.update.at) - Date.parse(a.update.at));
  const updated = entries[0]?.update.at ?? new Date(nowMs).toISOString();
  const lines = [
    '<?xml version="1.0" encoding="utf-8"?>',
    `<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${xmlText(language)}">`,
    `  <id>${xmlText(page)}</id>`,
    `  <title type="text">${xmlText(own.words.title)}</title>`,
    `  <subtitle type="text">${xmlText(own.words.subtitle)}</subtitle>`,
    `  <updated>${updated}</updated>`,
    `  <link rel="self" type="application/atom+xml" href="${xmlText(`${facts.origin}${own.feed}`)}"/>`,
    `  <link rel="alternate" type="text/html" href="${xmlText(page)}"/>`,
    `  <author><name>${xmlText(facts.author)}</name></author>`,
  ];
  const host = new URL(facts.origin).hostname;
  for (const { notice, update, number } of entries) {
    const address = noticePage(facts, language, notice.id);
    const id = `tag:${host},${notice.since.slice(0, 10)}:known-problems/${notice.id}/update-${String(number)}/${language}`;
    const about = notice.part === null ? own.words.parts.app : own.words.parts[notice.part];
    const problem = inLanguage(updatesOf(notice)[0]?.text ?? notice.text, language);
    lines.push(
      '  <entry>',
      `    <id>${xmlText(id)}</id>`,
      `    <title type="text">${xmlText(`${own.words.states[update.state]} (${about}): ${problem}`)}</title>`,
      `    <published>${update.at}</published>`,
      `    <updated>${update.at}</updated>`,
      `    <link rel="alternate" type="text/html" href="${xmlText(address)}"/>`,
      `    <category term="${update.state}" label="${xmlText(own.words.states[update.state])}"/>`,
      `    <content type="text">${xmlText(inLanguage(update.text, language))}</content>`,
      '  </entry>',
    );
  }
  lines.push('</feed>', '');
  return lines.join('\n');
}
