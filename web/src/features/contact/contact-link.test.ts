import { describe, expect, it } from 'vitest';
import { buildContactMessage, maxReadArticles } from '@contracts/contact-message';
import { articlesToName, noteArticleRead } from './contact-link';

const draft = { name: 'Ann', email: 'ann@example.org', subject: 'Sign-in', message: 'It fails.', language: 'en' };

describe('the help articles a message names', () => {
  it('names the one its link is about first, then those read, the latest first, each once, the first four', () => {
    expect(articlesToName(undefined)).toEqual([]);
    expect(articlesToName('cancel-pro')).toEqual(['cancel-pro']);
    for (const id of ['a-1', 'a-2', 'a-1', 'a-3', 'a-4', 'a-5']) noteArticleRead(id);
    expect(articlesToName(undefined)).toEqual(['a-5', 'a-4', 'a-3', 'a-1', 'a-2']);
    expect(maxReadArticles).toBe(4);
    const named = (about?: string) => buildContactMessage({ ...draft, articles: articlesToName(about) }).context;
    expect(named()).toEqual({ language: 'en', articles: ['a-5', 'a-4', 'a-3', 'a-1'] });
    expect(named('a-3')).toEqual({ language: 'en', articles: ['a-3', 'a-5', 'a-4', 'a-1'] });
    expect(buildContactMessage(draft).context).toEqual({ language: 'en' });
  });
});
