// The privacy policy names its controller and the terms their operator with the facts the law
// asks for (config/site.ts); the privacy policy lists what the site keeps in the browser
// (config/storage.ts); the accessibility statement states its conformance, lists the suite's
// checks, leads to Contact Us with the subject filled in and to AgID. Both languages, as a
// visitor reads them.
import { accessibilityStatement } from '../web/src/config/accessibility-statement.ts';
import { localizedPath } from '../web/src/config/paths.ts';
import { withdrawalAnchor } from '../web/src/config/plan-features.ts';
import { reaLine, registeredOfficeLine } from '../web/src/config/operator.ts';
import { site } from '../web/src/config/site.ts';
import { siteStorage } from '../web/src/config/storage.ts';
import { expect, test } from './support/fixtures.ts';
import { headings } from './support/texts.ts';
import { languages, open, paths, projectFor } from './support/site.ts';

const { chamber, number: taxCode } = site.company.register;
const controller = {
  en: `run by ${site.operatorName}, an Italian partnership with its registered office at ${registeredOfficeLine()}, VAT number ${site.vatNumber}, entered in the Companies Register of ${chamber} under number ${taxCode}, which is also its tax code, REA ${reaLine()}, certified email (PEC) ${site.company.pec}.`,
  it: `gestiti da ${site.operatorName}, società di persone di diritto italiano con sede legale in ${registeredOfficeLine()}, partita IVA ${site.vatNumber}, iscritta al Registro delle imprese di ${chamber} con numero e codice fiscale ${taxCode}, REA ${reaLine()}, PEC ${site.company.pec}.`,
};
const dataProtection = {
  en: `including exercising your rights, write to ${site.company.dataProtectionEmail}.`,
  it: `compreso l'esercizio dei tuoi diritti, scrivi a ${site.company.dataProtectionEmail}.`,
};
const operator = {
  en: `operated by ${site.operatorName}, an Italian partnership with its registered office at ${registeredOfficeLine()}, VAT number ${site.vatNumber}, Companies Register of ${chamber} and tax code ${taxCode}, REA ${reaLine()}, certified email (PEC) ${site.company.pec}.`,
  it: `gestito da ${site.operatorName}, società di persone di diritto italiano con sede legale in ${registeredOfficeLine()}, partita IVA ${site.vatNumber}, Reg. Imprese di ${chamber} e C.F. ${taxCode}, REA ${reaLine()}, PEC ${site.company.pec}.`,
};

const policyLink = { en: 'privacy policy', it: 'informativa sulla privacy' };
const withdrawalLink = { en: 'Right of withdrawal and its form', it: 'Diritto di recesso e modulo' };
const withdrawalHeading = { en: '6. Right of withdrawal', it: '6. Diritto di recesso' };
const withdrawalForm = { en: 'Model withdrawal form', it: 'Modulo di recesso tipo' };
const signInRegion = { en: 'Sign in to your account', it: 'Accedi al tuo account' };

// Each legal page loads its own document's texts in its own language only (src/locales/legal.ts):
// a switch of language fetches the other before the page changes, so it never waits on screen.
for (const [legalPage, other] of [
  ['privacy', 'it'],
  ['terms', 'en'],
] as const) {
  test(
    `the ${legalPage} page changes language in place, without a loading placeholder, to ${other}`,
    {
      tag: '@desktop',
    },
    async ({ page }) => {
      const from = other === 'it' ? 'en' : 'it';
      await open(page, localizedPath(paths[legalPage], from));
      // Whether the page's loading placeholder shows at any moment from here on.
      await page.evaluate(`(() => {
        window.placeholderSeen = false;
        new MutationObserver(() => {
          if (document.querySelector('.page-loading')) window.placeholderSeen = true;
        }).observe(document.body, { subtree: true, childList: true });
      })()`);
      await page.getByRole('combobox').selectOption(other);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(headings[legalPage][other]);
      // A sentence of the document's own in the new language: its text, not only its title.
      await expect(page.locator('article')).toContainText((legalPage === 'privacy' ? controller : operator)[other]);
      expect(await page.evaluate('window.placeholderSeen')).toBe(false);
    },
  );
}

