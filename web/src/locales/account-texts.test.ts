import { describe, expect, it } from 'vitest';
import { languages } from '../config/languages';
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
