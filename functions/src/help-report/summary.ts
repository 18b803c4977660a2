import {
  helpReasons,
  searchOutcomes,
  type HelpReason,
  type HelpSignal,
  type SearchOutcome,
} from '../contracts/help-signal.js';
import { SearchTimes } from './search-shown.js';

// What a week of help signals (contracts/help-signal.ts) comes to for the team's report: the
// searches that found nothing and those whose articles none was opened, in each language; the
// articles answered No most, with the reasons; each line beside the week before. Pure: the
// report's reading (read-week.ts) passes the signals it read in, with the hours it sampled.
//
// A script is a visitor too: it can write as many signals as it likes, of any shape the rules
// let in, and a signal says nothing of who wrote it. So the report counts within bounds, and
// shows what it left out:
// - only what the site has: a signal in a language the site is not in, or about an article it
//   does not have, is counted as unknown, on one line;
// - a burst: an hour that holds more than `floodPerHour` signals is a flood, and only a sample
//   of it is read (read-week.ts: at most `samplePerMinute` of each of its minutes), so the
//   readers of that hour's quiet minutes still count; the report lists the hour;
// - a slow, steady flood: of each subject (an article's Yes, its No, each of its reasons, one
//   search in one language) at most `perSubjectPerDay` signals count a day; the line says how
//   many more came;
// - a name typed once: a search is shown only once it was made in several separate hours and
//   days (search-shown.ts); the others are counted, not shown.

/** Signals in one hour past which the hour is a flood: far more than a small app's readers answer in an hour. */
export const floodPerHour = 200;

/** Of a flood's hour, the signals read of each minute: what a small app's readers write in a minute, and more. */
export const samplePerMinute = 5;

/**
 * Signals of one subject that count in one day (UTC): more than a small app's readers give one
 * article or one search in a day; past it, the line says how many more came, uncounted.
 */
export const perSubjectPerDay = 20;

/** Lines of each list the report shows; the rest are counted. */
export const reportLines = 20;

/** An hour, the unit a week is read and a flood is marked in. */
export const hourMs = 3_600_000;
const dayMs = 86_400_000;

/** A signal as the report counts it: what it says, and when it was written. */
export type CountedSignal = HelpSignal & { writtenMs: number };

/** An hour of more than `floodPerHour` signals: when it began, how many it held, how many were read. */
export type Flood = { hourMs: number; signals: number; read: number };

/** What the report takes from the site (help-report/site-facts.ts): its languages and its articles. */
export type SiteScope = { languages: readonly string[]; hasArticle: (id: string) => boolean };

/**
 * A search's line: how often it counted, how many more came past the day's bound, and how often
 * it counted the week before (undefined: the week before was not read).
 */
export type SearchLine = { text: string; count: number; uncounted: number; before?: number };

export type ArticleLine = {
  article: string;
  no: number;
  yes: number;
  reasons: Record<HelpReason, number>;
  /** Answers and reasons past the day's bound, not counted. */
  uncounted: number;
  /** The No of the week before (undefined: not read). */
  noBefore?: number;
};

/** A list as the report shows it: its first `reportLines` lines, and how many more there were. */
export type Listed<T> = { lines: T[]; more: number };

/** What each subject counted in a week, by `subjectOf`'s keys: the week after compares with it. */
export type WeekTotals = ReadonlyMap<string, number>;

export type WeekSummary = {
  /** The searches of each outcome, by language (only the site's), most first. */
  searches: Record<SearchOutcome, Record<string, Listed<SearchLine>>>;
  /** Searches made in too few hours or days to be shown: how many texts, how many signals. */
  unshown: { texts: number; signals: number };
  /** The articles answered No at least once (or past the day's bound), most first (then fewest Yes). */
  articles: Listed<ArticleLine>;
  /** The floods, oldest first. */
  floods: Flood[];
  /** Signals counted. */
  counted: number;
  /** Signals read but left uncounted past the day's bound of their subject. */
  uncounted: number;
  /** Signals naming a language or an article the site does not have. */
  unknown: number;
  /** What each subject counted, for the week after. */
  totals: WeekTotals;
};

/** The hour a time falls in (its start, UTC). */
export const hourOf = (ms: number) => Math.floor(ms / hourMs) * hourMs;

/** The hours that are floods, from each hour's count of signals (none read yet). */
export function floodsAmong(countsByHour: ReadonlyMap<number, number>, limit = floodPerHour): Flood[] {
  return [...countsByHour]
    .filter(([, signals]) => signals > limit)
    .map(([hour, signals]) => ({ hourMs: hour, signals, read: 0 }))
    .sort((a, b) => a.hourMs - b.hourMs);
}

/** What a signal is about, for the day's bound and the week before: each answer, reason and search apart. */
export function subjectOf(signal: HelpSignal): string {
  switch (signal.kind) {
    case 'search':
      return `search|${signal.outcome}|${signal.language}|${signal.text}`;
    case 'answer':
      return `answer|${signal.article}|${signal.helped ? 'yes' : 'no'}`;
    case 'reason':
      return `reason|${signal.article}|${signal.reason}`;
  }
}

/** The signals within each subject's bound a day, and the rest. */
function withinDailyBound(signals: readonly CountedSignal[]): { counted: CountedSignal[]; over: CountedSignal[] } {
  const seen = new Map<string, number>();
  const counted: CountedSignal[] = [];
  const over: CountedSignal[] = [];
  for (const signal of [...signals].sort((a, b) => a.writtenMs - b.writtenMs)) {
    const key = `${String(Math.floor(signal.writtenMs / dayMs))}|${subjectOf(signal)}`;
    const count = (seen.get(key) ?? 0) + 1;
    seen.set(key, count);
    (count <= perSubjectPerDay ? counted : over).push(signal);
  }
  return { counted, over };
}

