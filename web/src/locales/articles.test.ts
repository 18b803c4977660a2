import { describe, expect, it } from 'vitest';
import { createTextInstance } from './text-options';
import { addArticleText, loadArticle, type Article } from './articles';
import type { HelpArticleId } from '../config/help';

describe('an article’s summary and text', () => {
  it('is added to i18next only once loaded, and alone: the other articles stay out', async () => {
    const instance = createTextInstance({});
    expect(addArticleText(instance, 'cancel-pro')).toBe(false);
    await loadArticle('cancel-pro');
    expect(addArticleText(instance, 'cancel-pro')).toBe(true);
    const article = (language: 'en' | 'it') => instance.getResource(language, 'articles', 'cancel-pro') as Article;
    expect(article('it').text[0]).not.toBe(article('en').text[0]);
    expect(article('it').text[0]).toMatch(/Pro/);
    expect(article('it').summary).not.toBe(article('en').summary);
    for (const language of ['en', 'it'] as const) {
      expect(Object.keys(article(language))).toEqual(['summary', 'text']);
      expect(article(language).summary).toMatch(/Pro/);
      expect(article(language).text.length).toBeGreaterThan(1);
      expect(Object.keys(instance.getResourceBundle(language, 'articles') as object)).toEqual(['cancel-pro']);
    }
  });

  it('is loaded once for every caller, and an unknown article is refused', async () => {
    expect(loadArticle('pro-refund')).toBe(loadArticle('pro-refund'));
    await expect(loadArticle('no-such-article' as HelpArticleId)).rejects.toThrow(/no-such-article/);
  });
});
