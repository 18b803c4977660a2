import { readdirSync } from 'node:fs';
import { contactPictureLimits } from '../../config/contact-picture';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { accountDeletion, profileFields } from '../../config/account';
import { dataExports, forecastDays, minimumAge, plans } from '../../config/constants';
import { retention } from '../../config/retention';
import { appFacts, forecastUpdateHours, profileShown, profileVisibility } from '../../config/app-facts';
import { helpArticleIds, helpTopics, type HelpArticleId } from '../../config/help';
import { helpTextValues } from '../../config/help-text-values';
import { languages, type Language } from '../../config/languages';
import { storeRules, withdrawalDays } from '../../config/stores';
import { allArticleTexts } from '../../test/article-texts';
import { articleBlocks, proFeatureList, type ArticleBlock, type ArticleTextFile } from '../../locales/article-blocks';
import { helpTextsIn } from '../../locales/help-text';
import { createTextInstance } from '../../locales/text-options';
import enHelp from '../../locales/en/help.json';
import itHelp from '../../locales/it/help.json';
import { linkTarget } from './link-target';
import { blockTexts, parseRichText } from './rich-text';

const helpFiles: Record<Language, typeof enHelp> = { en: enHelp, it: itHelp };
const textFilesAsWritten = import.meta.glob<string>('../../locales/*/*.json', {
  eager: true,
  query: '?raw',
  import: 'default',
});
const articleFiles = import.meta.glob<ArticleTextFile>('../../locales/articles/*.json', {
  eager: true,
  import: 'default',
});
function articleBody(id: string): ArticleTextFile {
  const body = articleFiles[`../../locales/articles/${id}.json`];
  if (!body) throw new Error(`No locales/articles/${id}.json`);
  return body;
}
/**
 * The help texts as the site reads them: i18next, with config's values (help.json whole: the
 * build gives the titles to the help pages and each summary to its article, build/help-text-modules.ts).
 */
const instance = createTextInstance({
  help: helpFiles,
  articles: Object.fromEntries(
    languages.map((language) => [
      language,
      Object.fromEntries(Object.entries(allArticleTexts[language]).map(([id, text]) => [id, { text }])),
    ]),
  ) as Record<Language, object>,
});

/** Every help text of a language: the page's, the topics', each article's title, summary and text. */
function everyText(language: Language): Array<[where: string, text: string]> {
  const texts = helpFiles[language];
  const leaves = (tree: object, prefix: string): Array<[string, string]> =>
    Object.entries(tree).flatMap(([key, value]) =>
      typeof value === 'string' ? [[`${prefix}.${key}`, value]] : leaves(value as object, `${prefix}.${key}`),
    );
  return [
    ...leaves(texts, `locales/${language}/help.json`),
    ...helpArticleIds.flatMap((id) =>
      // As the file writes them: a `features` block is written from config (locales/article-blocks.ts).
      blockTexts(
        articleBody(id)[language].filter(
          (block): block is ArticleBlock => typeof block !== 'object' || !('features' in block),
        ),
      ).map((text): [string, string] => [`articles/${id}.json (${language})`, text]),
    ),
  ];
}

// Numbers config holds, and how each language may spell them out: a text that types one
// instead of its placeholder goes stale the day config changes.
const numberWords: Record<Language, Record<number, string>> = {
  en: {
    2: 'two',
    3: 'three',
    6: 'six',
    7: 'seven',
    10: 'ten',
    12: 'twelve',
    14: 'fourteen',
    16: 'sixteen',
    18: 'eighteen',
    30: 'thirty',
    48: 'forty-eight',
    90: 'ninety',
  },
  it: {
    2: 'due',
    3: 'tre',
    6: 'sei',
    7: 'sette',
    10: 'dieci',
    12: 'dodici',
    14: 'quattordici',
    16: 'sedici',
    18: 'diciotto',
    30: 'trenta',
    48: 'quarantotto',
    90: 'novanta',
  },
};
const trialDays: number = appFacts.proTrialDays;
const units = '(?:[- ]?(?:days?|years?|months?|hours?|giorni|giorno|anni|anno|mesi|mese|ore|ora|%|percent|per cento))';
const configNumbers = [
  forecastDays.pro,
  forecastDays.free,
  plans.proYearly.savingPercent,
  minimumAge,
  retention.supportMonths,
  accountDeletion.backupDays,
  accountDeletion.deletionRecordYears,
  accountDeletion.accountingYears,
  accountDeletion.securityLogDays,
  dataExports.perDay,
  retention.copyRecordYears,
  storeRules.googlePlayRefundHours,
  withdrawalDays,
  contactPictureLimits.maxSidePx,
  contactPictureLimits.maxKilobytes,
  forecastUpdateHours,
  // The free trial's days, once Pro has one (0 says none, and a 0 is no number to look for).
  ...(trialDays > 0 ? [trialDays] : []),
];

