import { SearchTimes } from './search-shown.js';
import { reportLines } from './summary.js';

// What a week's contact messages tell of the help centre, for the team's report: the articles
// read before a message was written anyway (the message's context names them, the one it was
// written from first), and the messages per help topic, by the article each was written from.
// Pure: the reading (read-messages.ts) passes the messages' named articles in, and the caller
// the help centre's topics (the site's config).

/** The week's messages as the report reads them: how many, and the articles each one names. */
export type WeekMessages = {
  /** Messages written in the week. */
  total: number;
  /** The articles each message read names (none: an empty list); at most `total` of them. */
  named: ReadonlyArray<readonly string[]>;
  /** The searches the messages read name, with each message's language and time (none: not listed). */
  searched?: ReadonlyArray<{ texts: readonly string[]; language: string; writtenMs: number }>;
};

/** A search named by messages: its words, in which language, by how many messages. */
export type SearchedFirst = { text: string; language: string; messages: number };

export type MessagesSummary = {
  total: number;
  /** Messages whose articles were read (the rest are counted only). */
  read: number;
  /** Each article read before writing, with how many messages named it, most first. */
  readFirst: Array<{ article: string; messages: number }>;
  /** Articles past `reportLines`. */
  moreReadFirst: number;
  /** Messages per topic of the article each was written from, most first. */
  byTopic: Array<{ topic: string; messages: number }>;
  /** Messages read that named no article. */
  noArticle: number;
  /** Messages that named an article the site does not have (a script's, or an article since removed). */
  namedUnknown: number;
  /**
   * The searches messages named as made before writing, most first: those named in enough
   * separate hours and days only (search-shown.ts), as the help signals' searches.
   */
  searchedFirst: SearchedFirst[];
  /** Searches past `reportLines`. */
  moreSearchedFirst: number;
  /** Searches named in too few hours or days to be shown. */
  searchedUnshown: number;
};

/** The searches messages named, those named in enough separate hours and days, most first. */
function searchedFirst(searched: NonNullable<WeekMessages['searched']>) {
  const byText = new Map<string, SearchedFirst & { times: SearchTimes }>();
  for (const { texts, language, writtenMs } of searched)
    for (const text of new Set(texts)) {
      const key = `${language}|${text}`;
      const line = byText.get(key) ?? { text, language, messages: 0, times: new SearchTimes() };
      byText.set(key, line);
      line.messages += 1;
      line.times.add(writtenMs);
    }
  const all = [...byText.values()];
  const shown = all
    .filter(({ times }) => times.mayBeShown)
    .map(({ text, language, messages }) => ({ text, language, messages }));
  return {
    searchedFirst: mostFirst(shown, (line) => `${line.language} ${line.text}`).slice(0, reportLines),
    moreSearchedFirst: Math.max(0, shown.length - reportLines),
    searchedUnshown: all.length - shown.length,
  };
}

const mostFirst = <T extends { messages: number }>(lines: T[], name: (line: T) => string) =>
  lines.sort((a, b) => b.messages - a.messages || name(a).localeCompare(name(b)));

/**
 * The week's messages summed up: each of the site's articles counted once a message, the topic
 * of the first (the one written from), a message naming an article no topic lists counted as
 * unknown, its id never shown (a script may write any id).
 */
export function summarizeMessages(
  week: WeekMessages,
  topicOf: (article: string) => string | undefined,
): MessagesSummary {
  const perArticle = new Map<string, number>();
  const perTopic = new Map<string, number>();
  let noArticle = 0;
  let namedUnknown = 0;
  for (const articles of week.named) {
    const named = new Set(articles);
    const known = [...named].filter((article) => topicOf(article) !== undefined);
    if (known.length < named.size) namedUnknown += 1;
    for (const article of known) perArticle.set(article, (perArticle.get(article) ?? 0) + 1);
    const [first] = articles;
    if (first === undefined) noArticle += 1;
    else {
      const topic = topicOf(first) ?? 'unknown article';
      perTopic.set(topic, (perTopic.get(topic) ?? 0) + 1);
    }
  }
  const readFirst = mostFirst(
    [...perArticle].map(([article, messages]) => ({ article, messages })),
    (line) => line.article,
  );
  return {
    total: week.total,
    read: week.named.length,
    readFirst: readFirst.slice(0, reportLines),
    moreReadFirst: Math.max(0, readFirst.length - reportLines),
    byTopic: mostFirst(
      [...perTopic].map(([topic, messages]) => ({ topic, messages })),
      (line) => line.topic,
    ),
    noArticle,
    namedUnknown,
    ...searchedFirst(week.searched ?? []),
  };
}
