import { describe, expect, it } from 'vitest';
import type { HelpReason, SearchPlace } from '../contracts/help-signal.js';
import {
  floodPerHour,
  floodsAmong,
  hourOf,
  perSubjectPerDay,
  reportLines,
  summarizeWeek,
  type CountedSignal,
} from './summary.js';

const monday = Date.parse('2026-11-23T00:00:00Z');
const hour = 3_600_000;
const at = (hours: number) => monday + hours * hour + 60_000;
const written = (writtenMs: number, language = 'en') => ({ language, createdAt: null, expireAt: null, writtenMs });

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
const search = (text: string, language = 'en', place: SearchPlace = 'help', writtenMs = at(2)): CountedSignal => ({
  ...written(writtenMs, language),
  kind: 'search',
  place,
  text,
});

describe('summarizeWeek', () => {
  it('lists the searches that found nothing in each language, most first, with where they were made', () => {
    const summary = summarizeWeek(
      [
        // Where first from the contact form: the places are listed in the contract's order all the same.
        search('tide table', 'en', 'contact'),
        search('tide table'),
        search('reel'),
        search('mulinello', 'it'),
        search('tide table'),
      ],
      [],
    );
    expect(summary.searches).toEqual({
      en: [
        { text: 'tide table', count: 3, places: ['help', 'contact'], uncounted: 0 },
        { text: 'reel', count: 1, places: ['help'], uncounted: 0 },
      ],
      it: [{ text: 'mulinello', count: 1, places: ['help'], uncounted: 0 }],
    });
    expect(summary.counted).toBe(5);
  });

  it('lists the articles answered No, most first, with their Yes and the reasons; an article only helped is not listed', () => {
    const summary = summarizeWeek(
      [
        answer('cancel-pro', false),
        answer('cancel-pro', false, at(3), 'it'),
        answer('cancel-pro', true),
        reason('cancel-pro', 'did-not-work'),
        reason('cancel-pro', 'did-not-work'),
        answer('restore-purchase', false),
        answer('offline-maps', true),
      ],
      [],
    );
    expect(summary.articles).toEqual([
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
    ]);
  });

  it(`cuts each list to ${reportLines} lines and says how many more there were`, () => {
    const many = Array.from({ length: reportLines + 3 }, (_, index) => search(`word${'x'.repeat(index)}`));
    const articles = Array.from({ length: reportLines + 2 }, (_, index) => answer(`article-${index}`, false));
    const summary = summarizeWeek([...many, ...articles], []);
    expect(summary.searches.en).toHaveLength(reportLines);
    expect(summary.moreSearches).toEqual({ en: 3 });
    expect(summary.articles).toHaveLength(reportLines);
    expect(summary.moreArticles).toBe(2);
  });

  it('counts no signal of a flood hour, and keeps the flood for the report', () => {
    const floodHour = hourOf(at(5));
    const summary = summarizeWeek(
      [answer('cancel-pro', false, at(5)), answer('cancel-pro', false, at(6)), search('reel', 'en', 'help', at(5))],
      [{ hourMs: floodHour, signals: 100_000 }],
    );
    expect(summary.articles).toEqual([expect.objectContaining({ article: 'cancel-pro', no: 1 })]);
    expect(summary.searches).toEqual({});
    expect(summary.floods).toEqual([{ hourMs: floodHour, signals: 100_000 }]);
    expect(summary.counted).toBe(1);
  });
});

describe('summarizeWeek: a slow, steady flood', () => {
  it(`counts at most ${perSubjectPerDay} signals of one subject a day, and says how many more came`, () => {
    // 199 an hour for a week, one article: never a flood hour, 33,432 answers in all.
    const steady = Array.from({ length: 7 * 24 * 199 }, (_, index) =>
      answer('cancel-pro', false, monday + Math.floor(index / 199) * hour + (index % 199) * 1_000),
    );
    const summary = summarizeWeek([...steady, answer('offline-maps', false)], []);
    expect(summary.articles[0]).toMatchObject({ article: 'cancel-pro', no: 7 * perSubjectPerDay });
    expect(summary.articles[0]?.uncounted).toBe(steady.length - 7 * perSubjectPerDay);
    expect(summary.articles[1]).toMatchObject({ article: 'offline-maps', no: 1, uncounted: 0 });
    expect(summary.floods).toEqual([]);
    expect(summary.counted + summary.uncounted).toBe(steady.length + 1);
  });

  it('bounds each search in each language on its own, and an article’s reasons apart from its answers', () => {
    const many = (make: (index: number) => CountedSignal) =>
      Array.from({ length: perSubjectPerDay + 4 }, (_, i) => make(i));
    const summary = summarizeWeek(
      [
        ...many(() => search('reel')),
        ...many(() => search('reel', 'it')),
        ...many(() => answer('cancel-pro', false)),
        ...many(() => reason('cancel-pro', 'unclear')),
      ],
      [],
    );
    expect(summary.searches.en).toEqual([{ text: 'reel', count: perSubjectPerDay, places: ['help'], uncounted: 4 }]);
    expect(summary.searches.it).toEqual([{ text: 'reel', count: perSubjectPerDay, places: ['help'], uncounted: 4 }]);
    expect(summary.articles).toEqual([
      {
        article: 'cancel-pro',
        no: perSubjectPerDay,
        yes: 0,
        reasons: { 'not-my-problem': 0, unclear: perSubjectPerDay, 'did-not-work': 0 },
        uncounted: 8,
      },
    ]);
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
      { hourMs: hourOf(at(2)), signals: 100_000 },
      { hourMs: hourOf(at(30)), signals: floodPerHour + 1 },
    ]);
  });
});
