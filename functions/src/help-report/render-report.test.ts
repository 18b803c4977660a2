import { describe, expect, it } from 'vitest';
import { summarizeMessages } from './messages.js';
import { renderHelpReport, type ReportLinks } from './render-report.js';
import { floodPerHour, reportLines, summarizeWeek, type CountedSignal } from './summary.js';

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
        { article: 'no-such', messages: 1 },
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
    });
  });

  it('lists the first articles read, and how many more there were', () => {
    const named = Array.from({ length: reportLines + 3 }, (_, index) => [`article-${String(index)}`]);
    const summary = summarizeMessages({ total: 9_000, named }, () => 'app');
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
        signal({ kind: 'search', place: 'help', text: 'xylophone tuning' }),
        signal({ kind: 'search', place: 'contact', text: 'xylophone tuning' }),
        signal({ kind: 'search', place: 'help', text: 'canna <b>da</b> mare' }, 'it'),
        signal({ kind: 'answer', article: 'cancel-pro', helped: false }),
        signal({ kind: 'answer', article: 'cancel-pro', helped: true }, 'it'),
        signal({ kind: 'reason', article: 'cancel-pro', reason: 'did-not-work' }),
      ],
      [{ hourMs: at(30) - 60_000, signals: floodPerHour + 250 }],
    ),
    messages: summarizeMessages({ total: 5_004, named: [['cancel-pro'], []] }, (article) => topics[article]),
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
        '  2×  xylophone tuning  (help centre, contact form)',
        '      https://site.example/help?q=xylophone%20tuning',
        '  Italian (it)',
        '  1×  canna <b>da</b> mare  (help centre)',
        '      https://site.example/it/help?q=canna%20%3Cb%3Eda%3C%2Fb%3E%20mare',
        '',
        'ARTICLES ANSWERED NO',
        '  1 No, 1 Yes  cancel-pro  (tried it, did not work 1)',
        '      https://site.example/help/cancel-pro',
        '',
        'READ BEFORE WRITING ANYWAY',
        '  1 message  cancel-pro',
        '      https://site.example/help/cancel-pro',
        '',
        'MESSAGES PER TOPIC, BY THE ARTICLE WRITTEN FROM',
        '  1 message  pro',
        '  1 message  named no article',
        '  5,004 messages this week; the articles of 5,002 were not read',
        '',
        'NOT COUNTED',
        '  24 Nov 2026, 06:00 Rome time: 450 signals in the hour, a flood, not read',
      ].join('\n'),
    );
  });

  it('writes the same in HTML, what a signal holds as text, each link an escaped address', () => {
    expect(email.html).toMatch(/^<!DOCTYPE html>\n<html lang="en">/);
    expect(email.html).toContain('<h2 style="font-size:16px;margin:20px 0 8px">Articles answered No</h2>');
    expect(email.html).toContain(
      '<li><a href="https://site.example/help/cancel-pro" style="color:#0b57d0">1 No, 1 Yes  cancel-pro  (tried it, did not work 1)</a></li>',
    );
    expect(email.html).toContain('canna &#60;b&#62;da&#60;/b&#62; mare');
    expect(email.html).not.toContain('<b>da</b>');
    expect(email.html).toContain('<li>24 Nov 2026, 06:00 Rome time: 450 signals in the hour, a flood, not read</li>');
  });

  it('says "none" under a section with nothing in it', () => {
    const quiet = renderHelpReport(
      {
        ...week,
        signals: summarizeWeek([], []),
        messages: summarizeMessages({ total: 0, named: [] }, () => undefined),
      },
      links,
    );
    expect(quiet.subject).toBe(
      'Help centre, 23 Nov 2026 – 29 Nov 2026: 0 searches found nothing, 0 articles answered No',
    );
    expect(quiet.text).toContain('SEARCHES THAT FOUND NOTHING\n  none\n\nARTICLES ANSWERED NO\n  none');
    expect(quiet.html).toContain('<li>none</li>');
  });
});
