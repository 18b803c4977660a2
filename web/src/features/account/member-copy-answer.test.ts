import { describe, expect, it } from 'vitest';
import { copyFailureOf, copyFileName, copyItems, readMemberCopy, type MemberCopy } from './member-copy-answer';

/** A copy with `documents` documents and, unless Storage was unavailable, `files` files. */
const copyOf = (documents: number, files?: number): MemberCopy => ({
  format: 'member-data-export',
  version: 1,
  exportedAt: '2026-11-25T10:00:00.000Z',
  account: { uid: 'u1', emailVerified: true, disabled: false, providers: [] },
  documents: Array.from({ length: documents }, (_, index) => ({
    path: `posts/p${String(index)}`,
    place: 'posts.ownerId',
    data: null,
  })),
  storage:
    files === undefined
      ? { state: 'UNAVAILABLE' }
      : {
          state: 'LISTED',
          files: Array.from({ length: files }, (_, index) => ({ name: `f${String(index)}`, size: 1 })),
        },
});

const failure = (code: string, details?: unknown) => Object.assign(new Error(code), { code, details });

describe('the copy of a member’s data', () => {
  it('accepts only an answer shaped like a copy', () => {
    const copy = { exportedAt: '2026-11-25T10:00:00.000Z', documents: [{}, {}], storage: { state: 'UNAVAILABLE' } };
    expect(readMemberCopy(copy)).toBe(copy);
    for (const wrong of [null, 'x', {}, { ...copy, documents: 'x' }, { ...copy, storage: null }])
      expect(() => readMemberCopy(wrong)).toThrow(/not a copy/);
  });

  it('names the file after the product and the day', () => {
    expect(copyFileName('FishingApp', '2026-11-25T23:59:00.000Z')).toBe('fishingapp-data-2026-11-25.json');
    expect(copyFileName('Pesca & Co.', '2026-01-02T00:00:00.000Z')).toBe('pesca-co-data-2026-01-02.json');
    expect(copyFileName('???', '2026-01-02T00:00:00.000Z')).toBe('member-data-2026-01-02.json');
  });

  it('counts documents and listed files', () => {
    expect(copyItems(copyOf(3, 2))).toBe(5);
    expect(copyItems(copyOf(1))).toBe(1);
  });

  it('words each refusal of the function', () => {
    expect(copyFailureOf(failure('functions/resource-exhausted', { retryAt: '2026-11-26T08:00:00.000Z' }))).toEqual({
      kind: 'limit',
      retryAt: new Date('2026-11-26T08:00:00.000Z'),
    });
    expect(copyFailureOf(failure('functions/resource-exhausted', { retryAt: 'soon' }))).toEqual({
      kind: 'limit',
      retryAt: undefined,
    });
    expect(copyFailureOf(failure('functions/failed-precondition', { reason: 'too-large' }))).toEqual({
      kind: 'tooLarge',
    });
    expect(copyFailureOf(failure('functions/unauthenticated', { reason: 'recent-sign-in' }))).toEqual({
      kind: 'recentLogin',
    });
    for (const code of ['functions/internal', 'functions/unavailable', 'functions/failed-precondition', 'x'])
      expect(copyFailureOf(failure(code))).toEqual({ kind: 'unavailable' });
    expect(copyFailureOf(new Error('offline'))).toEqual({ kind: 'unavailable' });
  });
});
