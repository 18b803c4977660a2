import { searchPlaces, type HelpReason, type HelpSignal, type SearchPlace } from '../contracts/help-signal.js';

// What a week of help signals (contracts/help-signal.ts) comes to for the team's report: the
// searches that found nothing, in each language, with their counts; the articles answered No
// most, with the reasons. Pure: the report's reading (how many signals each hour holds, then
// the signals of the hours that are not a flood) passes them in.
//
// A script is a visitor too: it can write as many signals as it likes, and a signal says nothing
// of who wrote it. So the report counts within two bounds, and shows what it left out:
// - a burst: an hour that holds more than `floodPerHour` signals is a flood, its signals neither
//   read nor counted; the report lists the hour with how many it held;
// - a slow, steady flood: of each subject (an article's answers, its reasons, one search in one
//   language) at most `perSubjectPerDay` signals count a day; each line says how many more came.

/** Signals in one hour past which the hour is a flood: far more than a small app's readers answer in an hour. */
export const floodPerHour = 200;

/**
 * Signals of one subject that count in one day (UTC): more than a small app's readers give one
 * article or one search in a day; past it, the line says how many more came, uncounted.
 */
export const perSubjectPerDay = 20;

/** Lines of each list the report shows; the rest are counted. */
export const reportLines = 20;

/** An hour, the unit a week is read and a flood is marked in. */
export const hourMs = 3_600_000;

/** A signal as the report counts it: what it says, and when it was written. */
export type CountedSignal = HelpSignal & { writtenMs: number };

/** An hour whose signals were not read: when it began, and how many it held. */
export type Flood = { hourMs: number; signals: number };

/** A search that found nothing: how often (counted), where, and how many more came past the day's bound. */
export type SearchLine = { text: string; count: number; places: SearchPlace[]; uncounted: number };

export type ArticleLine = {
  article: string;
  no: number;
  yes: number;
  reasons: Record<HelpReason, number>;
  /** Answers and reasons past the day's bound, not counted. */
  uncounted: number;
};

export type WeekSummary = {
  /** The searches that found nothing, by language, most first. */
  searches: Record<string, SearchLine[]>;
  /** Searches past `reportLines`, by language: how many more texts. */
  moreSearches: Record<string, number>;
  /** The articles answered No at least once, most first (then fewest Yes). */
  articles: ArticleLine[];
  /** Articles past `reportLines`. */
  moreArticles: number;
  /** The hours not counted, oldest first. */
  floods: Flood[];
  /** Signals counted. */
  counted: number;
  /** Signals of the hours read left uncounted past the day's bound of their subject. */
  uncounted: number;
};

/** The hour a time falls in (its start, UTC). */
export const hourOf = (ms: number) => Math.floor(ms / hourMs) * hourMs;

/** The hours that are floods, from each hour's count of signals. */
export function floodsAmong(countsByHour: ReadonlyMap<number, number>, limit = floodPerHour): Flood[] {
  return [...countsByHour]
    .filter(([, signals]) => signals > limit)
    .map(([hour, signals]) => ({ hourMs: hour, signals }))
    .sort((a, b) => a.hourMs - b.hourMs);
}

const dayMs = 86_400_000;

/** What a signal is about, for the day's bound: an article's answers, its reasons, one search. */
const subjectOf = (signal: CountedSignal) =>
  signal.kind === 'search' ? `search:${signal.language}:${signal.text}` : `${signal.kind}:${signal.article}`;

/** The signals within each subject's bound a day, and the rest. */
function withinDailyBound(signals: readonly CountedSignal[]): { counted: CountedSignal[]; over: CountedSignal[] } {
  const seen = new Map<string, number>();
  const counted: CountedSignal[] = [];
  const over: CountedSignal[] = [];
  for (const signal of [...signals].sort((a, b) => a.writtenMs - b.writtenMs)) {
    const key = `${Math.floor(signal.writtenMs / dayMs)}|${subjectOf(signal)}`;
    const count = (seen.get(key) ?? 0) + 1;
    seen.set(key, count);
    (count <= perSubjectPerDay ? counted : over).push(signal);
  }
  return { counted, over };
}

const noReasons = (): Record<HelpReason, number> => ({ 'not-my-problem': 0, unclear: 0, 'did-not-work': 0 });

/** The searches of each language, most first, then alphabetically; `over`: those past the day's bound. */
function searchLines(signals: readonly CountedSignal[], over: readonly CountedSignal[]): Map<string, SearchLine[]> {
  const byLanguage = new Map<string, Map<string, SearchLine>>();
  const lineOf = (language: string, text: string) => {
    const lines = byLanguage.get(language) ?? new Map<string, SearchLine>();
    byLanguage.set(language, lines);
    const line = lines.get(text) ?? { text, count: 0, places: [], uncounted: 0 };
    lines.set(text, line);
    return line;
  };
  for (const signal of signals) {
    if (signal.kind !== 'search') continue;
    const line = lineOf(signal.language, signal.text);
    line.count += 1;
    // In the contract's order, whichever came first: the report reads alike every time.
    if (!line.places.includes(signal.place))
      line.places = searchPlaces.filter((place) => place === signal.place || line.places.includes(place));
  }
  for (const signal of over) if (signal.kind === 'search') lineOf(signal.language, signal.text).uncounted += 1;
  const sorted = (lines: Iterable<SearchLine>) =>
    [...lines].sort((a, b) => b.count - a.count || a.text.localeCompare(b.text));
  return new Map([...byLanguage].map(([language, lines]) => [language, sorted(lines.values())]));
}

/** Each article's answers and reasons, those answered No at least once (or past the day's bound), most No first. */
function articleLines(signals: readonly CountedSignal[], over: readonly CountedSignal[]): ArticleLine[] {
  const byArticle = new Map<string, ArticleLine>();
  const lineOf = (article: string) => {
    const line = byArticle.get(article) ?? { article, no: 0, yes: 0, reasons: noReasons(), uncounted: 0 };
    byArticle.set(article, line);
    return line;
  };
  for (const signal of signals) {
    if (signal.kind === 'answer') lineOf(signal.article)[signal.helped ? 'yes' : 'no'] += 1;
    if (signal.kind === 'reason') lineOf(signal.article).reasons[signal.reason] += 1;
  }
  for (const signal of over) if (signal.kind !== 'search') lineOf(signal.article).uncounted += 1;
  return [...byArticle.values()]
    .filter((line) => line.no > 0 || line.uncounted > 0)
    .sort((a, b) => b.no - a.no || a.yes - b.yes || a.article.localeCompare(b.article));
}

/**
 * The week's summary: the signals counted (none of a flood hour, whoever passes them; each
 * subject's within its day's bound), the lists cut to `reportLines` with how many more there were.
 */
export function summarizeWeek(signals: readonly CountedSignal[], floods: readonly Flood[]): WeekSummary {
  const flooded = new Set(floods.map((flood) => flood.hourMs));
  const { counted, over } = withinDailyBound(signals.filter((signal) => !flooded.has(hourOf(signal.writtenMs))));
  const searches: Record<string, SearchLine[]> = {};
  const moreSearches: Record<string, number> = {};
  for (const [language, lines] of searchLines(counted, over)) {
    searches[language] = lines.slice(0, reportLines);
    moreSearches[language] = Math.max(0, lines.length - reportLines);
  }
  const articles = articleLines(counted, over);
  return {
    searches,
    moreSearches,
    articles: articles.slice(0, reportLines),
    moreArticles: Math.max(0, articles.length - reportLines),
    floods: [...floods].sort((a, b) => a.hourMs - b.hourMs),
    counted: counted.length,
    uncounted: over.length,
  };
}
