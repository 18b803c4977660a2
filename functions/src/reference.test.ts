import { describe, expect, it } from 'vitest';
import { referenceFor, referencePattern } from './reference.js';

describe('referenceFor', () => {
  it('gives the same reference for the same id, in the reference shape', () => {
    expect(referenceFor('AbCdEfGhIjKlMnOpQrSt')).toBe(referenceFor('AbCdEfGhIjKlMnOpQrSt'));
    expect(referenceFor('AbCdEfGhIjKlMnOpQrSt')).toMatch(referencePattern);
  });

  it('tells apart ids that differ in one letter or only in case', () => {
    expect(referenceFor('AbCdEfGhIjKlMnOpQrSt')).not.toBe(referenceFor('AbCdEfGhIjKlMnOpQrSu'));
    expect(referenceFor('abcdefghijklmnopqrst')).not.toBe(referenceFor('ABCDEFGHIJKLMNOPQRST'));
  });

  it('spreads ids over its range: 10,000 random ids share few references', () => {
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
    let seed = 17;
    const random = () => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return seed;
    };
    const ids = Array.from({ length: 10_000 }, () =>
      Array.from({ length: 20 }, () => alphabet[random() % alphabet.length]).join(''),
    );
    const references = new Set(ids.map(referenceFor));
    // 2^30 references: 10,000 ids are expected to share about 0.05 of one.
    expect(ids.length - references.size).toBeLessThanOrEqual(2);
    for (const reference of references) expect(reference).toMatch(referencePattern);
  });
});
