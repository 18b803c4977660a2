import { describe, expect, it } from 'vitest';
import { blockTexts, parseRichText, plainText } from './rich-text';
import { linkTarget } from './link-target';

describe('help texts', () => {
  it('cut a text into words and links', () => {
    expect(parseRichText('Delete it on the <account>Account page</account>, or <mail>{{email}}</mail>.')).toEqual([
      { text: 'Delete it on the ' },
      { text: 'Account page', tag: 'account' },
      { text: ', or ' },
      { text: '{{email}}', tag: 'mail' },
      { text: '.' },
    ]);
  });

  it('refuse markup that is not a link', () => {
    expect(() => parseRichText('Bold <b>words</b> here')).not.toThrow();
    expect(() => parseRichText('A <script>alert(1)</b>')).toThrow(/not a link/);
    expect(() => parseRichText('1 < 2')).toThrow(/not a link/);
  });

  it('give the search words only', () => {
    expect(plainText('Costs {{monthly}} on <pro>the plans page</pro>')).toBe('Costs   on the plans page');
    expect(blockTexts(['A', { steps: ['B', 'C'] }, { list: ['D'] }])).toEqual(['A', 'B', 'C', 'D']);
  });

  it('link to pages, articles, stores and the support address, and nothing else', () => {
    expect(linkTarget('account')).toEqual({ page: '/account' });
    expect(linkTarget('cancel-pro')).toEqual({ page: '/help/cancel-pro' });
    expect(linkTarget('googlePlay')).toHaveProperty('href', expect.stringMatching(/^https:\/\/play\.google\.com\//));
    expect(linkTarget('mail')).toHaveProperty('href', expect.stringMatching(/^mailto:/));
    expect(() => linkTarget('b')).toThrow(/no page/);
    expect(() => linkTarget('notFound')).toThrow(/no page/);
  });
});
