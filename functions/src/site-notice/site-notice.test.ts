import { describe, expect, it } from 'vitest';
import { isNameable, isShown, siteNoticeLimits, siteNoticePath, type SiteNotice } from '../contracts/site-notice.js';
import { parseNoticeAnswer } from '../contracts/site-notice-check.js';
import { answerNoticeRead, noticeCacheControl, type NoticeReads } from './read.js';
import { changeProblems, noticeProblems } from './store.js';

// The notice's contract, the checks the operator's command makes before it writes, and the
// read the site makes, with the database's read passed in. The emulator suite runs the command
// and the read end to end (tests/emulators/site-notice.test.ts).

const nowMs = Date.parse('2026-11-28T10:00:00Z');
const hour = 60 * 60_000;
const notice: SiteNotice = {
  id: 'Q2x9LmTz81KpRw3vBn0c',
  text: {
    en: 'Sign-in fails on Android 15 since 9:00; a fix is on its way.',
    it: 'Accesso non riuscito su Android 15.',
  },
  since: '2026-11-28T09:30:00.000Z',
  until: null,
  help: 'app-not-working',
  state: 'investigating',
  updates: [{ at: '2026-11-28T09:30:00.000Z', state: 'investigating', text: { en: 'Sign-in fails.', it: 'Accesso.' } }],
  part: null,
  articles: ['app-not-working'],
};
const rules = { languages: ['en', 'it'], articles: ['app-not-working', 'reset-password'] };
const input = { text: { en: 'Forecast late.', it: 'Previsioni in ritardo.' }, untilMs: null, help: null };

describe('the notice as the read answers it', () => {
  it('is read back as it was answered, markup and all as plain text', () => {
    const marked = { ...notice, text: { en: '<b>Known</b> <script>x</script>', it: 'a & b' } };
    expect(parseNoticeAnswer(JSON.parse(JSON.stringify({ notice: marked })))).toEqual(marked);
    expect(parseNoticeAnswer({ notice: null })).toBeNull();
  });

  it('is no notice when it is not in the contract’s shape', () => {
    for (const bad of [
      { ...notice, id: 'current' },
      { ...notice, text: { en: 'two\nlines' } },
      { ...notice, text: { en: 'x'.repeat(siteNoticeLimits.maxLength + 1) } },
      { ...notice, text: { en: ' padded' } },
      { ...notice, since: 'yesterday' },
      { ...notice, help: '../admin' },
      { ...notice, state: 'fixed' },
      { ...notice, part: 'weather' },
      { ...notice, updates: [{ at: notice.since, state: 'identified', text: { en: 'two\nlines' } }] },
      { ...notice, updates: [{ at: 'now', state: 'identified', text: { en: 'Found.' } }] },
      { ...notice, updates: Array.from({ length: siteNoticeLimits.maxUpdates + 1 }, () => notice.updates[0]) },
    ]) {
      expect(parseNoticeAnswer({ notice: bad }), JSON.stringify(bad)).toBeNull();
    }
    expect(parseNoticeAnswer('{"notice":null}')).toBeNull();
  });

  it('may be named by a message written while it is shown, and for the grace after it ended', () => {
    const graceMs = siteNoticeLimits.namingGraceSeconds * 1000;
    const endMs = Date.parse('2026-11-28T11:00:00Z');
    const until = { ...notice, until: new Date(endMs).toISOString() };
    expect(isNameable(notice, nowMs + 30 * 24 * hour)).toBe(true);
    expect(isNameable(notice, Date.parse(notice.since) - 1)).toBe(false);
    expect(isNameable(until, endMs + graceMs - 1)).toBe(true);
    expect(isNameable(until, endMs + graceMs)).toBe(false);
  });

  it('is shown from when it began until its time ends', () => {
    const until = { ...notice, until: '2026-11-28T11:00:00.000Z' };
    expect(isShown(notice, nowMs)).toBe(true);
    expect(isShown(notice, Date.parse(notice.since) - 1)).toBe(false);
    expect(isShown(until, nowMs)).toBe(true);
    expect(isShown(until, Date.parse('2026-11-28T11:00:00Z'))).toBe(false);
  });
});