const listed = <T>(lines: T[]): Listed<T> => ({
  lines: lines.slice(0, reportLines),
  more: Math.max(0, lines.length - reportLines),
});

type SearchSignal = CountedSignal & { kind: 'search' };
type Gathered = SearchLine & { times: SearchTimes };

/** The searches of each outcome and language, most first, then alphabetically; the unshown counted apart. */
function searchLists(
  counted: readonly SearchSignal[],
  over: readonly SearchSignal[],
  scope: SiteScope,
  before?: WeekTotals,
): Pick<WeekSummary, 'searches' | 'unshown'> {
  const gathered = new Map<string, Gathered & { outcome: SearchOutcome; language: string }>();
  const lineOf = (signal: SearchSignal) => {
    const key = subjectOf(signal);
    const line = gathered.get(key) ?? {
      text: signal.text,
      outcome: signal.outcome,
      language: signal.language,
      count: 0,
      uncounted: 0,
      times: new SearchTimes(),
      ...(before && { before: before.get(key) ?? 0 }),
    };
    gathered.set(key, line);
    line.times.add(signal.writtenMs);
    return line;
  };
  for (const signal of counted) lineOf(signal).count += 1;
  for (const signal of over) lineOf(signal).uncounted += 1;
  const emptyLists = () => Object.fromEntries(scope.languages.map((language) => [language, [] as SearchLine[]]));
  const searches = Object.fromEntries(searchOutcomes.map((outcome) => [outcome, emptyLists()])) as Record<
    SearchOutcome,
    Record<string, SearchLine[]>
  >;
  const unshown = { texts: 0, signals: 0 };
  for (const { times, outcome, language, ...line } of gathered.values()) {
    if (times.mayBeShown) searches[outcome][language]?.push(line);
    else {
      unshown.texts += 1;
      unshown.signals += line.count + line.uncounted;
    }
  }
  const sorted = (lines: SearchLine[]) =>
    listed(lines.sort((a, b) => b.count - a.count || a.text.localeCompare(b.text)));
  return {
    searches: Object.fromEntries(
      searchOutcomes.map((outcome) => [
        outcome,
        Object.fromEntries(Object.entries(searches[outcome]).map(([language, lines]) => [language, sorted(lines)])),
      ]),
    ) as WeekSummary['searches'],
    unshown,
  };
}

const noReasons = (): Record<HelpReason, number> =>
  Object.fromEntries(helpReasons.map((reason) => [reason, 0])) as Record<HelpReason, number>;

type ArticleSignal = CountedSignal & { kind: 'answer' | 'reason' };

/** Each article's answers and reasons, those answered No at least once (or past the day's bound), most No first. */
function articleList(
  counted: readonly ArticleSignal[],
  over: readonly ArticleSignal[],
  before?: WeekTotals,
): Listed<ArticleLine> {
  const byArticle = new Map<string, ArticleLine>();
  const lineOf = (article: string) => {
    const line = byArticle.get(article) ?? {
      article,
      no: 0,
      yes: 0,
      reasons: noReasons(),
      uncounted: 0,
      ...(before && { noBefore: before.get(`answer|${article}|no`) ?? 0 }),
    };
    byArticle.set(article, line);
    return line;
  };
  for (const signal of counted) {
    if (signal.kind === 'answer') lineOf(signal.article)[signal.helped ? 'yes' : 'no'] += 1;
    else lineOf(signal.article).reasons[signal.reason] += 1;
  }
  for (const signal of over) lineOf(signal.article).uncounted += 1;
  return listed(
    [...byArticle.values()]
      .filter((line) => line.no > 0 || line.uncounted > 0)
      .sort((a, b) => b.no - a.no || a.yes - b.yes || a.article.localeCompare(b.article)),
  );
}

/** Whether the site has what a signal names: its language, and its article. */
const isKnown = (signal: CountedSignal, scope: SiteScope) =>
  scope.languages.includes(signal.language) && (signal.kind === 'search' || scope.hasArticle(signal.article));

const isSearch = (signal: CountedSignal): signal is SearchSignal => signal.kind === 'search';
const isArticle = (signal: CountedSignal): signal is ArticleSignal => signal.kind !== 'search';

/**
 * The week's summary from the signals read (all of each hour but the floods', a sample of
 * those): what the site has, each subject within its day's bound, each list cut to
 * `reportLines`, each line beside the week before when its totals are given.
 */
export function summarizeWeek(
  signals: readonly CountedSignal[],
  floods: readonly Flood[],
  scope: SiteScope,
  before?: WeekTotals,
): WeekSummary {
  const known = signals.filter((signal) => isKnown(signal, scope));
  const { counted, over } = withinDailyBound(known);
  const totals = new Map<string, number>();
  for (const signal of counted) totals.set(subjectOf(signal), (totals.get(subjectOf(signal)) ?? 0) + 1);
  return {
    ...searchLists(counted.filter(isSearch), over.filter(isSearch), scope, before),
    articles: articleList(counted.filter(isArticle), over.filter(isArticle), before),
    floods: [...floods].sort((a, b) => a.hourMs - b.hourMs),
    counted: counted.length,
    uncounted: over.length,
    unknown: signals.length - known.length,
    totals,
  };
}
