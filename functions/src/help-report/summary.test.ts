import { describe, expect, it } from 'vitest';
import type { HelpReason, SearchOutcome } from '../contracts/help-signal.js';
import { searchShownFrom } from '../contracts/search-kept.js';
import {
  floodPerHour,
  floodsAmong,
  hourOf,
  perSubjectPerDay,
  reportLines,
  subjectOf,
  summarizeWeek,
  type CountedSignal,
  type SiteScope,
} from './summary.js';

const monday = Date.parse('2026-11-23T00:00:00Z');
const hour = 3_600_000;
const at = (hours: number) => monday + hours * hour + 60_000;
const written = (writtenMs: number, language = 'en') => ({ language, createdAt: null, expireAt: null, writtenMs });
const scope: SiteScope = {
  languages: ['en', 'it'],
  hasArticle: (id) => ['cancel-pro', 'restore-purchase', 'offline-maps'].includes(id) || id.startsWith('article-'),
};
const summarize = (signals: CountedSignal[], floods: Parameters<typeof summarizeWeek>[1] = []) =>
  summarizeWeek(signals, floods, scope);

const answer = (article: string, helped: boolean, writtenMs = at(1), language = 'en'): CountedSignal => ({
  ...written(writtenMs, language),
  kind: 'answer',
  article,
  helped,
});
const reason = (article: string, why: HelpReason, writtenMs = at(1)): CountedSignal => ({
  ...written(writtenMs),
  kind: 'reason',
  article,
  reason: why,
});
const search = (
  text: string,
  writtenMs = at(2),
  language = 'en',
  outcome: SearchOutcome = 'nothing',
): CountedSignal => ({
  ...written(writtenMs, language),
  kind: 'search',
  outcome,
  text,
});
/** A search made in three hours of three days: as several readers make it. */
const searchedOften = (text: string, language = 'en', outcome: SearchOutcome = 'nothing') =>
  [2, 26, 50].map((hours) => search(text, at(hours), language, outcome));

describe('summarizeWeek: the searches', () => {
  it('lists those of each outcome in each of the site’s languages, most first', () => {
    const summary = summarize([
      ...searchedOften('tide table'),
      search('tide table', at(3)),
      ...searchedOften('reel'),
      ...searchedOften('mulinello', 'it'),
      ...searchedOften('night fishing', 'en', 'unopened'),
    ]);
    expect(summary.searches).toEqual({
      nothing: {
        en: {
          lines: [
            { text: 'tide table', count: 4, uncounted: 0 },
            { text: 'reel', count: 3, uncounted: 0 },
          ],
          more: 0,
        },
        it: { lines: [{ text: 'mulinello', count: 3, uncounted: 0 }], more: 0 },
      },
      unopened: {
        en: { lines: [{ text: 'night fishing', count: 3, uncounted: 0 }], more: 0 },
        it: { lines: [], more: 0 },
      },
    });
    expect(summary.counted).toBe(13);
  });

  it(`shows a search only once made in ${searchShownFrom.hours} hours on ${searchShownFrom.days} days: a name typed once, or often in one sitting, is not shown`, () => {
    const summary = summarize([
      search('mario rossi', at(5)),
      ...Array.from({ length: 6 }, () => search('via garibaldi milano', at(7))),
      // Three hours of one day, then two hours of two days: neither enough.
      ...[8, 9, 10].map((hours) => search('one day', at(hours))),
      ...[8, 32].map((hours) => search('two hours', at(hours))),
      ...searchedOften('reel oil'),
    ]);
    expect(summary.searches.nothing.en?.lines.map((line) => line.text)).toEqual(['reel oil']);
    expect(summary.unshown).toEqual({ texts: 4, signals: 12 });
  });

  it('counts a language the site is not in as unknown, its searches nowhere', () => {
    const summary = summarize([...searchedOften('reel', 'xx'), answer('cancel-pro', false, at(1), 'zz')]);
    expect(summary.searches.nothing).toEqual({ en: { lines: [], more: 0 }, it: { lines: [], more: 0 } });
    expect(summary.unknown).toBe(4);
    expect(summary.counted).toBe(0);
  });
});

describe('summarizeWeek: the articles', () => {
  it('lists those answered No, most first, with their Yes and the reasons; an article only helped is not listed', () => {
    const summary = summarize([
      answer('cancel-pro', false),
      answer('cancel-pro', false, at(3), 'it'),
      answer('cancel-pro', true),
      reason('cancel-pro', 'did-not-work'),
      reason('cancel-pro', 'did-not-work'),
      answer('restore-purchase', false),
      answer('offline-maps', true),
    ]);
    expect(summary.articles).toEqual({
      lines: [
        {
          article: 'cancel-pro',
          no: 2,
          yes: 1,
          reasons: { 'not-my-problem': 0, unclear: 0, 'did-not-work': 2 },
          uncounted: 0,
        },
        {
          article: 'restore-purchase',
          no: 1,
          yes: 0,
          reasons: { 'not-my-problem': 0, unclear: 0, 'did-not-work': 0 },
          uncounted: 0,
        },
      ],
      more: 0,
    });
  });

  it('counts an article the site does not have as unknown, never by its id (a script may write a name as one)', () => {
    const summary = summarize([answer('mario-rossi-3331234567', false), reason('mario-rossi', 'unclear')]);
    expect(summary.articles.lines).toEqual([]);
    expect(summary.unknown).toBe(2);
  });
});

