// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import type { AccessibilityChecks } from '../../build/accessibility-checks';
import { accessibilityStatement, type AccessibilityStatement } from '../config/accessibility-statement';
import { barrierAnswerWorkingDays } from '../config/constants';
import type { Language } from '../config/languages';
import { paths } from '../config/paths';
import { site } from '../config/site';
import { createI18n } from '../locales/i18n';
import { resources } from '../locales/resources';
import { renderSite } from '../test/render';
import { AccessibilityStatementView } from './accessibility';
import enTexts from '../locales/en/accessibility.json';
import itTexts from '../locales/it/accessibility.json';

const texts = {
  en: {
    title: 'Accessibility statement',
    partial: 'the website is partially conformant with the Web Content Accessibility Guidelines (WCAG) 2.2 at level AA',
    en301549: 'EN 301 549 V3.2.1',
    why: 'people who use screen readers and other assistive technology have not yet tested the website for us',
    groups: ['Non-compliance with the standard', 'Disproportionate burden', 'Content outside this statement'],
    outline: [
      'h1 Accessibility statement',
      'h2 Conformance status',
      'h2 Content that is not accessible',
      'h3 Non-compliance with the standard',
      'h3 Disproportionate burden',
      'h3 Content outside this statement',
      'h2 How this statement was prepared',
      'h3 The automated checks',
      'h2 Feedback and contact',
      'h2 Enforcement procedure',
    ],
    noneKnown: 'Neither the automated checks below nor our team have found content that fails the standard.',
    screenReader: 'Using the website with a screen reader',
    noBurden: 'We claim no disproportionate burden',
    prepared: 'This statement was prepared on',
    method: 'Method: a self-assessment by our team',
    law: 'D.Lgs. 82/2022, the Italian decree that transposes the European Accessibility Act, applies since June 28, 2025.',
    agid: "AgID's online reporting form",
    days: `or none arrives within ${String(barrierAnswerWorkingDays)} working days, you can report it to AgID`,
    lastRun: 'The test suite, with every check above, last passed in full on',
    microenterprise: 'is a microenterprise providing services, as D.Lgs. 82/2022 defines it',
  },
  it: {
    title: 'Dichiarazione di accessibilità',
    partial:
      "Dalle verifiche descritte qui sotto il sito risulta parzialmente conforme alle Linee guida per l'accessibilità dei contenuti Web (WCAG) 2.2, livello AA",
    en301549: 'EN 301 549 V3.2.1',
    why: 'il sito non è ancora stato provato da persone che usano lettori di schermo o altre tecnologie assistive',
    groups: ['Non conformità', 'Onere sproporzionato', 'Contenuti esclusi da questa dichiarazione'],
    outline: [
      'h1 Dichiarazione di accessibilità',
      'h2 Stato di conformità',
      'h2 Contenuti non accessibili',
      'h3 Non conformità',
      'h3 Onere sproporzionato',
      'h3 Contenuti esclusi da questa dichiarazione',
      'h2 Redazione della dichiarazione',
      'h3 Le verifiche automatiche',
      'h2 Feedback e recapiti',
      'h2 Procedura di attuazione',
    ],
    noneKnown:
      'Né le verifiche automatiche descritte qui sotto né il nostro team hanno trovato contenuti che non rispettano lo standard.',
    screenReader: "L'uso del sito con un lettore di schermo",
    noBurden: 'Non invochiamo alcun onere sproporzionato',
    prepared: 'Questa dichiarazione è stata redatta il',
    method: 'Metodo: autovalutazione del nostro team',
    law: "Il D.Lgs. 82/2022, con cui l'Italia ha recepito l'Atto europeo sull'accessibilità (European Accessibility Act), è applicabile dal 28 giugno 2025.",
    agid: "modulo di segnalazione online dell'AgID",
    days: `o se non ti rispondiamo entro ${String(barrierAnswerWorkingDays)} giorni lavorativi, puoi segnalarlo all'AgID`,
    lastRun: 'I test del sito, con tutte le verifiche qui sopra, sono stati superati per intero',
    microenterprise: 'è una microimpresa che fornisce servizi, secondo la definizione del D.Lgs. 82/2022',
  },
} as const;

