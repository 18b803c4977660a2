// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import jsQR from 'jsqr';
import { beforeAll, describe, expect, it } from 'vitest';
import { contactPictureLimits } from '../config/contact-picture';
import { formatCount } from '../config/formatted';
import { languages } from '../config/languages';
import { helpArticlePath, paths } from '../config/paths';
import { profileFieldList } from '../config/account';
import { adProviders, processors } from '../config/processors';
import { site } from '../config/site';
import { renderSite } from '../test/render';
import { loadEveryLegalText } from '../locales/legal';

// The legal texts are parts of their own, loaded by the page; here before any test looks.
beforeAll(loadEveryLegalText);

describe.each([
  ['en', { download: 'Download App', pro: `Become a ${site.productName} PRO Member`, verify: 'Email Verification' }],
  ['it', { download: "Scarica l'app", pro: `Diventa un utente Pro di ${site.productName}`, verify: 'Verifica email' }],
] as const)('pages in %s', (language, titles) => {
  it.each([
    [paths.downloadApp, titles.download],
    [paths.pro, titles.pro],
    [paths.emailVerification, titles.verify],
    [paths.partner, language === 'en' ? 'Partners' : 'Partner'],
    [paths.account, 'Account'],
  ])('%s has its heading', async (path, title) => {
    renderSite(path, language);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeDefined();
  });

  it('gives the Account page’s one address for requests about data, filled in', async () => {
    renderSite(paths.account, language);
    await screen.findByRole('region', {
      name: language === 'en' ? 'Sign in to your account' : 'Accedi al tuo account',
    });
    const text = document.querySelector('main')?.textContent ?? '';
    expect(text.split(site.company.dataProtectionEmail).length).toBeGreaterThanOrEqual(3);
    expect(text).not.toContain('{{');
  });

  it('says under the Account page’s sign-in what becomes of the account’s data, with the policy a link away', async () => {
    renderSite(paths.account, language);
    const signIn = await screen.findByRole('region', {
      name: language === 'en' ? 'Sign in to your account' : 'Accedi al tuo account',
    });
    const policy = within(signIn).getByRole('link', {
      name: language === 'en' ? 'privacy policy' : 'informativa sulla privacy',
    });
    expect(policy.getAttribute('href')).toMatch(new RegExp(`${paths.privacy}$`));
  });
});

