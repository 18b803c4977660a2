import { describe, expect, it } from 'vitest';
import { allArticleTexts } from '../test/article-texts';

/** Every namespace's file in a language folder (common, pages, legal, meta, help, …) by its name. */
function namespaces(files: Record<string, object>): Record<string, object> {
  return Object.fromEntries(Object.entries(files).map(([file, texts]) => [file.replace(/^.*\/|\.json$/g, ''), texts]));
}
const englishFiles = import.meta.glob<object>('./en/*.json', { eager: true, import: 'default' });
const italianFiles = import.meta.glob<object>('./it/*.json', { eager: true, import: 'default' });

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
  // Every namespace of each language folder, and the help articles' texts.
  const english = leaves({ ...namespaces(englishFiles), articles: allArticleTexts.en });
  const italian = leaves({ ...namespaces(italianFiles), articles: allArticleTexts.it });
  it('reads every namespace', () => {
    expect(Object.keys(namespaces(englishFiles))).toEqual(
      expect.arrayContaining(['common', 'pages', 'legal', 'plans']),
    );
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
