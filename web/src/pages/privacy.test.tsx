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
    joint: 'joint controllers',
    basis: /limited ads, .* legitimate interest .*; .* rest on your consent/,
    consentForShowing: /to show advertising to free members: your consent/,
  },
  it: {
    title: 'Informativa sulla privacy',
    ads: '7. Cookie dei fornitori pubblicitari',
    limited: /annunci limitati, .* che non memorizzano né leggono nulla sul dispositivo/,
    joint: 'contitolari del trattamento',
    basis: /annunci limitati, .* legittimo interesse .* si basano sul tuo consenso/,
    consentForShowing: /mostrare pubblicità agli utenti del piano gratuito: il tuo consenso/,
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
    expect(ads).toContain(w.joint);
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
    expect(notice).toMatch(language === 'en' ? /device and app version/ : /dispositivo e versione dell'app/);
  });
});
