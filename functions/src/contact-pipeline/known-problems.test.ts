import { describe, expect, it } from 'vitest';
import { siteNoticeLimits, type SiteNotice } from '../contracts/site-notice.js';
import { knownProblemsOf } from './known-problems.js';

// Which notice a message's email names, given the notices kept: only one the message was written
// while it was shown, or within the grace after it ended. The emulator suite sends such emails
// (tests/emulators/mail-trigger.test.ts); this is the choice alone.

const minute = 60_000;
const graceMs = siteNoticeLimits.namingGraceSeconds * 1000;
const sinceMs = Date.parse('2026-11-28T09:00:00Z');
const untilMs = Date.parse('2026-11-28T11:00:00Z');
const notice: SiteNotice = {
  id: 'Q2x9LmTz81KpRw3vBn0c',
  text: { en: 'Sign-in fails on Android 15.', it: 'Accesso non riuscito su Android 15.' },
  since: new Date(sinceMs).toISOString(),
  until: new Date(untilMs).toISOString(),
  help: null,
  state: 'investigating',
  updates: [],
  part: null,
  articles: [],
};
const kept = new Map([[notice.id, notice]]);
const pageOf = (id: string) => `https://site.example/known-problems?notice=${id}`;
const named = { id: notice.id, text: notice.text.en, since: notice.since, page: pageOf(notice.id) };

describe('the known problem a message names', () => {
  it('is the notice, with its English text, for a message written while it was shown or within the grace', () => {
    for (const writtenMs of [sinceMs, sinceMs + minute, untilMs, untilMs + graceMs - 1]) {
      expect(knownProblemsOf([{ id: notice.id, writtenMs }], kept, pageOf).get(notice.id), String(writtenMs)).toEqual(
        named,
      );
    }
  });

  it('is none for a message written before the notice began or once the grace was over', () => {
    for (const writtenMs of [sinceMs - 1, untilMs + graceMs, untilMs + 24 * 60 * minute]) {
      expect(knownProblemsOf([{ id: notice.id, writtenMs }], kept, pageOf).has(notice.id), String(writtenMs)).toBe(
        false,
      );
    }
  });

  it('has no end for a notice shown until cleared', () => {
    const open = new Map([[notice.id, { ...notice, until: null }]]);
    expect(
      knownProblemsOf([{ id: notice.id, writtenMs: untilMs + 30 * 24 * 60 * minute }], open, pageOf).get(notice.id),
    ).toEqual(named);
  });

  it('takes a bare id, or a message without its time, as named; a notice no longer kept by its id alone', () => {
    expect(knownProblemsOf([notice.id, { id: notice.id }], kept, pageOf).get(notice.id)).toEqual(named);
    // Without the site's facts (the build's file unread), the email goes without the link.
    const { page: _page, ...unlinked } = named;
    expect(knownProblemsOf([notice.id], kept).get(notice.id)).toEqual(unlinked);
    const gone = 'Nw4kR8s2MjUx92LqSx4w';
    expect(knownProblemsOf([{ id: gone, writtenMs: untilMs + 60 * minute }], kept, pageOf).get(gone)).toEqual({
      id: gone,
    });
  });
});
