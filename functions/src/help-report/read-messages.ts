import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { collections } from '../contracts/collections.js';
import { isArticleId } from '../contracts/article-id.js';
import { isSearchText } from '../contracts/search-text.js';
import type { WeekMessages } from './messages.js';

// The report's reading of a week's contact messages: how many (one aggregation), and the help
// articles and searches each names (its context, nothing else of it: and its language and time,
// which a search's line needs), for the first `maxMessagesRead`. The
// mail caps keep a real week far below it; a flood of scripted documents costs the report no
// more than that many reads, and the report says how many it did not read.

/** Messages whose articles the report reads, at most: a week of the mail caps' daily limit is about 10,000. */
export const maxMessagesRead = 5_000;

/** The articles a message's context names, the valid ids only (a document may hold anything). */
function namedArticles(value: unknown): string[] {
  return Array.isArray(value) ? value.filter(isArticleId) : [];
}

/** The searches a message's context names, those in the form a search is kept only. */
function namedSearches(value: unknown): string[] {
  return Array.isArray(value) ? value.filter(isSearchText) : [];
}

/** The messages written in [fromMs, toMs): how many, and the articles of the first `maxMessagesRead`. */
export async function readMessages(db: Firestore, fromMs: number, toMs: number): Promise<WeekMessages> {
  const written = db
    .collection(collections.mail)
    .where('createdAt', '>=', Timestamp.fromMillis(fromMs))
    .where('createdAt', '<', Timestamp.fromMillis(toMs));
  const [counted, read] = await Promise.all([
    written.count().get(),
    written
      .orderBy('createdAt')
      .select('context.articles', 'context.searches', 'context.language', 'createdAt')
      .limit(maxMessagesRead)
      .get(),
  ]);
  return {
    total: counted.data().count,
    named: read.docs.map((doc) => namedArticles(doc.get('context.articles'))),
    searched: read.docs.flatMap((doc) => {
      const texts = namedSearches(doc.get('context.searches'));
      const language: unknown = doc.get('context.language');
      const written: unknown = doc.get('createdAt');
      return texts.length > 0 && typeof language === 'string' && written instanceof Timestamp
        ? [{ texts, language, writtenMs: written.toMillis() }]
        : [];
    }),
  };
}
