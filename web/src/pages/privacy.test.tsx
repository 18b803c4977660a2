// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { paths } from '../config/paths';
import { adConsent } from '../config/processors';
import { retentionValues } from '../config/retention';
import enContact from '../locales/en/contact.json';
import enLegal from '../locales/en/legal.json';
import itContact from '../locales/it/contact.json';
import itLegal from '../locales/it/legal.json';
import { renderSite } from '../test/render';
import { loadEveryLegalText } from '../locales/legal';

// The legal texts are parts of their own, loaded by the page; here before any test looks.
beforeAll(loadEveryLegalText);

const words = {
  en: {
    title: 'Privacy Policy',
    ads: '7. Cookies used by advertising providers',
    limited: /limited ads, .* which store nothing on your device and read nothing from it/,
    // Joint control with its essence (GDPR art. 26(2)-(3)): who does what, and rights with either.
    joint:
      /joint controllers .*: we ask for and record your consent .* each provider answers for .* with us or with the provider/,
    basis: /limited ads, .* legitimate interest .*; .* rest on your consent/,
    consentForShowing: /to show advertising to free members: your consent/,
    cookies: '6. Cookies',
    signalsKept: (days: number) => `help centre's answers and searches (section 2) are kept for ${String(days)} days`,
    signalsUnnamed:
      /We do not record who you are \(no account, no email or IP address, no device identifier\), but a search keeps its words/,
    nothingStored: /help centre's question and search store nothing on your device and read nothing from it/,
    articlesNamed: /help articles you read/,
  },
  it: {
    title: 'Informativa sulla privacy',
    ads: '7. Cookie dei fornitori pubblicitari',
    limited: /annunci limitati, .* che non memorizzano né leggono nulla sul dispositivo/,
    joint:
      /contitolari del trattamento .*: noi chiediamo e registriamo il tuo consenso .* ciascun fornitore risponde .* nei confronti nostri o del fornitore/,
    basis: /annunci limitati, .* legittimo interesse .* si basano sul tuo consenso/,
    consentForShowing: /mostrare pubblicità agli utenti del piano gratuito: il tuo consenso/,
    cookies: '6. Cookie',
    signalsKept: (days: number) =>
      `ricerche del centro assistenza (sezione 2) sono conservate per ${String(days)} giorni`,
    signalsUnnamed:
      /Non registriamo chi sei \(né account, né indirizzo email o IP, né identificativi del dispositivo\), ma una ricerca conserva le sue parole/,
    nothingStored: /La domanda e la ricerca del centro assistenza non salvano né leggono nulla sul dispositivo/,
    articlesNamed: /articoli di assistenza letti/,
  },
} as const;

describe.each(['en', 'it'] as const)('the privacy policy in %s', (language) => {
  const w = words[language];

  it('asks consent for anything ads store on or read from the device, and gives limited ads their own basis', async () => {
    renderSite(paths.privacy, language);
    await screen.findByRole('heading', { level: 1, name: w.title });
    const ads = screen.getByRole('region', { name: w.ads }).textContent;
    expect(ads).toContain(adConsent.tool);
    expect(ads).toContain(adConsent.choicesPath[language]);
    expect(ads).toMatch(w.limited);
    expect(ads).toMatch(w.joint);
    const text = document.querySelector('main')?.textContent ?? '';
    expect(text).toMatch(w.basis);
    expect(text).not.toMatch(w.consentForShowing);
  });

  it('states every retention period of the one table, and the contact form says both of its own', () => {
    const legal = language === 'en' ? enLegal : itLegal;
    const policy = JSON.stringify(legal.privacy);
    for (const name of Object.keys(retentionValues())) expect(policy, name).toContain(`{{${name}}}`);
    const notice = (language === 'en' ? enContact : itContact).support.privacyNotice;
    expect(notice).toContain('{{supportMonths}}');
    expect(notice).toContain('{{inboxMonths}}');
    // What the form sends besides the message, named where it is sent.
    expect(notice).toMatch(language === 'en' ? /device and app version/ : /il dispositivo e la versione dell'app/);
    expect(notice).toMatch(w.articlesNamed);
    expect(notice).toMatch(
      language === 'en' ? /known-problem notice you saw/ : /avviso di problema noto che hai visto/,
    );
    // The second use of what is sent: the articles read, counted for the team's weekly summary.
    expect(notice).toMatch(language === 'en' ? /weekly summary of the help centre/ : /riepilogo settimanale del team/);
  });

  // Issue 65: what the help centre records to learn where it fails, for how long, and that it
  // stores nothing on the device (so it asks no consent).
  it('says what the help centre records, with nothing that names the visitor, for how long, and nothing on the device', async () => {
    renderSite(paths.privacy, language);
    await screen.findByRole('heading', { level: 1, name: w.title });
    const text = document.querySelector('main')?.textContent ?? '';
    expect(text).toContain(w.signalsKept(retentionValues().signalDays));
    expect(text).toMatch(w.signalsUnnamed);
    expect(screen.getByRole('region', { name: w.cookies }).textContent).toMatch(w.nothingStored);
  });
});
