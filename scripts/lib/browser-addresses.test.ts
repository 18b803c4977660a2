import { describe, expect, it } from 'vitest';
import {
  browserRouteNames,
  daysOne,
  pageTemplateCount,
  sampledPerTemplate,
  today,
} from '../../e2e/support/addresses.ts';
import { helpArticleIds } from '../../web/src/config/help.ts';
import { isHelpArticle, moduleOf, type RouteName } from '../../web/src/config/paths.ts';
import { everyPath } from '../../web/src/config/site-pages.ts';

// What the browser suites open: every template, a few of the pages that share one, turning by day.
describe('the browser suites’ pages', () => {
  const all = Object.keys(everyPath) as RouteName[];
  const articles = (names: RouteName[]) => names.filter(isHelpArticle);

  it('open one page of every template, and the day’s two help articles besides the first', () => {
    const names = browserRouteNames(undefined, 0);
    expect(new Set(names.map((name) => moduleOf(name)))).toEqual(new Set(all.map((name) => moduleOf(name))));
    expect(articles(names)).toHaveLength(1 + sampledPerTemplate);
    expect(names.length).toBe(pageTemplateCount - 1 + sampledPerTemplate);
  });

  it('keep one day for a whole run, across midnight, in every process the run starts', () => {
    const before = process.env.E2E_DAY;
    try {
      delete process.env.E2E_DAY;
      const lateEvening = Date.parse('2026-11-27T23:59:59Z');
      const day = today(lateEvening);
      expect(day).toBe(Math.floor(lateEvening / 86_400_000));
      // Past midnight, the run still lists and runs the first day's pages; its workers inherit it.
      expect(today(lateEvening + 2_000)).toBe(day);
      expect(process.env.E2E_DAY).toBe(String(day));
      expect(browserRouteNames(undefined)).toEqual(browserRouteNames(undefined, day));
    } finally {
      if (before === undefined) delete process.env.E2E_DAY;
      else process.env.E2E_DAY = before;
    }
  });

  it('turn through every help article within a few weeks', () => {
    const seen = new Set<RouteName>();
    const days = Math.ceil((helpArticleIds.length - 1) / sampledPerTemplate);
    for (let day = 0; day < days; day++) for (const name of articles(browserRouteNames(undefined, day))) seen.add(name);
    expect(seen.size).toBe(helpArticleIds.length);
  });

  it('open every address, or the ones named, when E2E_SAMPLE says so', () => {
    expect(browserRouteNames('all')).toEqual(all);
    const named = browserRouteNames('help/cancel-pro', 0);
    expect(articles(named)).toEqual(
      [`help/${helpArticleIds[0] ?? ''}`, 'help/cancel-pro'].filter((v, i, a) => a.indexOf(v) === i),
    );
  });
});

describe('the day’s one of several alike checks', () => {
  const items = ['a', 'b', 'c'] as const;

  it('is one a day, each in turn', () => {
    expect([0, 1, 2, 3].map((day) => daysOne(items, undefined, day))).toEqual([['a'], ['b'], ['c'], ['a']]);
  });

  it('is every one with E2E_SAMPLE=all, and nothing of nothing', () => {
    expect(daysOne(items, 'all', 5)).toEqual(items);
    expect(daysOne([], undefined, 5)).toEqual([]);
  });
});
