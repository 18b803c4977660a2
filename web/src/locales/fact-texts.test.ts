import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { profileFields } from '../config/account';
import { appFacts, profileVisibility } from '../config/app-facts';
import { languages, type Language } from '../config/languages';
import { chooseFactTexts, type YesNoFacts } from './fact-texts';
import type enLegal from './en/legal.json';
import type enPages from './en/pages.json';
import type enHelp from './en/help.json';

// The texts written for both answers of an app fact, read as they are written (the site's own
// imports get them with config's answers already chosen: build/fact-texts.ts).

const folder = import.meta.dirname;
const raw = (file: string): unknown => JSON.parse(readFileSync(join(folder, file), 'utf8'));

describe('choosing the answer of an app fact', () => {
  const text = { fact: 'wind', yes: 'with wind', no: 'without' };

  it('keeps the answer the facts give, in objects, arrays and nested answers alike', () => {
    const file = { a: [text, 'plain'], b: { fact: 'wind', yes: { fact: 'feet', yes: 'ft', no: 'm' }, no: 'none' } };
    expect(chooseFactTexts(file, { wind: true, feet: false })).toEqual({ a: ['with wind', 'plain'], b: 'm' });
    expect(chooseFactTexts(file, { wind: false, feet: true })).toEqual({ a: ['without', 'plain'], b: 'none' });
  });

  it('leaves an object with other keys as it is', () => {
    const file = { fact: 'wind', yes: 'a', no: 'b', note: 'c' };
    expect(chooseFactTexts(file, { wind: true })).toEqual(file);
  });

  it('names the place of a fact that is not yes or no', () => {
    expect(() => chooseFactTexts({ list: [text] }, { wind: 3 }, 'pages.json')).toThrow(
      'pages.json.list[0]: "wind" is not a yes-or-no fact',
    );
    expect(() => chooseFactTexts([text], {})).toThrow('[0]: "wind"');
  });
});

/** Where each text written for both answers is, and its fact: `.terms.sections[5].paragraphs[1] proStartsOnRequest`. */
function factPlaces(value: unknown, path = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((element, index) => factPlaces(element, `${path}[${String(index)}]`));
  if (typeof value !== 'object' || value === null) return [];
  if ('fact' in value && 'yes' in value && 'no' in value)
    return [`${path} ${String(value.fact)}`, ...factPlaces(value.yes, path), ...factPlaces(value.no, path)];
  return Object.entries(value).flatMap(([key, inner]) => factPlaces(inner, `${path}.${key}`));
}

describe('the site’s texts written for both answers', () => {
  const files = readdirSync(join(folder, 'en')).filter((name) => name.endsWith('.json'));
  const yesOrNo = Object.keys(appFacts).filter((name) => typeof appFacts[name as keyof typeof appFacts] === 'boolean');

  it.each(files)('%s: every language has them in the same places, each on a yes-or-no fact of config', (name) => {
    const [en, ...others] = languages.map((language) => factPlaces(raw(join(language, name))));
    for (const places of others) expect(places).toEqual(en);
    for (const place of en ?? []) expect(yesOrNo).toContain(place.split(' ').at(-1));
    // Each file gets its answers when it is built, and an unknown fact fails the build.
    for (const language of languages) expect(() => chooseFactTexts(raw(join(language, name)), appFacts)).not.toThrow();
  });

  it.each(readdirSync(join(folder, 'articles')))('articles/%s: every language has them in the same places', (name) => {
    const file = raw(join('articles', name)) as Record<Language, unknown>;
    const [en, ...others] = languages.map((language) => factPlaces(file[language]));
    for (const places of others) expect(places).toEqual(en);
    for (const place of en ?? []) expect(yesOrNo).toContain(place.split(' ').at(-1));
  });
});

type Legal = typeof enLegal;
type Pages = typeof enPages;
type Help = typeof enHelp;
const help = (language: Language, facts: Answers) =>
  chooseFactTexts(raw(`${language}/help.json`) as Help, { ...appFacts, ...facts });
const article = (id: string, language: Language, facts: Answers) =>
  JSON.stringify(
    chooseFactTexts((raw(`articles/${id}.json`) as Record<Language, unknown>)[language], { ...appFacts, ...facts }),
  );
type Answers = Partial<YesNoFacts<typeof appFacts>>;
const legal = (language: Language, facts: Answers) =>
  chooseFactTexts(raw(`${language}/legal.json`) as Legal, { ...appFacts, ...facts });
const pages = (language: Language, facts: Answers) =>
  chooseFactTexts(raw(`${language}/pages.json`) as Pages, { ...appFacts, ...facts });

