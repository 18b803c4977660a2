import { join } from 'node:path';
import { chromium, type Browser, type Page as BrowserPage } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forecastDays, plans } from '../../web/src/config/constants.ts';
import { languages, type Language } from '../../web/src/config/languages.ts';
import {
  appAdsPath,
  helpArticleOf,
  isHelpArticle,
  paths,
  type HelpArticleRoute,
  type RouteName,
} from '../../web/src/config/paths.ts';
import { everyPath } from '../../web/src/config/site-pages.ts';
import { headings, helpTextPattern, helpTexts, legalLine, untranslatedKey } from '../../e2e/support/texts.ts';
import { site } from '../../web/src/config/site.ts';
import { readTextFile } from '../../web/build/fact-texts.ts';
import { hostingOrigin, root } from '../support/emulators.ts';
import { testChromiumArgs, testChromiumPath } from '../../scripts/lib/test-chromium.ts';

// What search engines, link previews and every visitor get before any script runs, from the
// Hosting emulator serving the built site: every page's head and body (its heading, the
// footer's legal line, no untranslated key) in English, at its Italian address (/it/…), and at its English address
// negotiated into Italian (Accept-Language, or the language cookie), read without running any
// script; then robots.txt, the sitemap and the share image. The expectations are worked out
// here from the texts (locales/*/meta.json) and the site's facts, not taken from the code that
// writes the head. Chromium (Debian's) parses each page, so a tag the HTML parser would push
// out of the head shows as missing.

type MetaTexts = {
  pages: Record<Exclude<RouteName, HelpArticleRoute> | 'notFound', { title: string; description: string }>;
  helpArticle: { title: string };
  shareImageAlt: string;
  app: { description: string; offers: { free: string; proMonthly: string; proYearly: string } };
};
const meta = Object.fromEntries(
  languages.map((language) => [
    language,
    readTextFile<MetaTexts>(join(root, 'web', 'src', 'locales', language, 'meta.json')),
  ]),
) as Record<Language, MetaTexts>;

const routes = Object.entries(everyPath) as Array<[RouteName, (typeof everyPath)[RouteName]]>;
const appPages: ReadonlySet<string> = new Set(['home', 'features', 'downloadApp', 'pro']);
const ogLocale: Record<Language, string> = { en: 'en_GB', it: 'it_IT' };
const shareImageUrl = `${site.origin}/images/share.jpg`;

/** A route's published address in a language, written out: `/features`, `/it/features`, `/it`. */
const address = (path: string, language: Language) => (language === 'en' ? path : `/it${path === '/' ? '' : path}`);
const absolute = (path: string, language: Language) => `${site.origin}${address(path, language)}`;

function fill(template: string, language: Language): string {
  const price = (value: number) =>
    new Intl.NumberFormat(language, { style: 'currency', currency: 'EUR' }).format(value);
  const values: Record<string, string> = {
    product: site.productName,
    proDays: String(forecastDays.pro),
    freeDays: String(forecastDays.free),
    monthly: price(plans.proMonthly.price),
    yearly: price(plans.proYearly.price),
  };
  return template.replace(/{{(\w+)}}/g, (_, name: string) => values[name] ?? `{{${name}}}`);
}

type HeadElement = { tag: string; attributes: Record<string, string>; text: string };
type ParsedPage = {
  status: number;
  contentType: string;
  lang: string;
  head: HeadElement[];
  strays: number;
  /** The body as the HTML has it: its level-1 headings, the footer's text, all its text. */
  h1: string[];
  footer: string;
  text: string;
};

let browser: Browser;
let parser: BrowserPage;

beforeAll(async () => {
  browser = await chromium.launch({ executablePath: testChromiumPath, args: testChromiumArgs });
  // Scripts off: the head must be right in the HTML itself, as a crawler or a share preview reads it.
  parser = await (await browser.newContext({ javaScriptEnabled: false })).newPage();
});

afterAll(async () => {
  await browser.close();
});