describe('a notice’s life', () => {
  it('reads a notice set before its life was kept as investigating, with no update, about the whole app', () => {
    const { state: _state, updates: _updates, part: _part, ...before } = notice;
    expect(parseNoticeAnswer({ notice: before })).toEqual({
      ...before,
      state: 'investigating',
      updates: [],
      part: null,
    });
  });

  it('reads its updates and the part of the app it concerns', () => {
    const lived: SiteNotice = {
      ...notice,
      state: 'monitoring',
      part: 'sign-in',
      updates: [
        { at: notice.since, state: 'investigating', text: notice.text },
        { at: '2026-11-28T10:15:00.000Z', state: 'monitoring', text: { en: 'Fixed; watching.', it: 'Risolto.' } },
      ],
    };
    expect(parseNoticeAnswer(JSON.parse(JSON.stringify({ notice: lived })))).toEqual(lived);
  });

  it('takes a change only to a notice shown, in every language, up to its most updates', () => {
    const change = { text: { en: 'Cause found.', it: 'Causa trovata.' }, state: 'identified' as const };
    expect(changeProblems(change, notice, nowMs, rules)).toEqual([]);
    expect(changeProblems(change, null, nowMs, rules)).toEqual(['no notice is shown: set one first']);
    const ended = { ...notice, until: new Date(nowMs - 1).toISOString() };
    expect(changeProblems(change, ended, nowMs, rules)).toEqual(['no notice is shown: set one first']);
    expect(changeProblems({ ...change, text: { en: 'Cause found.' } }, notice, nowMs, rules)).toEqual([
      'the it text is missing (--it "…")',
    ]);
    const full = {
      ...notice,
      updates: Array.from({ length: siteNoticeLimits.maxUpdates }, () => ({ ...change, at: notice.since })),
    };
    expect(changeProblems(change, full, nowMs, rules)).toEqual([
      `the notice has ${String(siteNoticeLimits.maxUpdates)} updates, the most it keeps: set a new one`,
    ]);
  });
});

describe('what the command checks before it sets a notice', () => {
  it('takes a notice in every language, ending in the future within the limit, on an article that exists', () => {
    expect(noticeProblems(input, nowMs, rules)).toEqual([]);
    expect(noticeProblems({ ...input, untilMs: nowMs + 2 * hour, help: 'reset-password' }, nowMs, rules)).toEqual([]);
  });

  it('says each thing wrong', () => {
    const problems = noticeProblems(
      {
        text: { en: 'x'.repeat(siteNoticeLimits.maxLength + 1), fr: 'Bonjour' },
        untilMs: nowMs - 1,
        help: 'no-such-article',
      },
      nowMs,
      rules,
    );
    expect(problems).toEqual([
      `the en text is ${String(siteNoticeLimits.maxLength + 1)} characters; at most ${String(siteNoticeLimits.maxLength)}`,
      'the it text is missing (--it "…")',
      'the site has no language fr (it has en, it)',
      '--until is not in the future',
      'there is no help article no-such-article',
    ]);
  });

  it('refuses a text on two lines or with an invisible character, and an end too far ahead', () => {
    expect(noticeProblems({ ...input, text: { ...input.text, en: 'one\ntwo' } }, nowMs, rules)).toHaveLength(1);
    expect(noticeProblems({ ...input, text: { ...input.text, it: 'a\u202Eb' } }, nowMs, rules)).toHaveLength(1);
    const tooFar = nowMs + (siteNoticeLimits.maxDays + 1) * 24 * hour;
    expect(noticeProblems({ ...input, untilMs: tooFar }, nowMs, rules)).toEqual([
      `--until is more than ${String(siteNoticeLimits.maxDays)} days ahead; set it again to go on`,
    ]);
  });
});

/** The reads as the function's memory gives them: the notice shown now, and a history of it alone. */
const reads = (shown: () => Promise<SiteNotice | null>): NoticeReads => ({
  shown,
  history: async () => {
    const now = await shown();
    return now ? [now] : [];
  },
  facts: () => Promise.reject(new Error('not needed for /api/notice')),
  now: () => nowMs,
});
const answer = (method: string, shown: () => Promise<SiteNotice | null>) =>
  answerNoticeRead(method, siteNoticePath, reads(shown));

describe('the read', () => {
  it('answers the notice as JSON, cached by the CDN alone', async () => {
    const answered = await answer('GET', () => Promise.resolve(notice));
    expect(answered.status).toBe(200);
    expect(parseNoticeAnswer(JSON.parse(answered.body))).toEqual(notice);
    expect(answered.headers['Cache-Control']).toBe(
      `public, max-age=0, s-maxage=${String(siteNoticeLimits.cdnSeconds)}`,
    );
    expect(answered.headers['Cache-Control']).toBe(noticeCacheControl);
    expect(answered.headers['Content-Type']).toBe('application/json; charset=utf-8');
    expect(JSON.parse((await answer('GET', () => Promise.resolve(null))).body)).toEqual({ notice: null });
  });

  it('answers HEAD without a body, and refuses every other method', async () => {
    expect(await answer('HEAD', () => Promise.resolve(notice))).toMatchObject({ status: 200, body: '' });
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
      expect(await answer(method, () => Promise.resolve(notice))).toMatchObject({
        status: 405,
        headers: { Allow: 'GET, HEAD', 'Cache-Control': 'no-store' },
      });
    }
  });

  it('answers 503, not cached, when the database cannot be read, and 404 for an address it has not', async () => {
    const failed = await answer('GET', () => Promise.reject(Object.assign(new Error('down'), { code: 14 })));
    expect(failed).toMatchObject({ status: 503, headers: { 'Cache-Control': 'no-store' } });
    const other = await answerNoticeRead('GET', '/api/notices', {
      ...reads(() => Promise.resolve(notice)),
      facts: () => Promise.resolve({ origin: 'https://a.example', author: 'A', languages: {} }),
    });
    expect(other).toMatchObject({ status: 404, headers: { 'Cache-Control': 'no-store' } });
  });
});