/** What in `text` states a number or a price that config holds, typed rather than filled in. */
function typedFacts(text: string, language: Language): string[] {
  const words = text.replace(/{{\s*\w+\s*}}/g, ' ');
  const found: string[] = [];
  // Any price, and the plans' prices written either way ("2.79", "2,79").
  for (const match of words.matchAll(/€|\b\d+[.,]\d{2}\b|\beuro\b/gi)) found.push(match[0]);
  for (const value of configNumbers) {
    // The number in digits anywhere; spelt out before a unit ("seven days", "sette giorni").
    for (const match of words.matchAll(new RegExp(`(?<![\\d.,])${String(value)}(?![\\d])`, 'g'))) found.push(match[0]);
    const word = numberWords[language][value];
    if (word) for (const match of words.matchAll(new RegExp(`\\b${word}${units}`, 'gi'))) found.push(match[0]);
  }
  return found;
}

/**
 * Each yes-or-no fact of config/app-facts.ts, the articles written for it and what their
 * English says for either value (and the summary, where it states the fact too): an operator
 * who changes a fact learns which text to rewrite.
 */
const writtenFor: ReadonlyArray<{
  fact: keyof typeof appFacts;
  article: HelpArticleId;
  yes: string;
  no: string;
  summary?: { yes: string; no: string };
}> = [
  {
    fact: 'familySharing',
    article: 'pro-on-several-devices',
    yes: 'Family Sharing is turned on for Pro',
    no: 'Family Sharing is not turned on for Pro',
  },
  {
    fact: 'proOnBothPlatforms',
    article: 'pro-on-several-devices',
    yes: 'whichever store you bought Pro in',
    no: 'only on the platform of the store you bought it from',
  },
  {
    fact: 'proOnBothPlatforms',
    article: 'restore-pro',
    yes: 'Pro is unlocked there too',
    no: 'Pro is not unlocked there',
  },
  {
    fact: 'offlineCatches',
    article: 'offline-use',
    yes: 'A catch you log without a connection is saved',
    no: 'The app needs a connection to save a catch',
  },
  { fact: 'unitChoice', article: 'units-and-app-language', yes: 'in the units you choose', no: 'always in metres' },
  { fact: 'unitChoice', article: 'marine-forecast', yes: 'in the units you choose', no: 'in metres' },
  {
    fact: 'forecastWind',
    article: 'marine-forecast',
    yes: 'Wind speed and direction',
    no: 'The forecast does not include wind',
  },
  {
    fact: 'blockBothWays',
    article: 'block-or-report',
    yes: 'Blocking works both ways',
    no: 'Blocking stops the member',
  },
  {
    fact: 'forecastLakes',
    article: 'forecast-coverage',
    yes: 'the forecast also covers lakes',
    no: 'the forecast does not cover lakes',
    summary: { yes: 'and lakes', no: 'not lakes' },
  },
  {
    fact: 'forecastRivers',
    article: 'forecast-coverage',
    yes: 'the forecast also covers rivers',
    no: 'the forecast does not cover rivers',
    summary: { yes: 'and rivers', no: 'or rivers' },
  },
  {
    fact: 'forecastWind',
    article: 'forecast-coverage',
    yes: 'The wind in the forecast',
    no: 'The forecast does not include wind',
  },
  {
    fact: 'proTrialDays',
    article: 'pro-trials-and-codes',
    yes: 'Pro comes with a {{trialDays}}-day free trial',
    no: 'Pro has no free trial',
    summary: { yes: '{{trialDays}}-day free trial', no: 'Pro has no free trial' },
  },
  {
    fact: 'proOfferCodes',
    article: 'pro-trials-and-codes',
    yes: 'we give out offer codes for Pro',
    no: 'We do not give out offer codes',
  },
  {
    fact: 'catchExport',
    article: 'export-catches',
    yes: 'You can export your catch log from the app',
    no: 'The app has no export of the catch log',
    summary: { yes: 'Export your catch log', no: 'The app has no export' },
  },
  {
    fact: 'privateProfile',
    article: 'private-profile',
    yes: 'You can make your profile private',
    no: 'You cannot make your profile private',
    summary: { yes: 'Yes', no: 'Not as a whole' },
  },
  {
    fact: 'profileSearch',
    article: 'private-profile',
    yes: 'Other members can find your profile by searching for your name',
    no: 'Other members cannot search for your profile',
    summary: { yes: 'can find your profile', no: 'cannot find your profile' },
  },
  {
    fact: 'followListsShown',
    article: 'private-profile',
    yes: 'Other members see who you follow and who follows you',
    no: 'Other members see only how many people you follow',
    summary: { yes: 'see who you follow', no: 'see how many people you follow' },
  },
  {
    fact: 'followListsShown',
    article: 'profile-visibility',
    yes: 'Who you follow and who follows you',
    no: 'How many people you follow',
  },
];

