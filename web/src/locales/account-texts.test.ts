import { describe, expect, it } from 'vitest';
import { accountValues } from '../config/account';
import { languages } from '../config/languages';
import { allArticleTexts } from '../test/article-texts';
import en from './en/account.json';
import it_ from './it/account.json';
import enLegal from './en/legal.json';
import itLegal from './it/legal.json';

// The Account page names one address for requests about a member's data (GDPR art. 12(2)):
// every text that sends a member to write gives it, none says only "ask us by email".

const files = { en, it: it_ } as const;
const failures = [
  'copyFailure.tooLarge',
  'copyFailure.unavailable',
  'failure.disabled',
  'failure.unknown',
  'otherWays',
];

describe('the Account page’s requests about data', () => {
  it.each(languages)('give the data protection address wherever they send a member to write (%s)', (language) => {
    const account = files[language].account as unknown as Record<string, unknown>;
    const text = (path: string) =>
      path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], account) as string;
    for (const path of failures) expect(text(path), path).toContain('{{privacyEmail}}');
    expect(JSON.stringify(account)).not.toMatch(
      /ask us by email|chiedercelo via email|chiedici via email|scrivici via email/,
    );
  });

  it.each(languages)('send a member who deletes by writing to the same address in the terms (%s)', (language) => {
    const terms =
      (language === 'en' ? enLegal : itLegal).terms.sections.find(({ heading }) =>
        /Termination|Cessazione/.test(heading),
      )?.paragraphs[0] ?? '';
    expect(terms).toContain('{{accountUrl}}');
    expect(terms).toContain('{{privacyEmail}}');
    expect(terms).not.toContain('{{email}}');
  });
});

describe('what deletion keeps', () => {
  it.each(languages)(
    'says in every list of it that comments and likes on others’ posts stay, and how they show (%s)',
    (language) => {
      const account = files[language].account;
      const privacy = (language === 'en' ? enLegal : itLegal).privacy.sections;
      const article = JSON.stringify(allArticleTexts[language]['after-deletion']);
      // The Account page's list of what is kept, the article on what happens after deletion and
      // the privacy policy's section on catches and posts: one fact, from config/account.ts.
      expect(account.kept.find((item) => item.includes('{{leftShown}}'))).toMatch(/likes|mi piace/);
      expect(article).toContain('{{leftShown}}');
      expect(JSON.stringify(privacy)).toContain('{{leftShown}}');
      expect(accountValues(language).leftShown).toMatch(/\S/);
    },
  );
});
