import { describe, expect, it } from 'vitest';
import { buildContactMessage, maxNamedSearches, maxReadArticles } from '@contracts/contact-message';
import { articlesToName, noteArticleRead, noteSearchMade, searchesToName } from './contact-link';

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

describe('the help centre’s searches a message names', () => {
  it('names those made, the latest first, each once, the first four, as a search is kept', () => {
    expect(searchesToName()).toEqual([]);
    for (const text of ['tide table', 'reel', 'tide table', 'wi-fi', 'l’app non parte', 'night fishing'])
      noteSearchMade(text);
    expect(searchesToName()).toEqual(['night fishing', 'l’app non parte', 'wi-fi', 'tide table', 'reel']);
    expect(maxNamedSearches).toBe(4);
    const context = buildContactMessage({ ...draft, searches: [...searchesToName(), 'Order 12345'] }).context;
    expect(context).toEqual({ language: 'en', searches: ['night fishing', 'l’app non parte', 'wi-fi', 'tide table'] });
    // Only what a search is kept as goes: a script's shape is dropped, not sent.
    expect(buildContactMessage({ ...draft, searches: ['Order 12345', 'call 333 1234567'] }).context).toEqual({
      language: 'en',
    });
  });
});