/** Fetches `path` with `headers` and has Chromium parse the HTML it gets. */
async function load(path: string, headers: Record<string, string> = {}): Promise<ParsedPage> {
  const response = await fetch(`${hostingOrigin}${path}`, { headers, redirect: 'manual' });
  const html = await response.text();
  await parser.setContent(html, { waitUntil: 'domcontentloaded' });
  const parsed = await parser.evaluate<Omit<ParsedPage, 'status' | 'contentType'>>(`({
    lang: document.documentElement.lang,
    head: [...document.head.children].map((element) => ({
      tag: element.localName,
      attributes: Object.fromEntries([...element.attributes].map((attribute) => [attribute.name, attribute.value])),
      text: element.textContent,
    })),
    strays: document.body.querySelectorAll(
      'title:not(svg title), meta, link[rel="canonical"], link[rel="alternate"], script[type="application/ld+json"]',
    ).length,
    h1: [...document.querySelectorAll('main h1')].map((element) => element.textContent.trim()),
    footer: document.querySelector('footer')?.textContent ?? '',
    text: document.body.innerText,
  })`);
  return { status: response.status, contentType: response.headers.get('content-type') ?? '', ...parsed };
}

const withAttribute = (head: HeadElement[], tag: string, name: string, value: string) =>
  head.filter((element) => element.tag === tag && element.attributes[name] === value);
const metaContent = (head: HeadElement[], key: 'name' | 'property', value: string) =>
  withAttribute(head, 'meta', key, value).map((element) => element.attributes.content);

/** Everything the head must say about a page in a language (`path` undefined: the not-found page). */
/**
 * The title and description a page's head must give: from meta.json, or for a help article its
 * title (in meta.json's frame) and summary from help.json, whose other placeholders are config's
 * values: matched as a pattern, any value in their place.
 */
function expectedTexts(
  name: RouteName | 'notFound',
  language: Language,
): { title: RegExp | string; description: RegExp | string } {
  if (!isHelpArticle(name)) {
    return {
      title: fill(meta[language].pages[name].title, language),
      description: fill(meta[language].pages[name].description, language),
    };
  }
  const article = helpTexts[language].articles[helpArticleOf(name)];
  const frame = fill(meta[language].helpArticle.title, language);
  const [before = '', after = ''] = frame.split('{{article}}');
  const title = helpTextPattern(`${before}${article.title}${after}`);
  return { title, description: helpTextPattern(article.summary) };
}