describe('summarizeWeek: bounds', () => {
  it(`cuts each list to ${reportLines} lines and says how many more there were`, () => {
    const many = Array.from({ length: reportLines + 3 }, (_, index) =>
      searchedOften(`word${'x'.repeat(index)}`),
    ).flat();
    const articles = Array.from({ length: reportLines + 2 }, (_, index) => answer(`article-${String(index)}`, false));
    const summary = summarize([...many, ...articles]);
    expect(summary.searches.nothing.en?.lines).toHaveLength(reportLines);
    expect(summary.searches.nothing.en?.more).toBe(3);
    expect(summary.articles.lines).toHaveLength(reportLines);
    expect(summary.articles.more).toBe(2);
  });

  it('counts what was read of a flood’s hour (a sample) within the bounds, and keeps the flood for the report', () => {
    const floodHour = hourOf(at(5));
    const sample = [
      ...Array.from({ length: 250 }, () => answer('cancel-pro', false, at(5))),
      answer('offline-maps', false, at(5)),
    ];
    const summary = summarize(sample, [{ hourMs: floodHour, signals: 100_000, read: sample.length }]);
    expect(summary.floods).toEqual([{ hourMs: floodHour, signals: 100_000, read: 251 }]);
    expect(summary.articles.lines.map(({ article, no, uncounted }) => ({ article, no, uncounted }))).toEqual([
      { article: 'cancel-pro', no: perSubjectPerDay, uncounted: 250 - perSubjectPerDay },
      { article: 'offline-maps', no: 1, uncounted: 0 },
    ]);
  });

  it('bounds a slow, steady flood of one answer to its subject a day, and leaves the other lines whole', () => {
    // 40 answers a day for a week: never a flood of an hour, each day past the bound.
    const steady = Array.from({ length: 7 * 40 }, (_, index) => answer('cancel-pro', false, at(index * 0.6)));
    const summary = summarize([...steady, answer('offline-maps', false)]);
    expect(summary.articles.lines[0]).toMatchObject({ article: 'cancel-pro', no: 7 * perSubjectPerDay });
    expect(summary.articles.lines[0]?.uncounted).toBe(steady.length - 7 * perSubjectPerDay);
    expect(summary.articles.lines[1]).toMatchObject({ article: 'offline-maps', no: 1, uncounted: 0 });
    expect(summary.counted + summary.uncounted).toBe(steady.length + 1);
  });

  it('bounds Yes and No apart: scripted Yes at midnight leave the day’s real No counted', () => {
    const scripted = Array.from({ length: perSubjectPerDay + 30 }, () => answer('cancel-pro', true, at(0)));
    const real = Array.from({ length: 5 }, (_, index) => answer('cancel-pro', false, at(9 + index)));
    const summary = summarize([...scripted, ...real]);
    expect(summary.articles.lines).toEqual([
      expect.objectContaining({ article: 'cancel-pro', no: 5, yes: perSubjectPerDay, uncounted: 30 }),
    ]);
  });

  it('bounds each search in each language and each reason on its own', () => {
    const many = (make: () => CountedSignal) => Array.from({ length: perSubjectPerDay + 4 }, make);
    const spread = (language: string) =>
      [2, 26, 50].flatMap((hours) => many(() => search('reel', at(hours), language)));
    const summary = summarize([
      ...spread('en'),
      ...spread('it'),
      ...many(() => reason('cancel-pro', 'unclear')),
      ...many(() => reason('cancel-pro', 'did-not-work')),
      answer('cancel-pro', false),
    ]);
    const bounded = { text: 'reel', count: 3 * perSubjectPerDay, uncounted: 12 };
    expect(summary.searches.nothing.en?.lines).toEqual([bounded]);
    expect(summary.searches.nothing.it?.lines).toEqual([bounded]);
    expect(summary.articles.lines[0]?.reasons).toEqual({
      'not-my-problem': 0,
      unclear: perSubjectPerDay,
      'did-not-work': perSubjectPerDay,
    });
  });
});

describe('summarizeWeek: beside the week before', () => {
  it('gives each line the count of the week before (0: new), from that week’s totals', () => {
    const before = summarize([
      ...searchedOften('tide table'),
      answer('cancel-pro', false),
      answer('cancel-pro', false),
    ]);
    expect(before.totals.get(subjectOf(search('tide table')))).toBe(3);
    const week = summarizeWeek(
      [...searchedOften('tide table'), ...searchedOften('reel'), answer('cancel-pro', false)],
      [],
      scope,
      before.totals,
    );
    expect(week.searches.nothing.en?.lines).toEqual([
      { text: 'reel', count: 3, uncounted: 0, before: 0 },
      { text: 'tide table', count: 3, uncounted: 0, before: 3 },
    ]);
    expect(week.articles.lines[0]).toMatchObject({ article: 'cancel-pro', no: 1, noBefore: 2 });
  });
});

describe('floodsAmong', () => {
  it(`marks an hour with more than ${floodPerHour} signals, oldest first, and no other`, () => {
    const counts = new Map([
      [hourOf(at(30)), floodPerHour + 1],
      [hourOf(at(2)), 100_000],
      [hourOf(at(3)), floodPerHour],
      [hourOf(at(4)), 3],
    ]);
    expect(floodsAmong(counts)).toEqual([
      { hourMs: hourOf(at(2)), signals: 100_000, read: 0 },
      { hourMs: hourOf(at(30)), signals: floodPerHour + 1, read: 0 },
    ]);
  });
});