for (const language of languages) {
  // Withdrawal is one click from the plans page: the terms open at its section and its form.
  test(
    `the plans page leads to the terms' section on withdrawal, shown on the screen; the terms name their operator, in ${language}`,
    { tag: projectFor(language, '@desktop') },
    async ({ page }) => {
      await open(page, localizedPath(paths.pro, language));
      await page.getByRole('link', { name: withdrawalLink[language] }).click();
      await expect(page).toHaveURL(new RegExp(`${localizedPath(paths.terms, language)}#${withdrawalAnchor}$`));
      const heading = page.getByRole('heading', { level: 2, name: withdrawalHeading[language] });
      await expect(heading).toBeInViewport();
      await expect(page.getByRole('region', { name: withdrawalForm[language] })).toContainText(site.supportEmail);
      await expect(page.locator('article')).toContainText(operator[language]);
    },
  );

  // Where data is collected, one line says what becomes of it, the policy a link away.
  for (const where of [paths.support, paths.account]) {
    test(
      `${where} says what becomes of what is sent, with a working link to the privacy policy, in ${language}`,
      { tag: projectFor(language, '@phone') },
      async ({ page }) => {
        await open(page, localizedPath(where, language));
        const form =
          where === paths.support
            ? page.locator('form.contact-form')
            : page.getByRole('region', { name: signInRegion[language] });
        await form.getByRole('link', { name: policyLink[language], exact: true }).click();
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(headings.privacy[language]);
        await expect(page).toHaveURL(new RegExp(`${localizedPath(paths.privacy, language)}$`));
      },
    );
  }
}

const storageHeading = {
  en: 'What this website keeps in your browser',
  it: 'Cosa conserva questo sito nel tuo browser',
};
const checks = {
  en: [
    /^axe-core \d+\.\d+/,
    /^W3C Nu HTML Checker \d+\.\d+/,
    /^Reflow: at 320 CSS pixels/,
    /^Keyboard: the skip link, the navigation, the language choice/,
    /^Three browser engines/,
    /^Lighthouse \d+\.\d+/,
  ],
  it: [
    /^axe-core \d+\.\d+/,
    /^W3C Nu HTML Checker \d+\.\d+/,
    /^Ridisposizione: a 320 pixel CSS/,
    /^Tastiera: il link per saltare al contenuto, la navigazione, la scelta della lingua/,
    /^Tre motori/,
    /^Lighthouse \d+\.\d+/,
  ],
};
const checksTitle = { en: 'The automated checks', it: 'Le verifiche automatiche' };
const status = {
  en: 'From the checks described below, the website is partially conformant with the Web Content Accessibility Guidelines (WCAG) 2.2 at level AA',
  it: "Dalle verifiche descritte qui sotto il sito risulta parzialmente conforme alle Linee guida per l'accessibilità dei contenuti Web (WCAG) 2.2, livello AA",
};
const agid = { en: "AgID's online reporting form", it: "modulo di segnalazione online dell'AgID" };
const report = { en: 'tell us through Contact Us', it: 'segnalacelo da Contattaci' };
const subject = { en: 'Accessibility barrier on the website', it: 'Barriera di accessibilità sul sito' };

for (const language of languages) {
  test(
    `the privacy policy names its controller and data-protection contact, and lists every cookie and storage item the site sets, in ${language}`,
    { tag: projectFor(language, '@desktop') },
    async ({ page }) => {
      await open(page, localizedPath(paths.privacy, language));
      const who = page.locator('section').first();
      await expect(who).toContainText(controller[language]);
      await expect(who).toContainText(dataProtection[language]);
      await expect(page.getByRole('heading', { level: 3, name: storageHeading[language] })).toBeVisible();
      const lists = page.locator('.legal__stored');
      await expect(lists).toHaveCount(Object.keys(siteStorage).length);
      for (const item of Object.values(siteStorage))
        await expect(lists.getByText(item.name, { exact: true })).toBeVisible();
      await expect(lists.first()).toContainText(language === 'en' ? '365 days' : '365 giorni');
    },
  );

  test(
    `every page's footer links to the accessibility statement, which states its status, lists the suite's checks and leads to Contact Us and AgID, in ${language}`,
    { tag: projectFor(language, '@phone') },
    async ({ page }) => {
      await open(page, localizedPath(paths.home, language));
      await page
        .getByRole('contentinfo')
        .getByRole('link', { name: language === 'en' ? 'Accessibility' : 'Accessibilità' })
        .click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(headings.accessibility[language]);
      await expect(page.locator('main')).toContainText(status[language]);
      // A build with no recorded green run lists the checks without a date; none says so.
      await expect(page.locator('main')).not.toContainText(/recorded run|esecuzione registrata/);
      const items = page.getByRole('region', { name: checksTitle[language] }).getByRole('listitem');
      await expect(items).toHaveCount(checks[language].length);
      for (const [index, pattern] of checks[language].entries()) await expect(items.nth(index)).toHaveText(pattern);
      await expect(page.getByRole('link', { name: agid[language] })).toHaveAttribute(
        'href',
        accessibilityStatement.authority.reportForm,
      );
      await page.getByRole('link', { name: report[language] }).click();
      await expect(page.locator('input[name=subject]')).toHaveValue(subject[language]);
    },
  );
}
