import { describe, expect, it } from 'vitest';
import { summarizeMessages } from './messages.js';
import { renderHelpReport, reportMaxBytes, type ReportLinks } from './render-report.js';
import { floodPerHour, reportLines, subjectOf, summarizeWeek, type CountedSignal, type SiteScope } from './summary.js';

// Monday 23 November 2026, 00:00 in Rome (23:00 UTC the day before), as week.ts makes a week.
const monday = Date.parse('2026-11-22T23:00:00Z');
const week = { fromMs: monday, toMs: monday + 7 * 86_400_000 };
const at = (hours: number) => monday + hours * 3_600_000 + 60_000;
const signal = (said: Record<string, unknown>, language = 'en', writtenMs = at(3)) =>
  ({ ...said, language, createdAt: null, expireAt: null, writtenMs }) as CountedSignal;
const links: ReportLinks = {
  article: (id) => `https://site.example/help/${id}`,
  search: (text, language) =>
    `https://site.example${language === 'en' ? '' : `/${language}`}/help?q=${encodeURIComponent(text)}`,
};
const topics: Record<string, string> = { 'cancel-pro': 'pro', 'reset-password': 'account', 'pro-refund': 'pro' };
const scope: SiteScope = { languages: ['en', 'it'], hasArticle: (id) => Object.hasOwn(topics, id) };
/** A search as several readers make it: in three hours of three days. */
const often = (said: Record<string, unknown>, language = 'en') =>
  [3, 27, 51].map((hours) => signal(said, language, at(hours)));

describe('summarizeMessages', () => {
  it('counts each article once a message, the topic of the one written from, and messages that named none', () => {
    const summary = summarizeMessages(
      {
        total: 6,
        named: [['cancel-pro', 'pro-refund'], ['cancel-pro', 'cancel-pro'], ['reset-password'], [], [], ['no-such']],
      },
      (article) => topics[article],
    );
    expect(summary).toEqual({
      total: 6,
      read: 6,
      readFirst: [
        { article: 'cancel-pro', messages: 2 },
        { article: 'pro-refund', messages: 1 },
        { article: 'reset-password', messages: 1 },
      ],
      moreReadFirst: 0,
      byTopic: [
        { topic: 'pro', messages: 2 },
        { topic: 'account', messages: 1 },
        { topic: 'unknown article', messages: 1 },
      ],
      noArticle: 2,
      namedUnknown: 1,
      searchedFirst: [],
      moreSearchedFirst: 0,
      searchedUnshown: 0,
    });
  });

  it('lists the first articles read, and how many more there were', () => {
    const named = Array.from({ length: reportLines + 3 }, (_, index) => [`article-${String(index)}`]);
    const summary = summarizeMessages({ total: 9_000, named }, () => 'app');
    expect(summary.namedUnknown).toBe(0);
    expect(summary.readFirst).toHaveLength(reportLines);
    expect(summary.moreReadFirst).toBe(3);
    expect(summary.read).toBe(reportLines + 3);
  });
});

