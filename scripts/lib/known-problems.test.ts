import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { appStatusSchema, partsStatus, type AppStatus } from '../../functions/src/contracts/app-status.ts';
import { knownProblemsPaths } from '../../functions/src/contracts/known-problems.ts';
import {
  siteNoticeFunction,
  siteNoticeLimits,
  siteNoticePath,
  type SiteNotice,
} from '../../functions/src/contracts/site-notice.ts';
import { appStatus } from '../../functions/src/site-notice/app-status.ts';
import { atomFeed, xmlText } from '../../functions/src/site-notice/feed.ts';
import { answerNoticeRead, noticeCacheControl } from '../../functions/src/site-notice/read.ts';
import { atomProblems, readAtomFeed } from '../../tests/support/atom-feed.ts';
import { noticeHistory } from '../../tests/support/notice-history.ts';
import { hostingPatternMatches } from './hosting-server.ts';
import { noticeSiteFacts } from './known-problems-facts.ts';
import { appParts } from '../../functions/src/contracts/app-parts.ts';
import { helpArticleIds } from '../../web/src/config/help.ts';
import { partArticles } from '../../web/src/config/part-articles.ts';

// The known problems as others read them (issue 79): the Atom feeds, checked by a conformant XML
// parser, RFC 4287's rules and a feed-parsing library; the app's status, by its contract; the
// addresses the function answers, against firebase.json. The emulator suite reads them through
// Hosting after each of the operator's commands (tests/emulators/site-notice.test.ts).

const facts = noticeSiteFacts();
const nowMs = Date.parse('2026-12-03T12:00:00Z');
const at = (hoursAgo: number) => new Date(nowMs - hoursAgo * 3_600_000).toISOString();

const { current, resolved, before } = noticeHistory(nowMs);
const history = [current, resolved, before];

describe('the Atom feed of each language', () => {
  it('has every update of every notice as an entry, newest first, with stable ids, as a feed reader reads it', () => {
    for (const language of ['en', 'it'] as const) {
      const feed = readAtomFeed(atomFeed(history, language, facts, nowMs));
      const page = `${facts.origin}${facts.languages[language]?.page ?? ''}`;
      const entry = (notice: SiteNotice, n: number) =>
        `tag:fishingapp.example.com,${notice.since.slice(0, 10)}:known-problems/${notice.id}/update-${String(n)}/${language}`;
      expect(feed.language).toBe(language);
      expect(feed.self).toBe(`${facts.origin}${facts.languages[language]?.feed ?? ''}`);
      expect(feed.items.map((item) => item.id)).toEqual([
        entry(current, 3),
        entry(current, 2),
        entry(current, 1),
        entry(resolved, 2),
        entry(resolved, 1),
        entry(before, 1),
      ]);
      expect(feed.updated).toBe(at(1));
      expect(feed.items[0]?.url).toBe(`${page}?notice=${current.id}`);
      // The operator's text is text: what looks like markup comes back as typed.
      expect(feed.items[0]?.content).toBe(current.updates[2]?.text[language]);
      expect(feed.items[0]?.categories[0]?.term).toBe('monitoring');
    }
    const english = readAtomFeed(atomFeed(history, 'en', facts, nowMs));
    expect(english.items[0]?.title).toBe('Fixed, being watched (catches): Catches do not sync.');
    expect(english.items[3]?.title).toBe('Resolved (the whole app): The map is blank.');
  });

  it('is a valid feed with no notice, dated when it was made', () => {
    const feed = readAtomFeed(atomFeed([], 'it', facts, nowMs));
    expect(feed.items).toEqual([]);
    expect(feed.updated).toBe(new Date(nowMs).toISOString());
  });

  it('is checked by rules that can fail: a missing id, a relative id, a date that is none, an entry twice', () => {
    const xml = atomFeed([current], 'en', facts, nowMs);
    const firstEntry = /<entry>[\s\S]*?<\/entry>/.exec(xml)?.[0] ?? '';
    expect(atomProblems(xml)).toEqual([]);
    expect(atomProblems(xml.replace(/<id>[^<]*<\/id>/, ''))).toEqual(['the feed has 0 atom:id, not one']);
    expect(atomProblems(xml.replace(/<id>https:\/\/[^/]+/, '<id>'))).toHaveLength(1);
    expect(atomProblems(xml.replace(/<id>tag:/, '<id>'))).toHaveLength(1);
    expect(atomProblems(xml.replace(`<updated>${at(1)}</updated>`, '<updated>yesterday</updated>'))).toHaveLength(1);
    expect(atomProblems(xml.replace(firstEntry, firstEntry + firstEntry))).toEqual([
      `entry 2 repeats the id tag:fishingapp.example.com,${current.since.slice(0, 10)}:known-problems/${current.id}/update-3/en`,
    ]);
    expect(() => atomProblems(xml.replace('&lt;b&gt;', '<b>'))).toThrow();
  });

  it('escapes what XML would read as markup and leaves out what it cannot carry', () => {
    expect(xmlText(`a & <b> "c" 'd'\u0001`)).toBe('a &amp; &lt;b&gt; &quot;c&quot; &apos;d&apos;');
  });
});