function expectHead(page: ParsedPage, name: RouteName | 'notFound', language: Language, path?: string) {
  const { head } = page;
  const expected = expectedTexts(name, language);
  const imageAlt = fill(meta[language].shareImageAlt, language);

  expect(page.lang).toBe(language);
  // A tag the parser could not keep in the head would land in the body (titles inside SVGs aside).
  expect(page.strays).toBe(0);
  const titles = head.filter((element) => element.tag === 'title').map((element) => element.text);
  expect(titles).toHaveLength(1);
  const title = titles[0] ?? '';
  if (typeof expected.title === 'string') expect(title).toBe(expected.title);
  else expect(title).toMatch(expected.title);
  expect(title).not.toContain('{{');
  const descriptions = metaContent(head, 'name', 'description');
  expect(descriptions).toHaveLength(1);
  const description = descriptions[0] ?? '';
  if (typeof expected.description === 'string') expect(description).toBe(expected.description);
  else expect(description).toMatch(expected.description);
  expect(description).not.toContain('{{');

  const canonical = withAttribute(head, 'link', 'rel', 'canonical').map((link) => link.attributes.href);
  const alternates = withAttribute(head, 'link', 'rel', 'alternate').map((link) => [
    link.attributes.hreflang,
    link.attributes.href,
  ]);
  if (path === undefined) {
    expect(metaContent(head, 'name', 'robots')).toEqual(['noindex']);
    expect(canonical).toEqual([]);
    expect(alternates).toEqual([]);
    expect(metaContent(head, 'property', 'og:url')).toEqual([]);
  } else {
    // The page the app's verification links land on is not one to find by searching.
    expect(metaContent(head, 'name', 'robots')).toEqual(path === paths.emailVerification ? ['noindex'] : []);
    expect(canonical).toEqual([absolute(path, language)]);
    expect(alternates).toEqual([
      ['en', absolute(path, 'en')],
      ['it', absolute(path, 'it')],
      ['x-default', absolute(path, 'en')],
    ]);
    expect(metaContent(head, 'property', 'og:url')).toEqual([absolute(path, language)]);
    expect(metaContent(head, 'property', 'og:locale:alternate')).toEqual([ogLocale[language === 'en' ? 'it' : 'en']]);
  }

  expect(metaContent(head, 'property', 'og:type')).toEqual(['website']);
  expect(metaContent(head, 'property', 'og:site_name')).toEqual([site.productName]);
  expect(metaContent(head, 'property', 'og:title')).toEqual([title]);
  expect(metaContent(head, 'property', 'og:description')).toEqual([description]);
  expect(metaContent(head, 'property', 'og:locale')).toEqual([ogLocale[language]]);
  expect(metaContent(head, 'property', 'og:image')).toEqual([shareImageUrl]);
  expect(metaContent(head, 'property', 'og:image:width')).toEqual(['1200']);
  expect(metaContent(head, 'property', 'og:image:height')).toEqual(['630']);
  expect(metaContent(head, 'property', 'og:image:alt')).toEqual([imageAlt]);
  expect(metaContent(head, 'name', 'twitter:card')).toEqual(['summary_large_image']);
  expect(metaContent(head, 'name', 'twitter:title')).toEqual([title]);
  expect(metaContent(head, 'name', 'twitter:description')).toEqual([description]);
  expect(metaContent(head, 'name', 'twitter:image')).toEqual([shareImageUrl]);
  expect(metaContent(head, 'name', 'twitter:image:alt')).toEqual([imageAlt]);
  expect(metaContent(head, 'name', 'apple-itunes-app')).toEqual([`app-id=${site.appStoreId}`]);
  expect(site.stores.appStore.endsWith(`/id${site.appStoreId}`)).toBe(true);

  const scripts = withAttribute(head, 'script', 'type', 'application/ld+json');
  if (!appPages.has(name)) {
    expect(scripts).toEqual([]);
    return;
  }
  expect(scripts).toHaveLength(1);
  const app = JSON.parse(scripts[0]?.text ?? '') as Record<string, unknown>;
  const offers = meta[language].app.offers;
  expect(app).toMatchObject({
    '@context': 'https://schema.org',
    '@type': 'MobileApplication',
    name: site.productName,
    operatingSystem: 'Android, iOS',
    applicationCategory: 'SportsApplication',
    description: fill(meta[language].app.description, language),
    inLanguage: language,
    url: absolute('/', language),
    installUrl: [site.stores.googlePlay, site.stores.appStore],
    offers: [
      { '@type': 'Offer', name: offers.free, price: plans.free.price, priceCurrency: plans.currency },
      {
        '@type': 'Offer',
        name: offers.proMonthly,
        price: plans.proMonthly.price,
        priceCurrency: plans.currency,
        priceSpecification: { price: plans.proMonthly.price, billingDuration: 'P1M' },
      },
      {
        '@type': 'Offer',
        name: offers.proYearly,
        price: plans.proYearly.price,
        priceCurrency: plans.currency,
        priceSpecification: { price: plans.proYearly.price, billingDuration: 'P1Y' },
      },
    ],
    // The operator, from the same facts as the footer's legal line and the legal texts.
    publisher: {
      '@type': 'Organization',
      name: site.operatorName,
      legalName: site.operatorName,
      vatID: site.vatNumber,
      url: site.origin,
      address: {
        '@type': 'PostalAddress',
        streetAddress: site.company.registeredOffice.street,
        postalCode: site.company.registeredOffice.postalCode,
        addressLocality: site.company.registeredOffice.city,
        addressRegion: site.company.registeredOffice.province,
        addressCountry: 'IT',
      },
    },
  });
}

/**
 * What a page's body says on its own, in the HTML itself: its heading, the operator's legal
 * line in the footer, and no translation key in place of a text. Every address is checked here,
 * without a browser; the browser suites open one page of each template (e2e/support/addresses.ts).
 */
function expectBody(page: ParsedPage, name: RouteName | 'notFound', language: Language): void {
  const heading = headings[name][language];
  expect(page.h1).toHaveLength(1);
  if (typeof heading === 'string') expect(page.h1[0]).toBe(heading);
  else expect(page.h1[0]).toMatch(heading);
  expect(page.footer).toContain(site.operatorName);
  expect(page.footer.replace(/\s+/g, ' ')).toContain(legalLine[language]);
  expect(page.text).not.toMatch(untranslatedKey);
}