describe('renderHelpReport', () => {
  const report = {
    ...week,
    signals: summarizeWeek(
      [
        ...often({ kind: 'search', outcome: 'nothing', text: 'xylophone tuning' }),
        signal({ kind: 'search', outcome: 'nothing', text: 'xylophone tuning' }),
        ...often({ kind: 'search', outcome: 'nothing', text: 'canna <b>da</b> mare' }, 'it'),
        ...often({ kind: 'search', outcome: 'unopened', text: 'night fishing' }),
        signal({ kind: 'search', outcome: 'nothing', text: 'mario rossi' }),
        signal({ kind: 'answer', article: 'cancel-pro', helped: false }),
        signal({ kind: 'answer', article: 'cancel-pro', helped: true }, 'it'),
        signal({ kind: 'reason', article: 'cancel-pro', reason: 'did-not-work' }),
        signal({ kind: 'answer', article: 'no-such', helped: false }),
      ],
      [{ hourMs: at(30) - 60_000, signals: floodPerHour + 250, read: 0 }],
      scope,
      new Map([['search|nothing|en|xylophone tuning', 2]]),
    ),
    messages: summarizeMessages(
      {
        total: 5_004,
        named: [['cancel-pro'], [], ['no-such']],
        // Named by messages in three hours of three days, and a name typed in one message.
        searched: [
          ...[3, 27, 51].map((hours) => ({ texts: ['reel oil'], language: 'it', writtenMs: at(hours) })),
          { texts: ['mario rossi', 'reel oil'], language: 'it', writtenMs: at(51) },
        ],
      },
      (article) => topics[article],
    ),
  };
  const email = renderHelpReport(report, links);

  it('says in its subject the week and how many searches and articles failed', () => {
    expect(email.subject).toBe(
      'Help centre, 23 Nov 2026 – 29 Nov 2026: 2 searches found nothing, 1 article answered No',
    );
  });

  it('writes every section in plain text, each line with its link on the live site', () => {
    expect(email.text).toBe(
      [
        'Where the help centre fell short, 23 Nov 2026 – 29 Nov 2026 (Rome time)',
        '',
        'SEARCHES THAT FOUND NOTHING',
        '  English (en)',
        '  4×  xylophone tuning  (last week 2)',
        '      https://site.example/help?q=xylophone%20tuning',
        '  Italian (it)',
        '  3×  canna <b>da</b> mare  (new)',
        '      https://site.example/it/help?q=canna%20%3Cb%3Eda%3C%2Fb%3E%20mare',
        '',
        'SEARCHES THAT FOUND ARTICLES, NONE OPENED',
        '  English (en)',
        '  3×  night fishing  (new)',
        '      https://site.example/help?q=night%20fishing',
        '',
        'ARTICLES ANSWERED NO',
        '  1 No, 1 Yes  cancel-pro  (1 did not work when tried)  (new)',
        '      https://site.example/help/cancel-pro',
        '',
        'READ BEFORE WRITING ANYWAY',
        '  1 message  cancel-pro',
        '      https://site.example/help/cancel-pro',
        '',
        'SEARCHED BEFORE WRITING ANYWAY',
        '  4 messages  reel oil  (Italian (it))',
        '      https://site.example/it/help?q=reel%20oil',
        '',
        'MESSAGES PER TOPIC, BY THE ARTICLE WRITTEN FROM',
        '  1 message  pro',
        '  1 message  unknown article',
        '  1 message  named no article',
        '  5,004 messages this week; the articles of 5,001 were not read',
        '',
        'NOT COUNTED',
        '  24 Nov 2026, 06:00 Rome time: 450 signals in the hour, a flood; 0 read (at most 5 a minute), the rest not counted',
        '  1 search (1 signal) made in fewer than 3 hours or 2 days, not shown',
        '  1 signal naming a language or an article the site does not have',
        '  1 search named by messages in fewer than 3 hours or 2 days, not shown',
        '  1 message naming an article the site does not have',
      ].join('\n'),
    );
  });

  it('writes the same in HTML, what a signal holds as text, each link an escaped address', () => {
    expect(email.html).toMatch(/^<!DOCTYPE html>\n<html lang="en">/);
    expect(email.html).toContain('<h2 style="font-size:16px;margin:20px 0 8px">Articles answered No</h2>');
    expect(email.html).toContain(
      '<li><a href="https://site.example/help/cancel-pro" style="color:#0b57d0">1 No, 1 Yes  cancel-pro  (1 did not work when tried)  (new)</a></li>',
    );
    // A language heads its searches: a label, not one more item of the list.
    expect(email.html).toMatch(/<li style="list-style:none;[^"]*font-weight:bold">Italian \(it\)<\/li>/);
    expect(email.html).toContain('canna &#60;b&#62;da&#60;/b&#62; mare');
    expect(email.html).not.toContain('<b>da</b>');
    expect(email.html).toContain(
      '<li>24 Nov 2026, 06:00 Rome time: 450 signals in the hour, a flood; 0 read (at most 5 a minute), the rest not counted</li>',
    );
  });

  it('says "none" under a section with nothing in it', () => {
    const quiet = renderHelpReport(
      {
        ...week,
        signals: summarizeWeek([], [], scope),
        messages: summarizeMessages({ total: 0, named: [] }, () => undefined),
      },
      links,
    );
    expect(quiet.subject).toBe(
      'Help centre, 23 Nov 2026 – 29 Nov 2026: 0 searches found nothing, 0 articles answered No',
    );
    expect(quiet.text).toContain(
      'SEARCHES THAT FOUND NOTHING\n  none\n\nSEARCHES THAT FOUND ARTICLES, NONE OPENED\n  none\n\nARTICLES ANSWERED NO\n  none',
    );
    expect(quiet.html).toContain('<li>none</li>');
  });
});

