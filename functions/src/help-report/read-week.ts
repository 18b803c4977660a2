import { Timestamp, type Firestore, type Query } from 'firebase-admin/firestore';
import { collections } from '../contracts/collections.js';
import { parseHelpSignal } from '../contracts/help-signal.js';
import { floodPerHour, floodsAmong, hourMs, summarizeWeek, type CountedSignal, type WeekSummary } from './summary.js';

// The report's reading of a week of help signals, bounded whatever a script wrote: first how
// many signals each hour holds (one aggregation an hour, which costs a read per thousand
// signals counted), then the signals of each hour that is not a flood (summary.ts), at most
// `floodPerHour` each. A flood of 100,000 answers in an hour costs the report about a hundred
// reads; its documents are never read, and the TTL policy deletes them.

/** Aggregations run at once. */
const countsAtOnce = 24;
/** What a signal's reading takes of it: what it says and when, nothing else. */
const signalFields = ['kind', 'language', 'article', 'helped', 'reason', 'place', 'text', 'createdAt'];

/** The signals written in [fromMs, toMs), in `createdAt` order. */
const writtenIn = (db: Firestore, fromMs: number, toMs: number): Query =>
  db
    .collection(collections.helpSignals)
    .where('createdAt', '>=', Timestamp.fromMillis(fromMs))
    .where('createdAt', '<', Timestamp.fromMillis(toMs));

/** How many signals each hour of [fromMs, toMs) holds, the hours holding any. */
export async function countsByHour(db: Firestore, fromMs: number, toMs: number): Promise<Map<number, number>> {
  const hours: number[] = [];
  for (let hour = fromMs; hour < toMs; hour += hourMs) hours.push(hour);
  const counts = new Map<number, number>();
  for (let first = 0; first < hours.length; first += countsAtOnce) {
    await Promise.all(
      hours.slice(first, first + countsAtOnce).map(async (hour) => {
        const snapshot = await writtenIn(db, hour, Math.min(hour + hourMs, toMs))
          .count()
          .get();
        const { count } = snapshot.data();
        if (count > 0) counts.set(hour, count);
      }),
    );
  }
  return counts;
}

/** The signals of one hour that is not a flood, as the summary counts them; any other document skipped. */
async function readHour(db: Firestore, hour: number, toMs: number): Promise<CountedSignal[]> {
  const snapshot = await writtenIn(db, hour, Math.min(hour + hourMs, toMs))
    .select(...signalFields)
    .limit(floodPerHour)
    .get();
  return snapshot.docs.flatMap((document) => {
    const signal = parseHelpSignal(document.data());
    const written: unknown = document.get('createdAt');
    return signal && written instanceof Timestamp ? [{ ...signal, writtenMs: written.toMillis() }] : [];
  });
}

/**
 * What the week [fromMs, toMs) comes to (`fromMs` on the hour): the hours counted, the floods
 * found among them left unread, the rest read and summarised.
 */
export async function readWeek(db: Firestore, fromMs: number, toMs: number): Promise<WeekSummary> {
  const counts = await countsByHour(db, fromMs, toMs);
  const floods = floodsAmong(counts);
  const flooded = new Set(floods.map((flood) => flood.hourMs));
  const hours = [...counts.keys()].filter((hour) => !flooded.has(hour)).sort((a, b) => a - b);
  const signals: CountedSignal[] = [];
  for (let first = 0; first < hours.length; first += countsAtOnce) {
    const read = await Promise.all(hours.slice(first, first + countsAtOnce).map((hour) => readHour(db, hour, toMs)));
    signals.push(...read.flat());
  }
  return summarizeWeek(signals, floods);
}