/** A date in words as each language writes it: "November 25, 2026", "25 novembre 2026". */
const dateInWords = { en: /^[A-Z][a-z]+ \d{1,2}, \d{4}$/, it: /^\d{1,2} [a-z]+ \d{4}$/ } as const;

/** What a build states: this build's checks and dates, with or without a recorded green run. */
const built = (lastGreenRun: AccessibilityChecks['lastGreenRun']): AccessibilityChecks => ({
  ...__ACCESSIBILITY__,
  lastGreenRun,
});
const run = { date: { en: 'November 20, 2026', it: '20 novembre 2026' }, commit: 'abcdef0' };

function renderStatement(
  language: Language,
  checks: AccessibilityChecks,
  statement: Partial<AccessibilityStatement> = {},
) {
  render(
    <I18nextProvider i18n={createI18n(language, { [language]: resources[language] })}>
      <AccessibilityStatementView built={checks} statement={{ ...accessibilityStatement, ...statement }} />
    </I18nextProvider>,
  );
  return document.body.textContent.replace(/\s+/g, ' ');
}

const region = (name: string) => screen.getByRole('region', { name });

describe.each(['en', 'it'] as const)('the accessibility statement in %s', (language) => {
  const words = texts[language];

  it('states the partial conformance, the standard and why', async () => {
    renderSite(paths.accessibility, language);
    await screen.findByRole('heading', { level: 1, name: words.title });
    const status = document.querySelector('#accessibility-status')?.parentElement?.textContent ?? '';
    expect(status).toContain(words.partial);
    expect(status).toContain(words.en301549);
    expect(status).toContain(words.why);
  });

  it('keeps its headings in order, with the three groups of content that is not accessible', async () => {
    renderSite(paths.accessibility, language);
    await screen.findByRole('heading', { level: 1, name: words.title });
    const outline = [...document.querySelectorAll('main h1, main h2, main h3')].map(
      (heading) => `${heading.tagName.toLowerCase()} ${heading.textContent}`,
    );
    expect(outline).toEqual(words.outline);
    const nonCompliance = region(words.groups[0]);
    expect(nonCompliance.textContent).toContain(words.noneKnown);
    expect(within(nonCompliance).getAllByRole('listitem')[0]?.textContent).toContain(words.screenReader);
    expect(region(words.groups[1]).textContent).toContain(words.noBurden);
    const outOfScope = within(region(words.groups[2]));
    expect(outOfScope.getAllByRole('listitem')).toHaveLength(2);
    // The app's own statement, where the app shows it (the store listings are not one).
    expect(outOfScope.getAllByRole('listitem')[1]?.textContent).toContain(
      accessibilityStatement.appStatementPath[language],
    );
    expect(outOfScope.queryAllByRole('link')).toEqual([]);
  });

  it('dates its preparation and last review in words, and names its method', async () => {
    renderSite(paths.accessibility, language);
    await screen.findByRole('heading', { level: 1, name: words.title });
    const { prepared, reviewed } = __ACCESSIBILITY__.dates;
    expect(prepared[language]).toMatch(dateInWords[language]);
    expect(reviewed[language]).toMatch(dateInWords[language]);
    const text = document.body.textContent;
    expect(text).toContain(`${words.prepared} ${prepared[language]}`);
    expect(text).toContain(reviewed[language]);
    expect(text).toContain(words.method);
  });

  it('leads to AgID, citing D.Lgs. 82/2022, when our answer does not satisfy or does not come', async () => {
    renderSite(paths.accessibility, language);
    await screen.findByRole('heading', { level: 1, name: words.title });
    const text = document.body.textContent;
    expect(text).toContain(words.law);
    expect(text).toContain(words.days);
    expect(screen.getByRole('link', { name: words.agid }).getAttribute('href')).toBe(
      accessibilityStatement.authority.reportForm,
    );
    expect(screen.getByRole('link', { name: 'protocollo@pec.agid.gov.it' }).getAttribute('href')).toBe(
      'mailto:protocollo@pec.agid.gov.it',
    );
    const main = within(document.querySelector('main') as HTMLElement);
    expect(main.getByRole('link', { name: site.supportEmail }).getAttribute('href')).toBe(
      `mailto:${site.supportEmail}`,
    );
  });

  it('lists the checks without a date when no green run is recorded, and never says there is none', () => {
    const text = renderStatement(language, built(null));
    expect(
      within(region(language === 'en' ? 'The automated checks' : 'Le verifiche automatiche')).getAllByRole('listitem'),
    ).toHaveLength(__ACCESSIBILITY__.checks.length);
    expect(text).not.toContain(words.lastRun);
    expect(text).not.toMatch(/recorded run|esecuzione registrata/);
  });

  it('dates the last green run when one is recorded', () => {
    const text = renderStatement(language, built(run));
    expect(text).toContain(words.lastRun);
    expect(text).toContain(run.date[language]);
  });

  it('says the microenterprise exemption only when the operator relies on it', () => {
    expect(renderStatement(language, built(null), { reliesOnMicroenterpriseExemption: false })).not.toContain(
      words.microenterprise,
    );
    document.body.innerHTML = '';
    expect(renderStatement(language, built(null), { reliesOnMicroenterpriseExemption: true })).toContain(
      `${site.operatorName} ${words.microenterprise}`,
    );
  });
});

