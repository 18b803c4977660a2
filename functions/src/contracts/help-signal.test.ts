import { describe, expect, it } from 'vitest';
import { parseHelpSignal } from './help-signal.js';

describe('parseHelpSignal', () => {
  const written = { language: 'it', createdAt: 1, expireAt: 2 };

  it('reads back each kind the page writes', () => {
    expect(parseHelpSignal({ ...written, kind: 'answer', article: 'cancel-pro', helped: false })).toMatchObject({
      kind: 'answer',
      helped: false,
    });
    expect(parseHelpSignal({ ...written, kind: 'reason', article: 'cancel-pro', reason: 'unclear' })).toMatchObject({
      kind: 'reason',
      reason: 'unclear',
    });
    expect(parseHelpSignal({ ...written, kind: 'search', outcome: 'nothing', text: 'reel broken' })).toMatchObject({
      kind: 'search',
      outcome: 'nothing',
      text: 'reel broken',
    });
    expect(parseHelpSignal({ ...written, kind: 'search', outcome: 'unopened', text: 'wi-fi' })).toMatchObject({
      outcome: 'unopened',
    });
  });

  it('reads a search written before its outcome was as one that found nothing, never a Contact Us subject', () => {
    expect(parseHelpSignal({ ...written, kind: 'search', place: 'help', text: 'reel' })).toMatchObject({
      outcome: 'nothing',
      text: 'reel',
    });
    expect(parseHelpSignal({ ...written, kind: 'search', place: 'contact', text: 'reel' })).toBeUndefined();
  });

  it.each([
    ['an unknown kind', { kind: 'note', article: 'cancel-pro' }],
    ['a language that is not a code', { kind: 'answer', article: 'cancel-pro', helped: true, language: 'english' }],
    ['an article id with a slash', { kind: 'answer', article: '../x', helped: true }],
    ['an answer that is not true or false', { kind: 'answer', article: 'cancel-pro', helped: 'yes' }],
    ['a reason not in the list', { kind: 'reason', article: 'cancel-pro', reason: 'spam' }],
    ['a search with a number', { kind: 'search', outcome: 'nothing', text: 'order 12345' }],
    ['a search in capitals', { kind: 'search', outcome: 'nothing', text: 'Reel' }],
    ['a search of five hyphen-joined words', { kind: 'search', outcome: 'nothing', text: 'a-b-c-d-e' }],
    ['a search with an outcome the site has not', { kind: 'search', outcome: 'found', text: 'reel' }],
    ['a search from elsewhere', { kind: 'search', place: 'app', text: 'reel' }],
  ])('refuses %s', (_, fields) => {
    expect(parseHelpSignal({ ...written, ...fields })).toBeUndefined();
  });
});
