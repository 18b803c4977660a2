import { describe, expect, it } from 'vitest';
import { allArticleTexts } from '../test/article-texts';
import { languages } from '../config/languages';
import { pageHead } from '../seo/page-head';

const files = import.meta.glob<object>('./*/*.json', { eager: true, import: 'default' });
/** Every file of a language's texts, by name. */
const textsOf = (language: string) =>
  Object.fromEntries(Object.entries(files).filter(([file]) => file.startsWith(`./${language}/`)));

// What the texts say of the plans (Codice del consumo, artt. 21–22): nothing free is "free
// forever" (the terms let the free plan's features change), the badge certifies nothing but a
// subscription, and every text that calls the app free says that Pro is an optional paid plan.

/** Every string in a tree of texts, with where it is. */
function strings(tree: unknown, where: string): Array<[string, string]> {
  if (typeof tree === 'string') return [[where, tree]];
  if (tree === null || typeof tree !== 'object') return [];
  return Object.entries(tree).flatMap(([key, value]) => strings(value, `${where}.${key}`));
}

const avoided = {
  en: [/\bforever\b/i, /certified badge/i],
  it: [/per sempre/i, /badge pro certificato/i],
} as const;

describe('what the texts say of the plans', () => {
  it.each(languages)('never say "forever" or "certified badge" (%s)', (language) => {
    const texts = [...strings(textsOf(language), language), ...strings(allArticleTexts[language], 'articles')];
    expect(texts.length).toBeGreaterThan(300);
    expect(texts.filter(([, text]) => avoided[language].some((word) => word.test(text)))).toEqual([]);
  });

  it.each(languages)('name Pro wherever they call the app free (%s)', (language) => {
    const free = language === 'en' ? /\bfree\b/i : /\bgratis\b/i;
    for (const page of ['home', 'downloadApp'] as const) {
      const { description } = pageHead(page, language);
      expect(description, page).toMatch(free);
      expect(description, page).toMatch(/\bPro\b/);
    }
    const intro = strings(textsOf(language), language).find(([where]) => where.endsWith('pages.json.download.intro'));
    expect(intro?.[1]).toMatch(free);
    expect(intro?.[1]).toMatch(/\bPro\b/);
  });
});
