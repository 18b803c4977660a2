import { readFile } from 'node:fs/promises';
import type { AppPart } from '../contracts/app-parts.js';
import { noticeAddress } from '../contracts/known-problems.js';
import type { NoticeState } from '../contracts/site-notice.js';

// What the known-problem reads take from the site's config and texts (web/src: site.ts's origin
// and product name, the history page's address and its words in each language), which the
// functions cannot import: the functions' build writes it to lib/site-notice/site-facts.json
// (scripts/write-site-facts.ts, from scripts/lib/known-problems-facts.ts).

/** The words a feed says in one language (locales/<language>/known-problems.json). */
export type FeedWords = {
  /** The feed's title. */
  title: string;
  /** What the feed is, one line. */
  subtitle: string;
  /** Each state's name. */
  states: Record<NoticeState, string>;
  /** Each part's name, and the whole app's. */
  parts: Record<AppPart | 'app', string>;
};

export type NoticeSiteFacts = {
  /** The live site, without a trailing slash. */
  origin: string;
  /** Who writes the feed (its author): the product's name. */
  author: string;
  /** Per language, the default first: the history page's path, the feed's path and the words. */
  languages: Record<string, { page: string; feed: string; words: FeedWords }>;
};

/** The file the functions' build writes beside this module. */
export const noticeFactsFile = 'site-facts.json';

/** The facts the build wrote (the deployed functions, the emulators). */
export async function readNoticeFacts(): Promise<NoticeSiteFacts> {
  return JSON.parse(await readFile(new URL(noticeFactsFile, import.meta.url), 'utf8')) as NoticeSiteFacts;
}

/** A notice's own page in a language, as an absolute address (`…/known-problems?notice=<id>`). */
export function noticePage(facts: NoticeSiteFacts, language: string, id: string): string {
  const page = facts.languages[language]?.page ?? Object.values(facts.languages)[0]?.page ?? '/known-problems';
  return `${facts.origin}${noticeAddress(page, id)}`;
}

/** The same address in every language. */
export function perLanguage(facts: NoticeSiteFacts, address: (language: string) => string): Record<string, string> {
  return Object.fromEntries(Object.keys(facts.languages).map((language) => [language, address(language)]));
}
