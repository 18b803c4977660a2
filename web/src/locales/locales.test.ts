import { describe, expect, it } from 'vitest';
import { resources } from './resources';
import { legalResources } from './legal';
import { pageResources } from './pages';
import { memberResources } from './members';
import { accountResources } from './account';
import { accessibilityResources } from './accessibility';
import { metaTexts } from './meta';
import { helpTexts } from './help';
import { articleTexts } from './articles';

/** Every leaf of a translation tree as "a.b.c" → value. */
function leaves(tree: object, prefix = ''): Map<string, unknown> {
  const found = new Map<string, unknown>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value !== null && typeof value === 'object') {
      for (const [leaf, leafValue] of leaves(value as object, path)) found.set(leaf, leafValue);
    } else {
      found.set(path, value);
    }
  }
  return found;
}

describe('translations', () => {
  // Every namespace: the common texts, those the other pages and the legal pages load, and
  // the page titles and descriptions of the head (seo/page-head.ts), the help centre's and its
  // articles'.
  const english = leaves({
    ...resources.en,
    pages: pageResources.en,
    members: memberResources.en,
    account: accountResources.en,
    accessibility: accessibilityResources.en,
    legal: legalResources.en,
    meta: metaTexts.resources.en,
    help: helpTexts.resources.en,
    articles: articleTexts.resources.en,
  });
  const italian = leaves({
    ...resources.it,
    pages: pageResources.it,
    members: memberResources.it,
    account: accountResources.it,
    accessibility: accessibilityResources.it,
    legal: legalResources.it,
    meta: metaTexts.resources.it,
    help: helpTexts.resources.it,
    articles: articleTexts.resources.it,
  });

  it('Italian has exactly the English keys', () => {
    expect([...italian.keys()].sort()).toEqual([...english.keys()].sort());
  });

  it.each([
    ['en', english],
    ['it', italian],
  ])('%s has no empty or non-string value', (_, tree) => {
    for (const [key, value] of tree) {
      expect(typeof value === 'string' && value.trim().length > 0, `${key} is empty`).toBe(true);
    }
  });

  it('uses the same interpolation placeholders in both languages', () => {
    const placeholders = (value: unknown) => [...String(value).matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();
    for (const [key, value] of english) {
      expect(placeholders(italian.get(key)), key).toEqual(placeholders(value));
    }
  });
});