describe('the app’s status, version 1', () => {
  it('keeps its contract, with the notice shown now and the part it concerns', () => {
    const status: AppStatus = v.parse(appStatusSchema, JSON.parse(JSON.stringify(appStatus(history, facts, nowMs))));
    expect(status.parts).toEqual({
      catches: 'monitoring',
      maps: 'operational',
      forecast: 'operational',
      'sign-in': 'operational',
      purchases: 'operational',
      community: 'operational',
    });
    expect(status.notices.map((notice) => notice.id)).toEqual([current.id]);
    expect(status.notices[0]?.updates).toHaveLength(3);
    expect(status.notices[0]?.page).toEqual({
      en: `${facts.origin}/known-problems?notice=${current.id}`,
      it: `${facts.origin}/it/known-problems?notice=${current.id}`,
    });
    expect(status.feeds).toEqual({
      en: `${facts.origin}/known-problems/feed.atom`,
      it: `${facts.origin}/it/known-problems/feed.atom`,
    });
  });

  it('says every part works once the notice ended, and a whole-app notice gives each part its state', () => {
    const ended = appStatus([{ ...current, until: at(0.5) }], facts, nowMs);
    expect(new Set(Object.values(ended.parts))).toEqual(new Set(['operational']));
    expect(ended.notices).toEqual([]);
    expect(new Set(Object.values(partsStatus([{ state: 'identified', part: null }])))).toEqual(new Set(['identified']));
    // Of two notices about one part, the more serious state stands.
    expect(
      partsStatus([
        { state: 'monitoring', part: 'maps' },
        { state: 'investigating', part: 'maps' },
      ]).maps,
    ).toBe('investigating');
  });

  it('refuses a shape the contract does not have', () => {
    const status = appStatus(history, facts, nowMs);
    expect(v.safeParse(appStatusSchema, { ...status, version: 2 }).success).toBe(false);
    expect(
      v.safeParse(appStatusSchema, { ...status, parts: { ...status.parts, weather: 'operational' } }).success,
    ).toBe(false);
  });
});

describe('the addresses the function answers', () => {
  const reads = {
    shown: () => Promise.resolve(current),
    history: () => Promise.resolve(history),
    facts: () => Promise.resolve(facts),
    now: () => nowMs,
  };
  const feedPaths = Object.values(facts.languages).map((language) => language.feed);
  const answered = [siteNoticePath, knownProblemsPaths.history, knownProblemsPaths.appStatus, ...feedPaths];

  it('answers each, as JSON or Atom, cached by the CDN alone, and nothing else', async () => {
    const types = await Promise.all(
      answered.map(async (path) => {
        const answer = await answerNoticeRead('GET', path, reads);
        expect(answer.status, path).toBe(200);
        expect(answer.headers['Cache-Control'], path).toBe(noticeCacheControl);
        return answer.headers['Content-Type'];
      }),
    );
    expect(types).toEqual([
      ...Array<string>(3).fill('application/json; charset=utf-8'),
      ...feedPaths.map(() => 'application/atom+xml; charset=utf-8'),
    ]);
    expect(JSON.parse((await answerNoticeRead('GET', knownProblemsPaths.history, reads)).body)).toEqual({
      days: siteNoticeLimits.keepDays,
      notices: history,
    });
    for (const other of ['/known-problems/feed.xml', '/api/v2/app-status', '/fr/known-problems/feed.atom']) {
      expect((await answerNoticeRead('GET', other, reads)).status, other).toBe(404);
    }
  });

  it('are the addresses firebase.json rewrites to the function, with the same cache header', () => {
    type Hosting = {
      rewrites: Array<{ source: string; function?: { functionId: string } }>;
      headers: Array<{ source: string; headers: Array<{ key: string; value: string }> }>;
    };
    const { hosting } = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'firebase.json'), 'utf8')) as {
      hosting: Hosting;
    };
    const rewrite = hosting.rewrites.find((candidate) => candidate.function?.functionId === siteNoticeFunction);
    const header = hosting.headers.find((candidate) =>
      candidate.headers.some((h) => h.key === 'Cache-Control' && h.value === noticeCacheControl),
    );
    for (const path of answered) {
      expect(rewrite && hostingPatternMatches(rewrite, path), path).toBe(true);
      expect(header && hostingPatternMatches(header, path), path).toBe(true);
    }
    // And nothing more: the history page itself and a notice's page are the site's.
    for (const page of ['/known-problems', '/it/known-problems', '/known-problems/other.atom']) {
      expect(rewrite && hostingPatternMatches(rewrite, page), page).toBe(false);
    }
  });
});

describe('the help articles of each part of the app', () => {
  it('are listed for every part a notice can name, and for no other, each an article the help centre has', () => {
    expect(Object.keys(partArticles).sort()).toEqual([...appParts].sort());
    for (const ids of Object.values(partArticles)) {
      expect(ids.length).toBeGreaterThan(0);
      for (const id of ids) expect(helpArticleIds).toContain(id);
    }
  });
});
