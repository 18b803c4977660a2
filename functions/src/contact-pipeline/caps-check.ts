import { checkCount } from '../email/budget.js';
import type { MailCaps } from './caps.js';
import type { ClaimedMessage, NotClaimed } from './claim.js';
import { readCounts } from '../email/counters.js';
import { requeuedFromClaim, type QueuedFor } from './delivery.js';
import { giveBack, leaseOf, type Lease, type LeaseHold } from './lease.js';

// The caps' check of a message its claim counted (caps.ts, `checkCount`: the one check every
// capped email takes): within the caps it comes with its lease; over them it is back in the
// queue, its count given back, in one write.

/** A message taken by this invocation, within the caps: to be rendered and sent. */
export type LeasedMessage = ClaimedMessage & {
  lease: Lease;
  /** Whether delivery warnings wait for an email (the caps' count says so; unknown: look). */
  warningsWait: boolean;
};

export type CheckIo = {
  now: () => number;
  sleep: (ms: number) => Promise<void>;
  random: () => number;
};

/**
 * The caps' check of a claimed message, which also says whether delivery warnings wait for an
 * email: within the caps it comes with its lease; over them it goes back to the queue.
 */
export async function withinCaps(
  claimed: ClaimedMessage,
  caps: MailCaps,
  { now, sleep, random }: CheckIo,
): Promise<LeasedMessage | NotClaimed> {
  const leased = (counts?: { warnings: number }): LeasedMessage => ({
    ...claimed,
    warningsWait: counts === undefined || counts.warnings > 0,
    lease: leaseOf(claimed, caps, now),
  });
  if (!claimed.counted) return leased();
  const { day } = claimed.counted;
  const db = claimed.ref.firestore;
  const check = caps.beginCheck();
  try {
    const { counts, verdict } = await checkCount(
      {
        read: () => readCounts(db, now()),
        stepAside: async () => {
          await day.ref.set(day.data, { merge: true });
        },
        countAgain: async () => {
          await day.ref.set(day.redo, { merge: true });
        },
      },
      (counts) => {
        const { over, surely } = check.verdict(counts, now());
        return { over: over !== 'under', surely, cap: over };
      },
      { sleep, random },
    );
    if (!verdict.over) return leased(counts);
    const queuedFor: QueuedFor = verdict.cap === 'day' ? 'daily quota' : 'global cap';
    await requeueOverCaps(claimed, queuedFor, now());
    return {
      kind: 'queued',
      reason: `over the ${queuedFor}`,
      spent: verdict.cap === 'day' && counts.day >= caps.perDay,
    };
  } finally {
    check.end();
  }
}

/**
 * A message over the hour's cap, or past what the day leaves for messages alone, once its
 * count was checked: back in the queue for a digest (due now), its count given back, in one
 * write (the lease is fresh: nobody else may have taken it).
 */
async function requeueOverCaps(hold: LeaseHold, queuedFor: QueuedFor, nowMs: number): Promise<void> {
  const batch = hold.ref.firestore.batch();
  batch.update(hold.ref, requeuedFromClaim(queuedFor, nowMs, hold.attempts - 1));
  for (const item of giveBack(hold)) batch.set(item.ref, item.data, { merge: true });
  await batch.commit();
}