const words = {
  en: {
    daysUsed: /pay only for the days you had Pro/,
    asks: /the app asks whether Pro should start at once/,
    everything: /refund everything/,
    wind: /\bwind\b/i,
    feet: /metres or feet/,
    nobody: /[Nn]obody but you/,
    removed: /the app removes the place a photo was taken/,
    camera: /camera/,
    asEasy: /refusing is as easy as accepting/,
    birthdateKept: /keep it with your account to show that we checked/,
    checkOnly: /keeps the result of that check, not the date/,
  },
  it: {
    daysUsed: /paghi solo i giorni in cui hai avuto Pro/,
    asks: /l'app ti chiede se vuoi che Pro inizi subito/,
    everything: /rimborsiamo tutto/,
    wind: /\bvento\b/i,
    feet: /metri o in piedi/,
    nobody: /[Nn]essuno tranne te/,
    removed: /l'app toglie dalle foto che condividi il luogo/,
    camera: /fotocamera/,
    asEasy: /rifiutare è semplice quanto accettare/,
    birthdateKept: /la conserviamo con l'account per dimostrare di averlo verificato/,
    checkOnly: /conserva l'esito della verifica, non la data/,
  },
} as const;

describe.each(languages)('the texts that depend on an app fact (%s)', (language) => {
  const w = words[language];

  it('charge for the days used after a withdrawal only when the app asked for Pro to start at once', () => {
    const withdrawal = (proStartsOnRequest: boolean) =>
      legal(language, { proStartsOnRequest }).terms.sections.find(
        (section) => 'id' in section && section.id === 'withdrawal',
      );
    const asked = JSON.stringify(withdrawal(true));
    expect(asked).toMatch(w.asks);
    expect(asked).toMatch(w.daysUsed);
    // Without the request, nothing is owed (Codice del consumo art. 57(4)).
    expect(asked).toMatch(w.everything);
    const notAsked = JSON.stringify(withdrawal(false));
    expect(notAsked).toMatch(w.everything);
    expect(notAsked).not.toMatch(w.daysUsed);
    expect(notAsked).not.toMatch(w.asks);
  });

  it('name the wind in the forecast on the features page and in the terms only when the forecast gives it', () => {
    for (const forecastWind of [true, false]) {
      const { sections } = legal(language, { forecastWind }).terms;
      const texts = [
        pages(language, { forecastWind }).features.forecast.text,
        sections[1]?.paragraphs[0] ?? '',
        sections[11]?.paragraphs[1] ?? '',
      ];
      for (const text of texts) {
        expect(text).toMatch(/tide|mare/);
        if (forecastWind) expect(text).toMatch(w.wind);
        else expect(text).not.toMatch(w.wind);
      }
    }
  });

  it('offer feet on the features page only when the app lets a member choose', () => {
    expect(pages(language, { unitChoice: true }).features.forecast.units).toMatch(w.feet);
    expect(pages(language, { unitChoice: false }).features.forecast.units).not.toMatch(/feet|piedi/);
  });

  it('promise that nobody else can see where a catch was only when shared photos lose their location', () => {
    for (const sharedPhotosLoseLocation of [true, false]) {
      const facts = { sharedPhotosLoseLocation };
      const privacy = legal(language, facts).privacy.sections[2]?.paragraphs ?? [];
      const texts = [
        article('catch-location-private', language, facts),
        privacy.join(' '),
        pages(language, facts).features.privacyNote,
        help(language, facts).articles['catch-location-private'].summary,
      ];
      for (const text of texts) {
        if (sharedPhotosLoseLocation) expect(text).not.toMatch(w.camera);
        else expect(text).not.toMatch(w.nobody);
      }
      const [said, policy] = texts;
      expect(said).toMatch(sharedPhotosLoseLocation ? w.removed : w.camera);
      expect(policy).toMatch(sharedPhotosLoseLocation ? w.removed : w.camera);
    }
  });

  it('call refusing the ads as easy as accepting only when the consent message shows a refusal', () => {
    const ads = (consentRefuseButton: boolean) =>
      JSON.stringify(legal(language, { consentRefuseButton }).privacy.sections);
    expect(ads(true)).toMatch(w.asEasy);
    expect(ads(false)).not.toMatch(w.asEasy);
  });

  it('say the birthdate is kept only when the app keeps it, as the profile’s fields and what others see agree', () => {
    const privacy = (keepsBirthdate: boolean) =>
      JSON.stringify(legal(language, { keepsBirthdate }).privacy.sections[1]?.paragraphs);
    expect(privacy(true)).toMatch(w.birthdateKept);
    expect(privacy(false)).toMatch(w.checkOnly);
    expect(privacy(false)).not.toMatch(w.birthdateKept);
    // Config's answer: the profile lists the birthdate only if it is kept, and never shows it to others.
    const fields: readonly string[] = profileFields.map((field) => field.en);
    expect(fields.includes('birthdate')).toBe(appFacts.keepsBirthdate);
    expect(profileVisibility.shownFields).not.toContain('birthdate');
  });
});