describe('the accessibility statement’s facts', () => {
  it('lists known non-compliance and a claimed burden when the configuration has them', () => {
    const known = {
      en: 'The old catch map has no text alternative.',
      it: 'La vecchia mappa non ha alternativa testuale.',
    };
    const burden = {
      en: 'Videos from before 2020 have no captions.',
      it: 'I video precedenti al 2020 non hanno sottotitoli.',
    };
    renderStatement('en', built(null), { nonCompliance: [known], disproportionateBurden: [burden] });
    const nonCompliance = region(texts.en.groups[0]);
    expect(nonCompliance.textContent).not.toContain(texts.en.noneKnown);
    expect(within(nonCompliance).getAllByRole('listitem')[0]?.textContent).toBe(known.en);
    const claimed = region(texts.en.groups[1]);
    expect(claimed.textContent).not.toContain(texts.en.noBurden);
    expect(within(claimed).getByRole('listitem').textContent).toBe(burden.en);
  });

  it('states the status the configuration gives, and the app’s own statement or its exemption', () => {
    const text = renderStatement('it', built(null), { status: 'full', reliesOnMicroenterpriseExemption: false });
    expect(text).toContain('il sito risulta pienamente conforme');
    expect(text).not.toContain('parzialmente');
    expect(region(texts.it.groups[2]).textContent).toContain(
      `propria dichiarazione di accessibilità, nell'app in ${accessibilityStatement.appStatementPath.it}`,
    );
    document.body.innerHTML = '';
    const exempt = renderStatement('en', built(null), { reliesOnMicroenterpriseExemption: true });
    expect(exempt).toContain('the same exemption applies to the app');
    expect(exempt).not.toContain(accessibilityStatement.appStatementPath.en);
  });

  it('claims only what is true of the checks in every language', () => {
    for (const accessibility of [enTexts.accessibility, itTexts.accessibility]) {
      const all = JSON.stringify(accessibility);
      // The deploy warns when the suite has not passed; it does not stop a change going out.
      expect(all).not.toMatch(/published only|pubblicata solo/);
      expect(all).not.toMatch(/in force|in vigore/);
      expect(Object.keys(accessibility)).not.toContain('noRun');
    }
  });
});
