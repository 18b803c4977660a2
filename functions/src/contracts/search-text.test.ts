import { describe, expect, it } from 'vitest';
import { searchWordsKept } from './search-kept.js';
import { maxSearchLength, searchKeptAs, searchTextPattern } from './search-text.js';

const kept = new RegExp(searchTextPattern, 'u');

describe('searchKeptAs: a search in the only form the team may be shown', () => {
  it.each([
    ['Reel  BROKEN', 'reel broken'],
    ['  Perché non si apre? ', 'perché non si apre'],
    ['l’app non parte!', 'l’app non parte'],
    ["can't log-in", "can't log-in"],
    ['"tide" (forecast)', 'tide forecast'],
    ['dov’è la mappa', 'dov’è la mappa'],
  ])('keeps %j as %j', (typed, expected) => {
    expect(searchKeptAs(typed)).toBe(expected);
    expect(kept.test(expected)).toBe(true);
  });

  it.each([
    ['an email address', 'refund angler@example.org please', 'refund please'],
    ['a phone number', 'call +39 333 123 4567 back', 'call back'],
    ['a reference', 'ticket K7Q-2MX status', 'ticket status'],
    ['a number', 'order 12345 missing', 'order missing'],
    ['a word with a digit', 'android14 crash', 'crash'],
    ['an address', 'www.example.org down', 'down'],
  ])('drops %s', (_, typed, expected) => {
    expect(searchKeptAs(typed)).toBe(expected);
  });

  it(`keeps the first ${searchWordsKept} words, within ${maxSearchLength} characters`, () => {
    expect(searchKeptAs('one two three four five six')).toBe('one two three four');
    const long = `${'a'.repeat(40)} ${'b'.repeat(40)}`;
    expect(searchKeptAs(long)).toBe('a'.repeat(40));
    expect(searchKeptAs('c'.repeat(maxSearchLength + 1))).toBeUndefined();
  });

  it('counts each part of a hyphen-joined text as a word', () => {
    expect(searchKeptAs('mario-rossi-via-garibaldi-milano-numero-tre')).toBe('mario-rossi-via-garibaldi');
    expect(searchKeptAs('wi-fi on the boat')).toBe('wi-fi on the');
    expect(searchKeptAs('lake tide-table-forecast-map')).toBe('lake tide-table-forecast');
    expect(searchKeptAs('mario-rossi-3331234567 refund')).toBe('refund');
    expect(searchKeptAs("rock'n'roll reel")).toBe('reel');
  });

  it('keeps nothing of a search without a word of letters', () => {
    for (const typed of ['', '   ', '12345', 'angler@example.org', '+39 333 1234567', '?!', 'K7Q-2MX']) {
      expect(searchKeptAs(typed)).toBeUndefined();
    }
  });

  it('gives only text the rules’ pattern accepts', () => {
    for (const typed of ['Ünïcode Wörds', 'x-ray vision', 'rock’n’roll', 'a b c d e', 'Œuvre']) {
      const result = searchKeptAs(typed);
      expect(result === undefined || kept.test(result)).toBe(true);
    }
  });
});