/**
 * Articles that share a subject, each told apart from the others: its first paragraph says
 * what it covers and links every other article of its group.
 */
const toldApart: ReadonlyArray<readonly HelpArticleId[]> = [
  ['make-a-catch-private', 'catch-location-private', 'profile-visibility', 'private-profile'],
  ['payment-failed', 'when-pro-ends'],
  ['marine-forecast', 'forecast-coverage'],
];

describe('the help texts', () => {
  it.each(['pro-benefits', 'when-pro-ends'] as const)(
    'list in %s what only Pro has, from the same list as the plans page and the terms',
    (id) => {
      for (const language of languages) {
        const lists = articleBlocks(articleBody(id)[language], language).filter(
          (block): block is { list: string[] } => typeof block === 'object' && 'list' in block,
        );
        expect(lists.map((block) => block.list)).toContainEqual(proFeatureList(language));
      }
      expect(proFeatureList('en')).toContain('Your catches on the map');
      expect(proFeatureList('it').join(' ')).toContain(`${String(forecastDays.pro)} giorni`);
    },
  );

  it.each(writtenFor)(
    'say what config/app-facts.ts holds: $fact in $article',
    ({ fact, article, yes, no, summary }) => {
      const text = blockTexts(articleBlocks(articleBody(article).en, 'en')).join(' ');
      expect(text).toContain(appFacts[fact] ? yes : no);
      expect(text).not.toContain(appFacts[fact] ? no : yes);
      if (summary) {
        const { summary: said } = helpFiles.en.articles[article];
        expect(said).toContain(appFacts[fact] ? summary.yes : summary.no);
        expect(said).not.toContain(appFacts[fact] ? summary.no : summary.yes);
      }
    },
  );

  // Consent covers anything ads store on the phone or read from it, not only personalisation
  // (the privacy policy's section on advertising): the summary says so, not "personalised".
  it('sum up ads as the privacy policy does: without consent, nothing stored on the phone or read from it', () => {
    const said = {
      en: /Without your consent they store and read nothing on your phone/,
      it: /Senza consenso non salvano né leggono nulla sul telefono/,
    };
    for (const language of languages) {
      const { summary } = helpFiles[language].articles['ads-and-consent'];
      expect(summary).toMatch(said[language]);
      expect(summary).not.toMatch(/personalis|personalizz/);
    }
  });

  it.each(languages)('in %s tell someone trying Pro that they may also withdraw, with its days', (language) => {
    const text = JSON.stringify(articleBody('pro-trials-and-codes')[language]);
    expect(text).toContain('{{withdrawalDays}}');
    expect(text).toContain('<withdrawal>');
  });

  it('cover every fact of config/app-facts.ts that the other texts do not write both answers of', () => {
    // The texts written for both answers (locales/fact-texts.ts), as they are written.
    const bothAnswers = Object.values(textFilesAsWritten).flatMap((text) =>
      [...text.matchAll(/"fact":\s*"(\w+)"/g)].map((match) => match[1]),
    );
    expect(new Set([...writtenFor.map(({ fact }) => fact), ...bothAnswers])).toEqual(new Set(Object.keys(appFacts)));
  });

  it.each(toldApart)('tell %s apart from the articles on the same subject', (...group) => {
    for (const id of group) {
      for (const language of languages) {
        const first = articleBody(id)[language][0];
        expect(typeof first, id).toBe('string');
        for (const other of group) if (other !== id) expect(first, `${id} (${language})`).toContain(`<${other}>`);
      }
    }
  });

  it('send a member who changes their own details and one whose address was changed to different articles', () => {
    for (const language of languages) {
      const first = (id: HelpArticleId) => {
        const block = articleBody(id)[language][0];
        return typeof block === 'string' ? block : '';
      };
      for (const id of ['reset-password', 'email-address-changed'] as const) {
        expect(first(id), id).toContain('<change-account-details>');
        expect(first('change-account-details')).toContain(`<${id}>`);
      }
    }
  });

  it.each(languages)('in %s name the profile fields from config, as the privacy policy does', (language) => {
    // One list (config/account.ts), and which of its fields others see (config/app-facts.ts).
    const names = profileFields.map((field) => field.en);
    for (const field of profileVisibility.shownFields) expect(names).toContain(field);
    const raw = (id: HelpArticleId) => JSON.stringify(articleBody(id)[language]);
    expect(raw('what-data-we-keep')).toContain('{{profileFields}}');
    for (const id of ['what-data-we-keep', 'profile-visibility', 'private-profile'] as const)
      expect(raw(id), id).toContain('{{profileShown}}');
    for (const id of ['profile-visibility', 'private-profile'] as const)
      expect(raw(id), id).toContain('{{profileHidden}}');
    // Filled in, the articles name every field, and say who sees each.
    const filled = (id: HelpArticleId) =>
      blockTexts(
        instance.getFixedT(language, 'articles')(`${id}.text`, { ...helpTextValues(language), returnObjects: true }),
      ).join(' ');
    for (const field of profileFields) expect(filled('what-data-we-keep')).toContain(field[language]);
    const { shown, hidden } = profileShown(language);
    for (const id of ['profile-visibility', 'private-profile'] as const) {
      expect(filled(id), id).toContain(shown);
      expect(filled(id), id).toContain(hidden);
    }
    // The words the article once typed for fields config does not have.
    expect(filled('what-data-we-keep')).not.toMatch(language === 'en' ? /\binterests\b/ : /\binteressi\b/);
  });

  it('catch a typed fact (the check itself)', () => {
    expect(typedFacts(`A ${String(forecastDays.pro)}-day forecast`, 'en')).not.toEqual([]);
    expect(typedFacts(`${numberWords.it[forecastDays.pro] ?? ''} giorni di previsioni`, 'it')).not.toEqual([]);
    expect(typedFacts(`Pro costs €${String(plans.proMonthly.price)} a month`, 'en')).not.toEqual([]);
    expect(typedFacts(`Costa ${String(plans.proYearly.price).replace('.', ',')} all'anno`, 'it')).not.toEqual([]);
    expect(typedFacts('A {{proDays}}-day forecast for {{monthly}} a month', 'en')).toEqual([]);
  });

  it.each(languages)('in %s type no number or price that config holds', (language) => {
    const typed = everyText(language).flatMap(([where, text]) =>
      typedFacts(text, language).map((fact) => `${where}: "${fact}" in "${text}"`),
    );
    expect(typed).toEqual([]);
  });

  it.each(languages)('in %s have every placeholder filled by i18next and every tag linked', (language) => {
    const help = helpTextsIn(instance, language);
    const leaves = (tree: object, prefix: string): string[] =>
      Object.entries(tree).flatMap(([key, value]) =>
        typeof value === 'string' ? [`${prefix}${key}`] : leaves(value as object, `${prefix}${key}.`),
      );
    const filled: Array<[string, string]> = [
      ...leaves(helpFiles[language], '').map((key): [string, string] => [
        `help.json ${key}`,
        help(key as Parameters<typeof help>[0], { query: 'q', count: 2, topic: 't', date: 'd' }),
      ]),
      ...helpArticleIds.flatMap((id) =>
        blockTexts(
          instance.getFixedT(language, 'articles')(`${id}.text`, { ...helpTextValues(language), returnObjects: true }),
        ).map((text): [string, string] => [`articles/${id}.json`, text]),
      ),
    ];
    expect(filled.length).toBeGreaterThan(helpArticleIds.length * 4);
    for (const [where, text] of filled) {
      expect(text, where).not.toMatch(/{{|}}/);
      for (const segment of parseRichText(text)) {
        if (segment.tag !== undefined) expect(() => linkTarget(segment.tag ?? ''), where).not.toThrow();
      }
    }
  });

  it('have values from config that cannot open a link or a placeholder', () => {
    for (const language of languages) {
      for (const [name, value] of Object.entries(helpTextValues(language))) expect(value, name).not.toMatch(/[<>{}]/);
    }
  });

  it('have one text file per article of config/help.ts, and no other', () => {
    const files = readdirSync(join(import.meta.dirname, '../../locales/articles')).map((file) =>
      file.replace(/\.json$/, ''),
    );
    expect(files.sort()).toEqual([...helpArticleIds].sort());
  });

  it('give every article the same blocks in every language', () => {
    const shape = (blocks: ArticleTextFile[Language]) =>
      blocks.map((block) =>
        typeof block === 'string'
          ? 'p'
          : 'features' in block
            ? `features:${block.features}`
            : 'steps' in block
              ? `steps:${String(block.steps.length)}`
              : `list:${String(block.list.length)}`,
      );
    for (const id of helpArticleIds) {
      const body = articleBody(id);
      expect(shape(body.it), id).toEqual(shape(body.en));
      expect(body.en.length, id).toBeGreaterThan(0);
    }
  });

  it('give every topic and article a title in every language', () => {
    for (const language of languages) {
      expect(Object.keys(helpFiles[language].topics).sort()).toEqual([...helpTopics].sort());
      expect(Object.keys(helpFiles[language].articles)).toEqual(helpArticleIds);
    }
  });
});