describe('pages served by Hosting: head and body', () => {
  it.each(routes)('%s in English, at its own address', async (name, path) => {
    const page = await load(path);
    expect(page.status).toBe(200);
    expect(page.contentType).toMatch(/^text\/html/);
    expectHead(page, name, 'en', path);
    expectBody(page, name, 'en');
  });

  it.each(routes)('%s in Italian, at its own /it address', async (name, path) => {
    const page = await load(address(path, 'it'));
    expect(page.status).toBe(200);
    expectHead(page, name, 'it', path);
    expectBody(page, name, 'it');
  });

  it.each(routes)('%s in Italian, at the English address for an Italian browser', async (name, path) => {
    const page = await load(path, { 'Accept-Language': 'it' });
    expect(page.status).toBe(200);
    expectHead(page, name, 'it', path);
  });

  it.each(routes)('%s in Italian, at the English address for the language cookie', async (name, path) => {
    const page = await load(path, { 'Accept-Language': 'en', Cookie: 'firebase-language-override=it' });
    expect(page.status).toBe(200);
    expectHead(page, name, 'it', path);
  });

  it('answers an unknown path with the not-found page, kept out of search results', async () => {
    const page = await load('/no/such/page');
    expect(page.status).toBe(404);
    expectHead(page, 'notFound', 'en');
    expectBody(page, 'notFound', 'en');
  });

  it('answers an unknown path in Italian for an Italian browser', async () => {
    const page = await load('/no/such/page', { 'Accept-Language': 'it' });
    expect(page.status).toBe(404);
    expectHead(page, 'notFound', 'it');
    expectBody(page, 'notFound', 'it');
  });
});

describe('files for crawlers and previews', () => {
  const publicPages = routes
    .filter(([, path]) => path !== paths.emailVerification)
    .flatMap(([, path]) => languages.map((language) => absolute(path, language)));

  it('serves robots.txt allowing everything and naming the sitemap', async () => {
    const response = await fetch(`${hostingOrigin}/robots.txt`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    const lines = (await response.text()).split('\n').map((line) => line.trim());
    expect(lines).toContain('User-agent: *');
    expect(lines).toContain('Allow: /');
    expect(lines.filter((line) => /^disallow:\s*\S/i.test(line))).toEqual([]);
    expect(lines.filter((line) => /^sitemap:/i.test(line))).toEqual([`Sitemap: ${site.origin}/sitemap.xml`]);
  });

  it('serves a sitemap listing exactly every listed page in both languages, with their alternates', async () => {
    const response = await fetch(`${hostingOrigin}/sitemap.xml`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/xml/);
    const xml = await response.text();
    const urls = await parser.evaluate<Array<{ loc: string; links: string[][] }> | null>(`(() => {
      const document = new DOMParser().parseFromString(${JSON.stringify(xml)}, 'application/xml');
      if (document.getElementsByTagName('parsererror').length > 0) return null;
      return [...document.getElementsByTagName('url')].map((url) => ({
        loc: url.getElementsByTagName('loc')[0]?.textContent,
        links: [...url.getElementsByTagNameNS('http://www.w3.org/1999/xhtml', 'link')].map((link) =>
          [link.getAttribute('hreflang'), link.getAttribute('href')]),
      }));
    })()`);
    expect(urls).not.toBeNull();

    expect((urls ?? []).map((url) => url.loc).sort()).toEqual([...publicPages].sort());
    expect(xml).not.toContain(appAdsPath);
    for (const url of urls ?? []) {
      const path = routes
        .map(([, route]) => route)
        .find((route) => languages.some((l) => absolute(route, l) === url.loc));
      expect(path, url.loc).toBeDefined();
      expect(url.links).toEqual([
        ['en', absolute(path ?? '', 'en')],
        ['it', absolute(path ?? '', 'it')],
        ['x-default', absolute(path ?? '', 'en')],
      ]);
    }
  });

  it('serves the share image as a 1200 × 630 JPEG', async () => {
    const response = await fetch(`${hostingOrigin}/images/share.jpg`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/jpeg');
    const image = Buffer.from(await response.arrayBuffer());
    expect(image.length).toBeLessThan(120 * 1024);
    const { format, width, height } = await sharp(image).metadata();
    expect({ format, width, height }).toEqual({ format: 'jpeg', width: 1200, height: 630 });
  });
});
