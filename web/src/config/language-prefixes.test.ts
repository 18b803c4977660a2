import { describe, expect, it } from 'vitest';
import { baseOf, basePath, homeHref, languageOfBase, rebase } from './paths';

describe('language prefixes of the addresses', () => {
  it('gives each language its router base', () => {
    expect(basePath('en')).toBe('');
    expect(basePath('it')).toBe('/it');
    expect(languageOfBase('/it')).toBe('it');
    expect(languageOfBase('')).toBeUndefined();
  });

  it.each([
    ['/it', '/it'],
    ['/it/features', '/it'],
    ['/features', ''],
    ['/', ''],
    ['/italy', ''],
    ['/items/it', ''],
  ])('finds the base of %s', (pathname, base) => {
    expect(baseOf(pathname)).toBe(base);
  });

  it.each([
    ['/it/features', '/it', '', '/features'],
    ['/it', '/it', '', '/'],
    ['/features', '', '/it', '/it/features'],
    ['/', '', '/it', '/it'],
  ])('moves %s from base %j to %j', (pathname, from, to, moved) => {
    expect(rebase(pathname, from, to)).toBe(moved);
  });

  it('links home without a trailing slash under a prefix', () => {
    expect(homeHref('')).toBe('/');
    expect(homeHref('/it')).toBe('~/it');
  });
});
