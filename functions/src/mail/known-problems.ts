import type { Firestore } from 'firebase-admin/firestore';
import { readNotices } from '../site-notice/store.js';
import type { KnownProblem } from './render-email.js';

// The known-problem notices that messages name (their `notice`), as the team's emails show
// them: read once per email (one read for a message, one for all of a digest's), in the
// team's language, English, the language of every email the functions send the team.

/** The notices these ids name, each with its text while it is kept, or its id alone after. */
export async function readKnownProblems(db: Firestore, ids: readonly string[]): Promise<Map<string, KnownProblem>> {
  const kept = await readNotices(db, ids);
  return new Map(
    ids.map((id) => {
      const notice = kept.get(id);
      const text = notice ? (notice.text.en ?? Object.values(notice.text)[0]) : undefined;
      return [id, notice && text ? { id, text, since: notice.since } : { id }];
    }),
  );
}
