import type { Firestore } from 'firebase-admin/firestore';
import { summarizeMessages } from './messages.js';
import { readMessages } from './read-messages.js';
import { readWeek } from './read-week.js';
import type { HelpReport } from './render-report.js';
import { scopeOf, topicIn, type HelpSiteFacts } from './site-facts.js';

/**
 * The report of [fromMs, toMs): the help signals' week, each line beside the as long a time
 * just before it (a week, give or take the hour of a change of Rome's clock), and the
 * messages', read side by side.
 */
export async function readHelpReport(
  db: Firestore,
  fromMs: number,
  toMs: number,
  facts: HelpSiteFacts,
): Promise<HelpReport> {
  const scope = scopeOf(facts);
  const [before, messages] = await Promise.all([
    readWeek(db, fromMs - (toMs - fromMs), fromMs, scope),
    readMessages(db, fromMs, toMs),
  ]);
  const signals = await readWeek(db, fromMs, toMs, scope, before.totals);
  return { fromMs, toMs, signals, messages: summarizeMessages(messages, topicIn(facts)) };
}
