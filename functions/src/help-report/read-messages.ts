import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { collections } from '../contracts/collections.js';
import { isArticleId } from '../contracts/article-id.js';
import type { WeekMessages } from './messages.js';

// The report's reading of a week's contact messages: how many (one aggregation), and the help
// articles each names (its context, nothing else of it), for the first `maxMessagesRead`. The
// mail caps keep a real week far below it; a flood of scripted documents costs the report no
// more than that many reads, and the report says how many it did not read.

/** Messages whose articles the report reads, at most: a week of the mail caps' daily limit is about 10,000. */
export const maxMessagesRead = 5_000;

/** The articles a message's context names, the valid ids only (a document may hold anything). */
function namedArticles(value: unknown): string[] {
  return Array.isArray(value) ? value.filter(isArticleId) : [];
}

/** The messages written in [fromMs, toMs): how many, and the articles of the first `maxMessagesRead`. */
export async function readMessages(db: Firestore, fromMs: number, toMs: number): Promise<WeekMessages> {
  const written = db
    .collection(collections.mail)
    .where('createdAt', '>=', Timestamp.fromMillis(fromMs))
    .where('createdAt', '<', Timestamp.fromMillis(toMs));
  const [counted, read] = await Promise.all([
    written.count().get(),
    written.orderBy('createdAt').select('context.articles').limit(maxMessagesRead).get(),
  ]);
  return {
    total: counted.data().count,
    named: read.docs.map((doc) => namedArticles(doc.get('context.articles'))),
  };
}