describe('the report’s size', () => {
  it(`stays under ${String(reportMaxBytes.text)} bytes of text and ${String(reportMaxBytes.html)} of HTML whatever was written`, () => {
    // Every list full past its lines, every text as long and as costly to escape and link as
    // the rules let it be, every count in the millions, a flood every hour of the week.
    const letter = 'ⱥ'; // a lower-case letter of three bytes, nine in a link
    const longest = (index: number) => `${letter.repeat(55)}${String.fromCharCode(97 + (index % 26)).repeat(5)}`;
    const ids = Array.from({ length: reportLines + 5 }, (_, index) => `${'a'.repeat(56)}-${String(1000 + index)}`);
    const wide: SiteScope = { languages: ['en', 'it'], hasArticle: () => true };
    const signals: CountedSignal[] = [];
    for (const language of wide.languages)
      for (const outcome of ['nothing', 'unopened'])
        for (let index = 0; index < reportLines + 5; index += 1)
          signals.push(...often({ kind: 'search', outcome, text: longest(index) }, language));
    for (const article of ids) {
      signals.push(
        signal({ kind: 'answer', article, helped: false }),
        signal({ kind: 'answer', article, helped: true }),
      );
      for (const reason of ['not-my-problem', 'unclear', 'did-not-work'])
        signals.push(signal({ kind: 'reason', article, reason }));
    }
    signals.push(signal({ kind: 'answer', article: 'x', helped: false }, 'zz'));
    const floods = Array.from({ length: 168 }, (_, index) => ({
      hourMs: monday + index * 3_600_000,
      signals: 99_999_999,
      read: 300,
    }));
    const before = new Map(signals.map((item) => [subjectOf(item), 99_999_999]));
    const summary = summarizeWeek(signals, floods, wide, before);
    const many = 99_999_999;
    const email = renderHelpReport(
      {
        ...week,
        signals: {
          ...summary,
          counted: many,
          uncounted: many,
          unknown: many,
          unshown: { texts: many, signals: many },
          articles: {
            lines: summary.articles.lines.map((line) => ({
              ...line,
              no: many,
              yes: many,
              uncounted: many,
              reasons: { 'not-my-problem': many, unclear: many, 'did-not-work': many },
            })),
            more: many,
          },
        },
        messages: {
          ...summarizeMessages(
            {
              total: many,
              named: ids.map((id) => [id]),
              searched: Array.from({ length: reportLines + 5 }, (_, index) =>
                [3, 27, 51].map((hours) => ({ texts: [longest(index)], language: 'it', writtenMs: at(hours) })),
              ).flat(),
            },
            () => 'a topic',
          ),
          searchedUnshown: many,
          moreSearchedFirst: many,
          namedUnknown: many,
          noArticle: many,
        },
      },
      { article: (id) => `https://fishing-app.example/help/${id}`, search: links.search },
      ['This email may be a repeat of one sent before, ninety-nine characters long at most, as it says.'],
    );
    const text = Buffer.byteLength(email.text);
    const html = Buffer.byteLength(email.html);
    expect(text).toBeLessThanOrEqual(reportMaxBytes.text);
    expect(html).toBeLessThanOrEqual(reportMaxBytes.html);
  });
});
