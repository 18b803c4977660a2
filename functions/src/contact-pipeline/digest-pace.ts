import type { Firestore } from 'firebase-admin/firestore';
import { collections } from '../contracts/collections.js';
import { reportQuota, type AlertSink } from '../email/alerts.js';
import { nextDayMs, readCounts } from '../email/counters.js';

// When the next digest may go (digest.ts): not once the day's emails are spent (the team hears
// of it once a day), and less often than a minute as they run down, so the day's emails last
// until midnight (UTC). Each digest that goes still takes its ticket under the day's budget
// (email/budget.ts), as every email does.

/** Where the sweep keeps when the last digest went (`MailSweep/digests`), to space them out. */
export const digestStateId = 'digests';

/**
 * How long after the last digest the next may go: a minute, or longer when the day's emails
 * left would not last a digest a minute until midnight (UTC).
 */
export function digestIntervalMs(perDay: number, sentToday: number, nowMs: number): number {
  if (perDay <= 0) return 60_000;
  const left = perDay - sentToday;
  if (left <= 0) return Infinity;
  return Math.max(60_000, Math.floor((nextDayMs(nowMs) - nowMs) / left));
}

/**
 * Whether the day's emails allow a digest now: spent (the team hears of it once a day), or
 * running down, and then the digests come less often.
 */
export async function dayAllows(
  db: Firestore,
  perDay: number,
  nowMs: number,
  alert: AlertSink,
): Promise<'SPENT' | 'PACED' | undefined> {
  if (perDay <= 0) return undefined;
  const [{ day }, last] = await Promise.all([
    readCounts(db, nowMs),
    db.collection(collections.mailSweep).doc(digestStateId).get(),
  ]);
  if (day >= perDay) {
    await reportQuota(db, perDay, nowMs, alert);
    return 'SPENT';
  }
  const lastMs: unknown = last.get('lastMs');
  const tolerance = 10_000;
  const early =
    typeof lastMs === 'number' && lastMs <= nowMs && nowMs - lastMs + tolerance < digestIntervalMs(perDay, day, nowMs);
  return early ? 'PACED' : undefined;
}
