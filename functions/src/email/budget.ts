import { AggregateField, FieldValue, type Firestore } from 'firebase-admin/firestore';
import { collections } from '../contracts/collections.js';
import { counterExpiry, emailCount, globalShards, hourlyCounterId, readCounts } from './counters.js';

// How many emails may go, for every email the functions send: one check that every capped
// email takes once it has counted itself (`checkCount`), and one ticket for an email that goes
// alone under a budget (`takeTicket`): the day's emails of the SMTP account, and an hourly
// budget of a kind's own (the deletion confirmations'). A ticket counts first and checks after,
// so however many emails count at once, no more than the budget are let through; an email that
// is not sent after all gives its ticket back. A contact message counts itself in its claim's
// transaction instead (claim.ts) and takes the same check (caps-check.ts).

/**
 * The day's emails of every kind when MAIL_LIMIT_PER_DAY is not set: under Google Workspace's
 * 2,000 emails a day per user (its trial accounts and free Gmail allow 500: set
 * MAIL_LIMIT_PER_DAY to 450 there; Microsoft 365 allows 10,000 recipients a day), with room for
 * the team's own sending from the same account.
 */
export const defaultPerDay = 1_500;

/** How often an email over a budget looks again before it gives up, and the pause between looks. */
export const ticketTries = 3;
export const ticketPauseMs = (attempt: number, random: () => number) => (100 + random() * 200) * 2 ** attempt;

/** What a counted email's check against its caps reads and writes (`checkCount`). */
export type CountCheckIO<C> = {
  /** The sums the caps are checked by, this email's own count in them. */
  read(): Promise<C>;
  /** Gives the email's count back while it steps aside. */
  stepAside(): Promise<void>;
  /** Counts it again after the pause. */
  countAgain(): Promise<void>;
};

type Pace = { sleep: (ms: number) => Promise<void>; random?: () => number };

/**
 * The one check every capped email takes once it has counted itself: it reads the sums and
 * goes if they are within the caps. Over them for sure (`verdict`), or at its last look, it is
 * over, its count still made: the caller gives it back in the same write as what it does
 * instead. Over only while other checks are under way, it steps aside for a growing, jittered
 * pause and counts itself again.
 */
export async function checkCount<C, V extends { over: boolean; surely: boolean }>(
  io: CountCheckIO<C>,
  verdict: (counts: C) => V,
  { sleep, random = Math.random }: Pace,
): Promise<{ counts: C; verdict: V }> {
  for (let look = 1; ; look += 1) {
    const counts = await io.read();
    const said = verdict(counts);
    if (!said.over || said.surely || look >= ticketTries) return { counts, verdict: said };
    await io.stepAside();
    await sleep(ticketPauseMs(look - 1, random));
    await io.countAgain();
  }
}

/** One email's count on a sharded counter: its sum, its count, and the count given back. */
export type Count = {
  /** The count so far, this email's own included once counted. */
  sum: () => Promise<number>;
  /** Counts the email, on a shard chosen at random. */
  count: () => Promise<void>;
  /** Gives its count back. */
  giveBack: () => Promise<void>;
};

/** The day's emails of the SMTP account (counters.ts), as one email's count. */
export function dayCount(db: Firestore, nowMs: number, random: () => number = Math.random): Count {
  const { ref, data, undo } = emailCount(db, nowMs, false, random);
  return {
    sum: async () => (await readCounts(db, nowMs)).day,
    count: async () => {
      await ref.set(data, { merge: true });
    },
    giveBack: async () => {
      await ref.set(undo, { merge: true });
    },
  };
}

/** The hour's count of a budget of its own (`counter`: deletion-confirmations), sharded as the day's is. */
export function hourCount(db: Firestore, counter: string, nowMs: number, random: () => number = Math.random): Count {
  const shards = db
    .collection(collections.mailLimits)
    .doc(hourlyCounterId(nowMs, counter))
    .collection(collections.mailLimitShards);
  const shard = shards.doc(String(Math.floor(random() * globalShards)));
  return {
    sum: async () => (await shards.aggregate({ total: AggregateField.sum('count') }).get()).data().total,
    count: async () => {
      await shard.set({ count: FieldValue.increment(1), expireAt: counterExpiry(nowMs) }, { merge: true });
    },
    giveBack: async () => {
      await shard.set({ count: FieldValue.increment(-1) }, { merge: true });
    },
  };
}

/** An email's place under a budget: `under` (counted) or `over` (nothing counted). */
export type Ticket = { verdict: 'under' | 'over'; release(): Promise<void> };

const over: Ticket = { verdict: 'over', release: () => Promise.resolve() };

/**
 * Counts an email against a budget (`cap`; 0 for none) and checks it as every capped email is
 * checked (`checkCount`). An `over` ticket is given back already; an `under` one stays counted
 * unless the email is not sent after all, when the caller calls `release`.
 */
export async function takeTicket(count: Count, cap: number, pace: Pace): Promise<Ticket> {
  if (cap <= 0) {
    await count.count();
    return { verdict: 'under', release: count.giveBack };
  }
  // The budget is spent already: over without a count.
  if ((await count.sum()) >= cap) return over;
  await count.count();
  const { verdict } = await checkCount(
    { read: count.sum, stepAside: count.giveBack, countAgain: count.count },
    (total) => ({ over: total > cap, surely: false }),
    pace,
  );
  if (!verdict.over) return { verdict: 'under', release: count.giveBack };
  await count.giveBack();
  return over;
}