describe('Pro', () => {
  it.each([
    [
      'en',
      'renews automatically',
      'until you cancel it',
      ['How to cancel Pro, and by when', 'Refunds', 'Terms for Pro'],
    ],
    [
      'it',
      'si rinnova automaticamente',
      'finché non lo disdici',
      ['Come disdire Pro, ed entro quando', 'Rimborsi', 'Condizioni per Pro'],
    ],
  ] as const)(
    'says in %s, before anyone buys, that Pro renews until cancelled in the store, a link from how',
    async (language, renews, until, links) => {
      renderSite(paths.pro, language);
      await screen.findByRole('list', { name: language === 'en' ? 'Plans' : 'Piani' });
      const note = [...document.querySelectorAll('.plans__note')].find((paragraph) =>
        paragraph.textContent.includes(renews),
      );
      expect(note?.textContent).toContain(until);
      for (const store of ['Google Play', 'App Store']) expect(note?.textContent).toContain(store);
      const hrefs = links.map((name) =>
        within(note as HTMLElement)
          .getByRole('link', { name })
          .getAttribute('href'),
      );
      // Relative to the language's base, as every link of the site (the Italian router adds /it).
      expect(hrefs).toEqual([helpArticlePath('cancel-pro'), helpArticlePath('pro-refund'), paths.terms]);
    },
  );

  it.each([
    ['en', ['€0', '€2.79', '€27.99'], 'Save 16%'],
    ['it', ['0 €', '2,79 €', '27,99 €'], 'Risparmi il 16%'],
  ] as const)('formats the prices for %s', async (language, prices, saving) => {
    renderSite(paths.pro, language);
    const plans = await screen.findByRole('list', { name: language === 'en' ? 'Plans' : 'Piani' });
    const text = plans.textContent.replace(/\s/g, ' ');
    for (const price of prices) expect(text).toContain(price);
    expect(document.querySelector('main')?.textContent).toContain(language === 'en' ? 'VAT included' : 'IVA inclusa');
    expect(text).toContain(saving);
    // The whole label, word for word: nothing added after the percentage.
    expect(within(plans).getByText(saving)).toBeDefined();
    // The free plan shows its price and nothing after it (no "forever").
    expect(plans.querySelector('.plan--free .plan__price')?.textContent.replace(/\s/g, ' ').trim()).toBe(prices[0]);
  });

  it('links every plan to the download page and marks the comparison', async () => {
    renderSite(paths.pro);
    const buttons = await screen.findAllByRole('link', { name: 'Download the app' });
    expect(buttons.map((button) => button.getAttribute('href'))).toEqual(Array(3).fill(paths.downloadApp));
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    const marks = rows.map((row) => [
      within(row).getByRole('rowheader').textContent,
      ...within(row)
        .getAllByRole('cell')
        .map((cell) => (cell.textContent.includes('✓') ? 'check' : 'close')),
    ]);
    // Section 9 of the specification: the forecast's longer days, no advertisements, the
    // badge and both map rows are Pro's; what the free plan has, Pro has too.
    expect(marks).toEqual([
      ['Log your catches with photos, gear, spot, date and the weather of that moment', 'check', 'check'],
      ['Follow other anglers and share your posts', 'check', 'check'],
      ['3-day hourly marine weather forecast', 'check', 'check'],
      ['7-day hourly marine weather forecast', 'close', 'check'],
      ['No advertisements', 'close', 'check'],
      ['The Pro badge on your profile, which shows that you subscribe to Pro', 'close', 'check'],
      ['Your catches on the map', 'close', 'check'],
      ["Each catch's log, opened from its place on the map", 'close', 'check'],
    ]);
  });
});

/** Reads the QR code qrcode.react drew: its path has one "M x y h w v1 H x z" per run of dark modules. */
function decodeQr(svg: SVGSVGElement): string | undefined {
  const size = Number(svg.getAttribute('viewBox')?.split(' ')[2]);
  const path = svg.querySelectorAll('path')[1]?.getAttribute('d') ?? '';
  const scale = 4;
  const pixels = new Uint8ClampedArray(size * scale * size * scale * 4).fill(255);
  for (const [, x, y, width] of path.matchAll(/M(\d+)[ ,](\d+) ?h(\d+)v1H\d+z/g)) {
    for (let column = Number(x); column < Number(x) + Number(width); column++) {
      for (let dy = 0; dy < scale; dy++) {
        for (let dx = 0; dx < scale; dx++) {
          const offset = ((Number(y) * scale + dy) * size * scale + column * scale + dx) * 4;
          pixels.fill(0, offset, offset + 3);
        }
      }
    }
  }
  return jsQR(pixels, size * scale, size * scale)?.data;
}

describe('Download App', () => {
  it.each(languages)('shows each store badge, "or" and a 200 px QR code of the same link (%s)', async (language) => {
    renderSite(paths.downloadApp, language);
    const entries = await screen.findAllByRole('region');
    expect(entries).toHaveLength(2);
    for (const entry of entries) {
      const badge = within(entry).getByRole('link');
      const svg = entry.querySelector('svg[data-store]') as SVGSVGElement;
      expect(svg.getAttribute('width')).toBe('200');
      expect(decodeQr(svg)).toBe(badge.getAttribute('href'));
      expect(Object.values(site.stores)).toContain(badge.getAttribute('href'));
    }
  });
});

