import { describe, expect, it } from 'vitest';
import { accountValues } from '../config/account';
import { languages } from '../config/languages';
import { allArticleTexts } from '../test/article-texts';
import en from './en/account.json';
import it_ from './it/account.json';
import enLegalFile from './en/legal.json';
import itLegalFile from './it/legal.json';
import { asBuilt } from './fact-texts';
import deleteAccount from './articles/delete-account.json';
import afterDeletion from './articles/after-deletion.json';
import whatDataWeKeep from './articles/what-data-we-keep.json';

// The Account page names one address for requests about a member's data (GDPR art. 12(2)):
// every text that sends a member to write gives it, none says only "ask us by email".

const files = { en, it: it_ } as const;
const enLegal = asBuilt(enLegalFile);
const itLegal = asBuilt(itLegalFile);
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

  it.each(languages)(
    'lets a member ask the data protection address to erase those comments and likes, wherever it says they stay (%s)',
    (language) => {
      const legal = language === 'en' ? enLegal : itLegal;
      // The terms' licence does not end for them (section 7), which says why in section 4.
      const licence = legal.terms.sections[6]?.paragraphs[1] ?? '';
      expect(licence).toMatch(/licen[cz][ea]/);
      expect(licence).toMatch(/likes.*stay|mi piace.*restano/);
      const staying = [
        ...files[language].account.kept,
        ...JSON.stringify(allArticleTexts[language]['after-deletion']).split('","'),
        ...legal.privacy.sections.flatMap(({ paragraphs }) => paragraphs),
        ...legal.terms.sections.flatMap(({ paragraphs }) => paragraphs),
      ].filter(
        (text) => text !== licence && /(likes|mi piace).*(stay|does not remove|restano|non li elimina)/.test(text),
      );
      // The Account page, after-deletion, the privacy policy and the terms' account section.
      expect(staying).toHaveLength(4);
      for (const text of staying) expect(text).toContain('{{privacyEmail}}');
    },
  );
});

describe('the deletion confirmation and a member who lost their address', () => {
  const verified = { en: /If .*verified/, it: /Se .*verificato/ } as const;

  it.each(languages)(
    'promise the confirmation only to a verified address, as the clean-up sends it (%s)',
    (language) => {
      const account = files[language].account;
      expect(account.done).toMatch(verified[language]);
      expect(account.how.at(-1)).toMatch(verified[language]);
      const steps = deleteAccount[language].find((block) => typeof block === 'object' && 'steps' in block);
      expect(JSON.stringify(steps)).toMatch(verified[language]);
    },
  );

  it.each(languages)(
    'send a member who lost access to their address to the data protection address (%s)',
    (language) => {
      const lost = deleteAccount[language].find(
        (block): block is string =>
          typeof block === 'string' && /No longer have access|Non hai più accesso/.test(block),
      );
      expect(lost).toContain('<privacyMail>{{privacyEmail}}</privacyMail>');
      expect(lost).not.toContain('<support>');
    },
  );
});

describe('every list of what deletion keeps', () => {
  // Google Play's deletion rules: the deletion page lists what is kept and for how long; the same
  // periods as the privacy policy (config/retention.ts).
  const periods = ['{{supportMonths}}', '{{inboxMonths}}', '{{directEmailMonths}}', '{{copyRecordYears}}'];

  it.each(languages)('names the messages sent to us and the record of copies, with their periods (%s)', (language) => {
    const lists = {
      account: JSON.stringify(files[language].account.kept),
      'after-deletion': JSON.stringify(afterDeletion[language]),
    };
    for (const [where, text] of Object.entries(lists))
      for (const period of periods) expect(text, `${where} ${period}`).toContain(period);
  });

  it.each(languages)('says both periods of a message in what-data-we-keep (%s)', (language) => {
    const text = JSON.stringify(whatDataWeKeep[language]);
    for (const period of periods.slice(0, 3)) expect(text, period).toContain(period);
  });
});

describe('the copies a member may ask for', () => {
  it.each(languages)('do not count a try that failed on our side, wherever the cap is said (%s)', (language) => {
    const legal = language === 'en' ? enLegal : itLegal;
    const saying = [
      ...files[language].account.copy,
      ...JSON.stringify(allArticleTexts[language]['copy-of-my-data']).split('","'),
      ...legal.privacy.sections.flatMap(({ paragraphs }) => paragraphs),
    ].filter((text) => text.includes('{{copiesPerDay}}'));
    // The Account page, the article and the privacy policy: the cap of the export module
    // (functions/src/account-export/member-export.ts), which gives such a try back.
    expect(saying).toHaveLength(3);
    for (const text of saying) {
      expect(text).toMatch(
        language === 'en' ? /fail(s|ed) on our side does not count/ : /per un nostro errore non conta/,
      );
      expect(text).not.toMatch(/even if|whether or not|anche se|o no\b/);
    }
  });
});
