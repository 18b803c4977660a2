import { describe, expect, it } from 'vitest';
import { toLanguage } from './languages';

describe('toLanguage', () => {
  it.each([
    ['it', 'it'],
    ['it-IT', 'it'],
    ['IT-ch', 'it'],
    ['en-GB', 'en'],
    ['de-DE', 'en'],
    ['', 'en'],
    [undefined, 'en'],
    [null, 'en'],
  ])('%s → %s', (tag, expected) => {
    expect(toLanguage(tag)).toBe(expected);
  });
});
