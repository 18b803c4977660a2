import type { Firestore } from 'firebase-admin/firestore';
import { isNameable, type SiteNotice } from '../contracts/site-notice.js';
import { noticePage, readNoticeFacts } from '../site-notice/site-facts.js';
import { readNotices } from '../site-notice/store.js';
import { errorCodes, logEvent } from '../log.js';
import type { KnownProblem } from './render-email.js';

// The known-problem notices that messages name (their `notice`), as the team's emails show
// them: read once per email (one read for a message, one for all of a digest's), in the
// team's language, English, the language of every email the functions send the team. A message
// names a notice only if it was written while the notice was shown, or within the grace after
// it ended (isNameable): the rules refuse any other, and a message that got past them all the
// same (written with admin access, with a createdAt of its own) is told apart here, so its email
// neither takes the notice's subject nor joins its thread.

/**
 * A notice as a message names it: its id, with when the message was written (its createdAt,
 * `writtenMs`) where the caller has it. A bare id, or no time, is taken as named: the rules
 * checked it against the time of the write.
 */
export type NamedNotice = string | { id: string; writtenMs?: number };

/**
 * The notices these messages name, each with its text while it is kept, or its id alone after;
 * a notice a message was written outside of (before it began, or longer than the grace after it
 * ended) is left out, as if the message named none.
 */
export async function readKnownProblems(
  db: Firestore,
  named: readonly NamedNotice[],
): Promise<Map<string, KnownProblem>> {
  const ids = named.map((naming) => (typeof naming === 'string' ? naming : naming.id));
  const [kept, pageOf] = await Promise.all([readNotices(db, ids), noticePageOf()]);
  return knownProblemsOf(named, kept, pageOf);
}

/**
 * A notice's page on the site, in English, from what the build wrote of the site's config; none
 * when that cannot be read (logged): the email goes without the link.
 */
async function noticePageOf(): Promise<((id: string) => string) | undefined> {
  try {
    const facts = await readNoticeFacts();
    return (id) => noticePage(facts, 'en', id);
  } catch (error) {
    logEvent('noticeFactsUnread', errorCodes(error));
    return undefined;
  }
}

/**
 * What readKnownProblems answers, given the notices kept under the ids named and where a
 * notice's own page is (in English, the team's language).
 */
export function knownProblemsOf(
  named: readonly NamedNotice[],
  kept: ReadonlyMap<string, SiteNotice>,
  pageOf?: (id: string) => string,
): Map<string, KnownProblem> {
  const problems = new Map<string, KnownProblem>();
  for (const naming of named) {
    const { id, writtenMs } = typeof naming === 'string' ? { id: naming, writtenMs: undefined } : naming;
    const notice = kept.get(id);
    // A notice no longer kept cannot be checked: the rules did, when the message was written.
    if (notice && writtenMs !== undefined && !isNameable(notice, writtenMs)) continue;
    const text = notice ? (notice.text.en ?? Object.values(notice.text)[0]) : undefined;
    const page = pageOf?.(id);
    problems.set(id, notice && text ? { id, text, since: notice.since, ...(page ? { page } : {}) } : { id });
  }
  return problems;
}
