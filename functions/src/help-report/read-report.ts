import type { Firestore } from 'firebase-admin/firestore';
import { summarizeMessages } from './messages.js';
import { readMessages } from './read-messages.js';
import { readWeek } from './read-week.js';
import type { HelpReport } from './render-report.js';
import { topicIn, type HelpSiteFacts } from './site-facts.js';

/** The report of [fromMs, toMs): the help signals' week and the messages', read side by side. */
export async function readHelpReport(
  db: Firestore,
  fromMs: number,
  toMs: number,
  facts: HelpSiteFacts,
): Promise<HelpReport> {
  const [signals, messages] = await Promise.all([readWeek(db, fromMs, toMs), readMessages(db, fromMs, toMs)]);
  return { fromMs, toMs, signals, messages: summarizeMessages(messages, topicIn(facts)) };
}