describe('Email verification', () => {
  it('offers the support address to users with trouble', async () => {
    renderSite(paths.emailVerification);
    await screen.findByRole('heading', { level: 1 });
    const main = document.querySelector('main') as HTMLElement;
    const link = within(main).getByRole('link', { name: site.supportEmail });
    expect(link.getAttribute('href')).toBe(`mailto:${site.supportEmail}`);
  });
});

describe.each([
  [
    'en',
    {
      privacy: 'Privacy Policy',
      terms: 'Terms and Conditions',
      topics: {
        privacy: [
          'Information we collect',
          'Log data',
          'Cookies used by advertising providers',
          'Cookies',
          'Service providers',
          'Security',
          'Links to other sites',
          "Children's privacy",
          'Legal disclosure',
          'Changes to this policy',
        ],
        terms: [
          'Intellectual property',
          'Links to other sites',
          'Termination',
          'Disclaimer',
          'Governing law',
          'Changes',
        ],
      },
    },
  ],
  [
    'it',
    {
      privacy: 'Informativa sulla privacy',
      terms: 'Termini e condizioni',
      topics: {
        privacy: ['Dati che raccogliamo', 'Dati di log', 'Cookie dei fornitori pubblicitari', 'Privacy dei minori'],
        terms: ['Proprietà intellettuale', 'Cessazione', 'Legge applicabile', 'Modifiche ai termini'],
      },
    },
  ],
] as const)('legal texts in %s', (language, expected) => {
  it.each([
    [paths.privacy, 'privacy'],
    [paths.terms, 'terms'],
  ] as const)('%s has its title, a contents list and every topic', async (path, legalText) => {
    renderSite(path, language);
    expect(await screen.findByRole('heading', { level: 1, name: expected[legalText] })).toBeDefined();
    const headings = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    for (const topic of expected.topics[legalText]) {
      expect(
        headings.some((heading) => heading.includes(topic)),
        `${topic} in ${headings.join(' | ')}`,
      ).toBe(true);
    }
    const contents = screen.getByRole('navigation', { name: language === 'en' ? 'Contents' : 'Indice' });
    const links = within(contents).getAllByRole('link');
    expect(links.length).toBe(headings.length - 1);
    for (const link of links) expect(document.getElementById(link.getAttribute('href')?.slice(1) ?? '')).not.toBeNull();
    const text = document.querySelector('main')?.textContent ?? '';
    expect(text).not.toMatch(/{{|}}/);
    if (legalText === 'privacy') {
      // One address for everything about personal data, rights included.
      expect(text).toContain(site.company.dataProtectionEmail);
      expect(text).not.toContain(site.supportEmail);
    } else {
      expect(text).toContain(site.supportEmail);
    }
  });

  it('names every processor, where it works and how a transfer is safeguarded, and the ad providers', async () => {
    renderSite(paths.privacy, language);
    await screen.findByRole('heading', { level: 1, name: expected.privacy });
    const items = [...document.querySelectorAll('.legal__processors li')].map((item) => item.textContent);
    expect(items).toHaveLength(Object.keys(processors).length);
    for (const [index, processor] of Object.values(processors).entries()) {
      expect(items[index]).toContain(processor.company);
    }
    const firebaseGlobal = items[Object.keys(processors).indexOf('firebaseGlobal')];
    expect(firebaseGlobal).toContain(language === 'en' ? 'United States' : 'Stati Uniti');
    expect(firebaseGlobal).toContain('Data Privacy Framework');
    const text = document.querySelector('main')?.textContent ?? '';
    for (const provider of adProviders) expect(text).toContain(provider.name);
    expect(text).toContain(profileFieldList(language));
    expect(text).not.toMatch(language === 'en' ? /time spent/ : /tempo trascorso/);
  });

  it('says what is kept of a contact message’s picture, and that the form’s draft does not keep it', async () => {
    renderSite(paths.privacy, language);
    await screen.findByRole('heading', { level: 1, name: expected.privacy });
    const collected = screen.getByRole('region', {
      name: language === 'en' ? '2. Information we collect' : '2. Dati che raccogliamo',
    });
    expect(collected.textContent).toContain(`${formatCount(language, contactPictureLimits.maxSidePx)} pixel`);
    expect(collected.textContent).toMatch(/EXIF/);
    expect(collected.textContent).toMatch(/GPS/);
    const kept = screen.getByRole('region', {
      name: language === 'en' ? '9. How long we keep your data' : '9. Per quanto tempo conserviamo i dati',
    });
    expect(kept.textContent).toMatch(language === 'en' ? /screenshot or photo/ : /screenshot o foto/);
    const draft = [...document.querySelectorAll('.legal__stored')].find((item) =>
      item.textContent.includes('contact-form-draft'),
    );
    expect(draft?.textContent).toMatch(language === 'en' ? /does not keep a screenshot/ : /Non conserva l'immagine/);
  });

  it('states the minimum age, the notice for changes and Italian law', async () => {
    renderSite(paths.terms, language);
    await screen.findByRole('heading', { level: 1, name: expected.terms });
    const text = document.querySelector('main')?.textContent ?? '';
    expect(text).toContain('18');
    expect(text).toContain('30');
    expect(text).toMatch(language === 'en' ? /laws of Italy|Italian law/ : /legge italiana|diritto italiano/);
  });
});

describe('the terms and the plans', () => {
  it.each([
    ['en', 'Terms and Conditions', 'VAT included', "Each catch's log, opened from its place on the map"],
    ['it', 'Termini e condizioni', 'IVA inclusa', 'La scheda di ogni cattura, aperta dalla sua posizione sulla mappa'],
  ] as const)(
    'list what each plan includes, from the same list as the plans page (%s)',
    async (language, title, vat, proFeature) => {
      renderSite(paths.terms, language);
      await screen.findByRole('heading', { level: 1, name: title });
      const section = screen.getByRole('region', {
        name: language === 'en' ? '5. Free and Pro plans' : '5. Piano gratuito e piano Pro',
      });
      const [free, pro] = within(section).getAllByRole('list');
      expect(within(free as HTMLElement).getAllByRole('listitem')).toHaveLength(3);
      expect(
        within(pro as HTMLElement)
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toContain(proFeature);
      expect(within(pro as HTMLElement).getAllByRole('listitem')).toHaveLength(5);
      expect(section.textContent).toContain(vat);
      expect(section.textContent).not.toMatch(/{{|}}/);
    },
  );
});

describe('Features', () => {
  it.each([
    ['en', 'Features', ['Connect and Share', 'Log Catches', 'Marine Weather Forecast', 'Privacy'], '/phones/en/'],
    [
      'it',
      'Funzionalità',
      ['Segui e condividi', 'Registra le catture', 'Previsioni meteo marine', 'Privacy'],
      '/phones/it/',
    ],
  ] as const)('shows the four blocks with screenshots in %s', async (language, title, blocks, folder) => {
    renderSite(paths.features, language);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeDefined();
    const headings = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(headings).toEqual(blocks);
    const main = document.querySelector('main') as HTMLElement;
    const images = within(main).getAllByRole('img');
    expect(images.length).toBeGreaterThanOrEqual(7);
    for (const image of images) expect(image.getAttribute('alt')).not.toBe('');
    for (const source of main.querySelectorAll('source')) expect(source.getAttribute('srcset')).toContain(folder);
    expect(main.textContent).toContain(
      language === 'en' ? '7 days with Pro and 3 days free' : '7 giorni con Pro e 3 giorni gratis',
    );
    // The map is Pro's (config/plan-features.ts): its caption says so, and no other does.
    const labelled = [...main.querySelectorAll('figcaption')].filter((caption) => caption.querySelector('.pro-label'));
    expect(labelled.map((caption) => caption.textContent)).toEqual([
      language === 'en' ? 'Map to view logged catches Pro' : 'Mappa per vedere le catture registrate Pro',
    ]);
  });
});
