import { describe, expect, it } from 'vitest';
import { createTextInstance } from './text-options';
import { addArticleText, loadArticle } from './articles';
import type { HelpArticleId } from '../config/help';

describe('an article’s text', () => {
  it('is added to i18next only once loaded, and alone: the other articles stay out', async () => {
    const instance = createTextInstance({});
    expect(addArticleText(instance, 'cancel-pro')).toBe(false);
    await loadArticle('cancel-pro');
    expect(addArticleText(instance, 'cancel-pro')).toBe(true);
    const first = (language: 'en' | 'it') => (instance.getResource(language, 'articles', 'cancel-pro') as string[])[0];
    expect(first('it')).not.toBe(first('en'));
    expect(first('it')).toMatch(/Pro/);
    for (const language of ['en', 'it'] as const) {
      expect(instance.getResource(language, 'articles', 'cancel-pro')).toEqual(expect.any(Array));
      expect(Object.keys(instance.getResourceBundle(language, 'articles') as object)).toEqual(['cancel-pro']);
    }
  });

  it('is loaded once for every caller, and an unknown article is refused', async () => {
    expect(loadArticle('pro-refund')).toBe(loadArticle('pro-refund'));
    await expect(loadArticle('no-such-article' as HelpArticleId)).rejects.toThrow(/no-such-article/);
  });
});
