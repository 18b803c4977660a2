import { Timestamp, type Firestore, type Query } from 'firebase-admin/firestore';
import { collections } from '../contracts/collections.js';
import { parseHelpSignal } from '../contracts/help-signal.js';
import {
  floodPerHour,
  floodsAmong,
  hourMs,
  hourOf,
  samplePerMinute,
  summarizeWeek,
  type CountedSignal,
  type SiteScope,
  type WeekSummary,
  type WeekTotals,
} from './summary.js';

// The report's reading of a week of help signals, bounded whatever a script wrote: first how
// many signals each hour holds (one aggregation an hour, which costs a read per thousand
// signals counted), then the signals of each hour: all of an hour that is not a flood (at most
// `floodPerHour`), a sample of a flood's (at most `samplePerMinute` of each minute; summary.ts).
// A flood of 100,000 answers in an hour costs the report about a hundred reads to count and
// 300 to sample; the rest of its documents are never read, and the TTL policy deletes them.

/** Aggregations run at once. */
const countsAtOnce = 24;
/** Hours read at once (a flood's hour is 60 queries). */
const hoursAtOnce = 6;
const minuteMs = 60_000;
/** What a signal's reading takes of it: what it says and when, nothing else. */
const signalFields = ['kind', 'language', 'article', 'helped', 'reason', 'outcome', 'place', 'text', 'createdAt'];

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

/** Reads a query's signals as the summary counts them; any other document skipped. */
async function readSignals(query: Query): Promise<CountedSignal[]> {
  const snapshot = await query.select(...signalFields).get();
  return snapshot.docs.flatMap((document) => {
    const signal = parseHelpSignal(document.data());
    const written: unknown = document.get('createdAt');
    return signal && written instanceof Timestamp ? [{ ...signal, writtenMs: written.toMillis() }] : [];
  });
}

/** The signals of an hour that is not a flood: all of them (at most `floodPerHour`). */
const readHour = (db: Firestore, hour: number, toMs: number) =>
  readSignals(writtenIn(db, hour, Math.min(hour + hourMs, toMs)).limit(floodPerHour));

/**
 * A sample of a flood's hour: at most `samplePerMinute` signals of each of its minutes, the
 * first written, so the readers of its quiet minutes count and a burst costs only its own.
 */
async function sampleHour(db: Firestore, hour: number, toMs: number): Promise<CountedSignal[]> {
  const minutes = Array.from({ length: hourMs / minuteMs }, (_, index) => hour + index * minuteMs).filter(
    (minute) => minute < toMs,
  );
  const read = await Promise.all(
    minutes.map((minute) =>
      readSignals(
        writtenIn(db, minute, Math.min(minute + minuteMs, toMs))
          .orderBy('createdAt')
          .limit(samplePerMinute),
      ),
    ),
  );
  return read.flat();
}

/**
 * What the week [fromMs, toMs) comes to (`fromMs` on the hour) for a site of `scope`: the
 * hours counted, those that are not a flood read whole, a sample of the floods read, and all
 * summarised, each line beside the totals of the week before when they are given.
 */
export async function readWeek(
  db: Firestore,
  fromMs: number,
  toMs: number,
  scope: SiteScope,
  before?: WeekTotals,
): Promise<WeekSummary> {
  const counts = await countsByHour(db, fromMs, toMs);
  const floods = floodsAmong(counts);
  const flooded = new Set(floods.map((flood) => flood.hourMs));
  const hours = [...counts.keys()].sort((a, b) => a - b);
  const signals: CountedSignal[] = [];
  for (let first = 0; first < hours.length; first += hoursAtOnce) {
    const read = await Promise.all(
      hours
        .slice(first, first + hoursAtOnce)
        .map((hour) => (flooded.has(hour) ? sampleHour(db, hour, toMs) : readHour(db, hour, toMs))),
    );
    signals.push(...read.flat());
  }
  const sampled = floods.map((flood) => ({
    ...flood,
    read: signals.filter((signal) => hourOf(signal.writtenMs) === flood.hourMs).length,
  }));
  return summarizeWeek(signals, sampled, scope, before);
}
