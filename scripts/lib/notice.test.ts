import { describe, expect, it } from 'vitest';
import { ArgsError } from './operator-command.ts';
import type { NoticeInput } from '../../functions/src/site-notice/store.ts';
import { partArticles } from '../../web/src/config/part-articles.ts';
import { describeNotice, parseNoticeArgs, parseUntil } from './notice.ts';

const nowMs = Date.parse('2026-11-28T10:00:00Z');
const parse = (...argv: string[]) => parseNoticeArgs(argv, nowMs);

describe('npm run notice: its arguments', () => {
  it('reads a notice to set, in every language, with its end and article', () => {
    expect(
      parse(
        'set',
        '--project',
        'p1',
        '--en',
        'Forecast late.',
        '--it',
        'Previsioni in ritardo.',
        '--until',
        '6h',
        '--help',
        'marine-forecast',
      ),
    ).toEqual({
      action: 'set',
      project: 'p1',
      yes: false,
      input: {
        text: { en: 'Forecast late.', it: 'Previsioni in ritardo.' },
        untilMs: nowMs + 6 * 60 * 60_000,
        help: 'marine-forecast',
        part: null,
        articles: ['marine-forecast'],
      },
    });
    expect(parse('clear', '--project', 'p1', '--yes')).toEqual({ action: 'clear', project: 'p1', yes: true });
    expect(parse('show', '--project', 'p1')).toEqual({ action: 'show', project: 'p1' });
  });

  it('shows a notice about a part of the app on that part’s help articles, and on the one it names', () => {
    const command = parse(
      'set',
      '--project',
      'p1',
      '--en',
      'x',
      '--it',
      'y',
      '--part',
      'forecast',
      '--help',
      'app-not-working',
    );
    expect(command).toMatchObject({
      input: { part: 'forecast', articles: ['app-not-working', ...partArticles.forecast] },
    });
    expect(
      describeNotice({
        ...(command as { input: NoticeInput }).input,
        since: '2026-11-28T10:00:00.000Z',
        until: null,
        text: { en: 'x', it: 'y' },
      }),
    ).toContain('/it/help/marine-forecast');
  });

  it('reads an end as a while from now or an ISO time', () => {
    expect(parseUntil('90m', nowMs)).toBe(nowMs + 90 * 60_000);
    expect(parseUntil('2d', nowMs)).toBe(nowMs + 2 * 24 * 60 * 60_000);
    expect(parseUntil('2026-11-28T18:00', nowMs)).toBe(Date.parse('2026-11-28T18:00:00Z'));
    expect(() => parseUntil('tonight', nowMs)).toThrow(ArgsError);
  });

  it('says what is wrong before anything is read', () => {
    const cases: Array<[string[], RegExp]> = [
      [[], /say what to do: set, update, resolve, clear, show/],
      [['update', '--project', 'p1', '--en', 'x', '--it', 'y'], /say where it stands: --state/],
      [['update', '--project', 'p1', '--state', 'resolved', '--en', 'x'], /to end it, resolve it/],
      [['update', '--project', 'p1', '--state', 'fixed'], /--state is one of investigating, identified, monitoring/],
      [['resolve', '--project', 'p1', '--state', 'monitoring'], /resolve takes no --state/],
      [['update', '--project', 'p1', '--state', 'identified', '--until', '2h'], /update takes no --until/],
      [['set', '--project', 'p1', '--part', 'weather'], /--part is one of catches, maps/],
      [['publish', '--project', 'p1'], /not publish/],
      [['set', '--en', 'x', '--it', 'y'], /give the project/],
      [['clear', '--project', 'p1', '--en', 'x'], /clear takes no --en/],
      [['show', '--project', 'p1', '--until', '2h'], /show takes no --until/],
      [['set', '--project', 'p1', '--de', 'x'], /Unknown option '--de'/],
      [['set', 'clear', '--project', 'p1'], /one action at a time/],
    ];
    for (const [argv, message] of cases) expect(() => parse(...argv), argv.join(' ')).toThrow(message);
  });
});

describe('npm run notice: a notice’s life', () => {
  it('reads a set with its state and part, an update with its state, and a resolve', () => {
    const texts = ['--en', 'Found it.', '--it', 'Trovato.'];
    const text = { en: 'Found it.', it: 'Trovato.' };
    expect(parse('set', '--project', 'p1', ...texts, '--state', 'identified', '--part', 'sign-in')).toMatchObject({
      input: { text, state: 'identified', part: 'sign-in' },
    });
    expect(parse('update', '--project', 'p1', ...texts, '--state', 'monitoring', '--yes')).toEqual({
      action: 'update',
      project: 'p1',
      yes: true,
      change: { text, state: 'monitoring' },
    });
    expect(parse('resolve', '--project', 'p1', ...texts)).toEqual({
      action: 'resolve',
      project: 'p1',
      yes: false,
      change: { text, state: 'resolved' },
    });
  });
});

describe('npm run notice: the notice as visitors will see it', () => {
  it('shows each language’s heading, text and pages, and for how long', () => {
    const described = describeNotice({
      text: { en: '<b>Sign-in</b> fails', it: 'Accesso non riuscito' },
      since: '2026-11-28T10:00:00.000Z',
      until: '2026-11-28T16:00:00.000Z',
      help: 'app-not-working',
    });
    expect(described).toContain('from 2026-11-28 10:00 UTC until 2026-11-28 16:00 UTC');
    expect(described).toContain('en  /support, /help, /help/app-not-working');
    expect(described).toContain('it  /it/support, /it/help, /it/help/app-not-working');
    expect(described).toContain('Known problem\n      <b>Sign-in</b> fails');
    expect(described).toContain('Problema noto\n      Accesso non riuscito');
    expect(
      describeNotice({ text: { en: 'a', it: 'b' }, since: '2026-11-28T10:00:00.000Z', until: null, help: null }),
    ).toMatch(/until cleared[\s\S]*en {2}\/support, \/help\n/);
  });
});
