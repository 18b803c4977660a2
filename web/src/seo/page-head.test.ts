import { describe, expect, it } from 'vitest';
import { plans } from '../config/constants';
import { languages, type Language } from '../config/languages';
import { type RouteName } from '../config/paths';
import { everyPath, routeNames } from '../config/site-pages';
import { site } from '../config/site';
import { type Page } from './addresses';
import { appPages, headTags, pageHead } from './page-head';

const pages: Page[] = [...routeNames, 'notFound'];
const cases = languages.flatMap((language) => pages.map((page) => [page, language] as const));

/** A route's addresses written out here, not through localizedPath, so a slip there shows. */
function expectedUrl(page: RouteName, language: Language): string {
  const path = everyPath[page];
  if (language === 'en') return `${site.origin}${path}`;
  return `${site.origin}/it${path === '/' ? '' : path}`;
}

describe('pageHead', () => {
  it.each(cases)('%s (%s) has a filled-in title and description of a sensible length', (page, language) => {
    const { title, description } = pageHead(page, language);
    expect(title).toContain(site.productName);
    for (const text of [title, description]) expect(text).not.toMatch(/{{|}}/);
    // Search results cut titles after about 60 characters and descriptions after about 160.
    expect(title.length).toBeGreaterThan(15);
    expect(title.length).toBeLessThanOrEqual(70);
    expect(description.length).toBeGreaterThanOrEqual(100);
    expect(description.length).toBeLessThanOrEqual(160);
  });

  it.each(languages)('gives every page its own title and description in %s', (language) => {
    const heads = pages.map((page) => pageHead(page, language));
    expect(new Set(heads.map((head) => head.title)).size).toBe(pages.length);
    expect(new Set(heads.map((head) => head.description)).size).toBe(pages.length);
  });

  it.each(pages)('says %s differently in English and Italian', (page) => {
    const [english, italian] = [pageHead(page, 'en'), pageHead(page, 'it')];
    expect(italian.title).not.toBe(english.title);
    expect(italian.description).not.toBe(english.description);
  });

  it.each(cases.filter(([page]) => page !== 'notFound'))(
    '%s (%s) has its canonical address and the alternates of both languages',
    (page, language) => {
      const route = page as RouteName;
      const head = pageHead(route, language);
      expect(head.canonical).toBe(expectedUrl(route, language));
      expect(head.alternates).toEqual([
        { hreflang: 'en', href: expectedUrl(route, 'en') },
        { hreflang: 'it', href: expectedUrl(route, 'it') },
        { hreflang: 'x-default', href: expectedUrl(route, 'en') },
      ]);
      expect(head.robots).toBe(page === 'emailVerification' ? 'noindex' : undefined);
      expect(head.openGraph.url).toBe(head.canonical);
    },
  );

  it.each(languages)(
    'gives an address shaped like an article’s that names none the not-found head (%s)',
    (language) => {
      expect(pageHead('help/no-such-article' as Page, language)).toEqual(pageHead('notFound', language));
    },
  );

  it('writes the home addresses without a trailing slash after the language', () => {
    expect(pageHead('home', 'en').canonical).toBe(`${site.origin}/`);
    expect(pageHead('home', 'it').canonical).toBe(`${site.origin}/it`);
  });

  it.each(languages)('keeps the not-found page (%s) out of search results and out of the address lists', (language) => {
    const head = pageHead('notFound', language);
    expect(head.robots).toBe('noindex');
    expect(head.canonical).toBeUndefined();
    expect(head.alternates).toEqual([]);
    expect(head.openGraph.url).toBeUndefined();
    expect(head.jsonLd).toBeUndefined();
  });

  it.each(cases)('%s (%s) has Open Graph and Twitter card tags with the share image', (page, language) => {
    const head = pageHead(page, language);
    const image = `${site.origin}/images/share.jpg`;
    expect(head.openGraph).toMatchObject({
      type: 'website',
      siteName: site.productName,
      title: head.title,
      description: head.description,
      locale: language === 'en' ? 'en_GB' : 'it_IT',
      image: { url: image, type: 'image/jpeg', width: 1200, height: 630 },
    });
    expect(head.openGraph.image.alt).toContain(site.productName);
    expect(head.openGraph.alternateLocales).toEqual(page === 'notFound' ? [] : [language === 'en' ? 'it_IT' : 'en_GB']);
    expect(head.twitter).toEqual({
      card: 'summary_large_image',
      title: head.title,
      description: head.description,
      image,
      imageAlt: head.openGraph.image.alt,
    });
  });

  it.each(cases)('%s (%s) points Safari’s app banner at the App Store listing', (page, language) => {
    const { appleItunesApp } = pageHead(page, language);
    expect(appleItunesApp).toBe(`app-id=${site.appStoreId}`);
    expect(site.stores.appStore).toMatch(new RegExp(`/id${site.appStoreId}$`));
  });

  it.each(cases)('%s (%s) describes the app in JSON-LD where the page presents it', (page, language) => {
    const { jsonLd } = pageHead(page, language);
    if (!['home', 'features', 'downloadApp', 'pro'].includes(page)) {
      expect(jsonLd).toBeUndefined();
      return;
    }
    expect(appPages.has(page)).toBe(true);
    expect(jsonLd).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'MobileApplication',
      name: site.productName,
      operatingSystem: 'Android, iOS',
      applicationCategory: 'SportsApplication',
      inLanguage: language,
      url: expectedUrl('home', language),
      installUrl: [site.stores.googlePlay, site.stores.appStore],
    });
    expect(jsonLd?.description.length).toBeGreaterThan(50);
    const offers = jsonLd?.offers.map(({ name, price, priceCurrency, priceSpecification }) => ({
      name,
      price,
      priceCurrency,
      billing: priceSpecification?.billingDuration,
    }));
    expect(offers).toEqual([
      {
        name: language === 'en' ? 'Free' : 'Gratis',
        price: plans.free.price,
        priceCurrency: 'EUR',
        billing: undefined,
      },
      {
        name: language === 'en' ? 'Pro Monthly' : 'Pro mensile',
        price: plans.proMonthly.price,
        priceCurrency: 'EUR',
        billing: 'P1M',
      },
      {
        name: language === 'en' ? 'Pro Yearly' : 'Pro annuale',
        price: plans.proYearly.price,
        priceCurrency: 'EUR',
        billing: 'P1Y',
      },
    ]);
  });

  it.each(languages)('quotes the plan prices in the Pro description as the %s pages show them', (language) => {
    const money = new Intl.NumberFormat(language, { style: 'currency', currency: plans.currency });
    const { description } = pageHead('pro', language);
    expect(description).toContain(money.format(plans.proMonthly.price));
    expect(description).toContain(money.format(plans.proYearly.price));
  });

  it.each(languages)('names Pro and the right of withdrawal in the terms’ description (%s)', (language) => {
    const { description } = pageHead('terms', language);
    expect(description).toContain('Pro');
    expect(description).toMatch(/right of withdrawal|diritto di recesso/);
  });
});

describe('headTags', () => {
  it('writes the JSON-LD so that nothing in it can close its script element', () => {
    const script = headTags(pageHead('home', 'en')).find((tag) => tag.tag === 'script');
    expect(script).toBeDefined();
    const text = script && 'text' in script ? script.text : '';
    expect(text).not.toMatch(/[<>&]/);
    expect(JSON.parse(text)).toEqual(pageHead('home', 'en').jsonLd);
  });
});
