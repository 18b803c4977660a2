import type { Firestore } from 'firebase-admin/firestore';
import { accountRef, readAccount } from './account.js';
import { readCounts } from './counters.js';

// Whether one of the site's own emails to someone (the weekly help report, a deletion
// confirmation) may go now: not while the mail account is down (account.ts), nor once the day's
// emails are spent (counters.ts). Held, it waits for a later run. The digest (digest.ts) weighs
// the same two facts with a step of its own between them: a spent day is reported to the team,
// and a day running down paces the digests, from the same read of the counts.

/** Why an email is held now: HELD, the mail account is down; DAY_SPENT, the day's emails are spent. */
export type HeldNow = 'HELD' | 'DAY_SPENT';

/** Why an email may not go now, or undefined when it may (`perDay` 0: no daily cap). */
export async function heldNow(db: Firestore, perDay: number, nowMs: number): Promise<HeldNow | undefined> {
  if (readAccount(await accountRef(db).get()).down) return 'HELD';
  if (perDay > 0 && (await readCounts(db, nowMs)).day >= perDay) return 'DAY_SPENT';
  return undefined;
}
