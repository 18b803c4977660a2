// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { appFacts } from '../config/app-facts';
import { localizedPath, paths } from '../config/paths';
import { withdrawalAnchor } from '../config/plan-features';
import { operatorValues } from '../config/operator';
import { site } from '../config/site';
import { reducedServiceEndDays, storePlaces, withdrawalDays, withdrawalRefundDays } from '../config/stores';
import { renderSite } from '../test/render';
import { loadEveryLegalText } from '../locales/legal';

// The legal texts are parts of their own, loaded by the page; here before any test looks.
beforeAll(loadEveryLegalText);

const words = {
  en: {
    title: 'Terms and Conditions',
    withdrawal: '6. Right of withdrawal',
    form: 'Model withdrawal form for Google Play purchases',
    link: 'Right of withdrawal and its form',
    plans: /^Become a/,
    apple: /third-party beneficiaries/,
    sections: ['2. The service', '12. Disclaimer', '13. Limitation of liability', '15. Changes to these terms'],
    plansSection: '5. Free and Pro plans',
    termination: '11. Termination and suspension',
    reason: /only for a valid reason/,
    appleClaims: /investigation, defence, settlement and discharge of any claim/,
    forfeit: /is not refunded/,
    lessCost: /refund the unused part less the cost/,
  },
  it: {
    title: 'Termini e condizioni',
    withdrawal: '6. Diritto di recesso',
    form: 'Modulo di recesso tipo per gli acquisti su Google Play',
    link: 'Diritto di recesso e modulo',
    plans: /^Diventa/,
    apple: /terzi beneficiari \(art\. 1411 c\.c\.\)/,
    sections: ['2. Il servizio', '12. Avvertenze', '13. Limitazione di responsabilità', '15. Modifiche ai termini'],
    plansSection: '5. Piano gratuito e piano Pro',
    termination: '11. Cessazione e sospensione',
    reason: /solo per un motivo valido/,
    appleClaims: /dell'esame, della difesa, della transazione e della definizione di qualsiasi reclamo/,
    forfeit: /non viene rimborsato/,
    lessCost: /ti rimborsiamo la parte non goduta, meno i costi/,
  },
} as const;

async function openTerms(language: 'en' | 'it') {
  renderSite(paths.terms, language);
  await screen.findByRole('heading', { level: 1, name: words[language].title });
  return (name: string) => screen.getByRole('region', { name });
}

describe.each(['en', 'it'] as const)('the terms in %s', (language) => {
  const w = words[language];

  it('say how to withdraw, one route per store, and give the model form addressed from config', async () => {
    const region = await openTerms(language);
    const withdrawal = region(w.withdrawal);
    expect(within(withdrawal).getByRole('heading', { level: 2 }).id).toBe(withdrawalAnchor);
    const text = withdrawal.textContent;
    expect(text).toContain(`${String(withdrawalDays)} `);
    expect(text).toContain(`${String(withdrawalRefundDays)} `);
    const [play, apple] = within(withdrawal).getAllByRole('listitem');
    expect(play?.textContent).toMatch(/^Google Play/);
    expect(play?.textContent).toContain(site.supportEmail);
    expect(apple?.textContent).toMatch(/^App Store/);
    expect(apple?.textContent).toContain(storePlaces.appleRefunds);
    // The form's addressee: the operator's name, registered office and address, from config.
    const form = within(withdrawal).getByRole('region', { name: w.form });
    const { operator, office } = operatorValues();
    for (const fact of [operator, office, site.supportEmail, site.productName])
      expect(form.textContent).toContain(fact);
    expect(form.textContent).not.toMatch(/{{|}}/);
    // Pro is a service: the digital-content exception, which ends the right on supply, is gone.
    expect(text).not.toMatch(/lose the right|perdi il diritto/);
    // The days used are charged only if the app asked for Pro to start at once (config's answer;
    // both answers: locales/fact-texts.test.ts).
    expect(text).toMatch(
      (appFacts.proStartsOnRequest as boolean)
        ? /days you had Pro|giorni in cui hai avuto Pro/
        : /refund everything|rimborsiamo tutto/,
    );
  });

  it('keep no clause a consumer could not be held to', async () => {
    const region = await openTerms(language);
    const text = document.querySelector('main')?.textContent ?? '';
    expect(text).not.toMatch(/as is and as available|nello stato in cui si trova/);
    expect(text).not.toMatch(/loss of data|perdita di dati/);
    expect(text).not.toMatch(/indirect or consequential|indiretti o consequenziali/);
    expect(text).not.toMatch(/sopravvivere|dire la tua/);
    const [service, , limitation, changes] = w.sections.map((name) => region(name).textContent);
    // Reduced features: the right to end the subscription and a refund, within the days config sets.
    expect(service).toContain(`${String(reducedServiceEndDays)} `);
    expect(service).toMatch(w.apple);
    expect(limitation).toMatch(/backup|copie di sicurezza/);
    // Force majeure is what due care could not avoid; our own suppliers are ours to answer for.
    expect(limitation).toMatch(/due care|dovuta diligenza/);
    expect(limitation).not.toMatch(/data providers|fornitori di dati/);
    expect(changes).toMatch(/refund|rimborsiamo/);
    // Pro changes only for a reason the contract states; Apple's minimum terms word for word.
    expect(service).toMatch(w.reason);
    expect(service).toMatch(w.appleClaims);
    // A breach does not forfeit the prepaid period.
    const termination = region(w.termination).textContent;
    expect(termination).not.toMatch(w.forfeit);
    expect(termination).toMatch(w.lessCost);
  });

  it('send refunds and cancellations to Contact Us, as the help does', async () => {
    const region = await openTerms(language);
    const plans = region(w.plansSection).textContent;
    expect(plans).toContain(`${site.origin}${localizedPath(paths.support, language)}`);
    expect(plans).not.toContain(site.supportEmail);
  });

  it('are one click from the plans page, at the section on withdrawal', async () => {
    renderSite(paths.pro, language);
    await screen.findByRole('heading', { level: 1, name: w.plans });
    const link = screen.getByRole('link', { name: w.link });
    expect(link.getAttribute('href')?.endsWith(`${paths.terms}#${withdrawalAnchor}`)).toBe(true);
  });
});
