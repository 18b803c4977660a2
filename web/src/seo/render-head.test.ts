// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { languages } from '../config/languages';
import { routeNames } from '../config/site-pages';
import { type Page } from './addresses';
import { pageHead } from './page-head';
import { renderHead } from './render-head';

const pages: Page[] = [...routeNames, 'notFound'];
const cases = languages.flatMap((language) => pages.map((page) => [page, language] as const));

/** The head as a browser builds it from the HTML (jsdom's parser follows the HTML standard). */
function parseHead(html: string) {
  const document = new DOMParser().parseFromString(
    `<!doctype html><html><head>${html}</head><body></body></html>`,
    'text/html',
  );
  const { head } = document;
  const meta = (key: 'name' | 'property', value: string) =>
    [...head.querySelectorAll(`meta[${key}="${value}"]`)].map((element) => element.getAttribute('content'));
  return {
    document,
    title: head.querySelector('title')?.textContent,
    meta,
    links: [...head.querySelectorAll('link')].map((link) => ({
      rel: link.getAttribute('rel'),
      hreflang: link.getAttribute('hreflang'),
      href: link.getAttribute('href'),
    })),
    jsonLd: [...head.querySelectorAll('script[type="application/ld+json"]')].map(
      (script) => JSON.parse(script.textContent) as unknown,
    ),
  };
}

describe('renderHead', () => {
  it.each(cases)('writes the head of %s (%s) as a browser will read it', (page, language) => {
    const expected = pageHead(page, language);
    const parsed = parseHead(renderHead(page, language));

    // Nothing spilled into the body: every tag is one the head may hold.
    expect(parsed.document.body.childNodes).toHaveLength(0);
    expect(parsed.title).toBe(expected.title);
    expect(parsed.meta('name', 'description')).toEqual([expected.description]);
    expect(parsed.meta('name', 'robots')).toEqual(expected.robots ? ['noindex'] : []);
    expect(parsed.links).toEqual([
      ...(expected.canonical ? [{ rel: 'canonical', hreflang: null, href: expected.canonical }] : []),
      ...expected.alternates.map(({ hreflang, href }) => ({ rel: 'alternate', hreflang, href })),
    ]);

    const og = expected.openGraph;
    expect(parsed.meta('property', 'og:type')).toEqual(['website']);
    expect(parsed.meta('property', 'og:site_name')).toEqual([og.siteName]);
    expect(parsed.meta('property', 'og:title')).toEqual([og.title]);
    expect(parsed.meta('property', 'og:description')).toEqual([og.description]);
    expect(parsed.meta('property', 'og:url')).toEqual(og.url ? [og.url] : []);
    expect(parsed.meta('property', 'og:locale')).toEqual([og.locale]);
    expect(parsed.meta('property', 'og:locale:alternate')).toEqual(og.alternateLocales);
    expect(parsed.meta('property', 'og:image')).toEqual([og.image.url]);
    expect(parsed.meta('property', 'og:image:width')).toEqual(['1200']);
    expect(parsed.meta('property', 'og:image:height')).toEqual(['630']);
    expect(parsed.meta('property', 'og:image:alt')).toEqual([og.image.alt]);

    expect(parsed.meta('name', 'twitter:card')).toEqual(['summary_large_image']);
    expect(parsed.meta('name', 'twitter:title')).toEqual([expected.title]);
    expect(parsed.meta('name', 'twitter:description')).toEqual([expected.description]);
    expect(parsed.meta('name', 'twitter:image')).toEqual([og.image.url]);
    expect(parsed.meta('name', 'twitter:image:alt')).toEqual([og.image.alt]);
    expect(parsed.meta('name', 'apple-itunes-app')).toEqual([expected.appleItunesApp]);

    expect(parsed.jsonLd).toEqual(expected.jsonLd ? [expected.jsonLd] : []);
  });

  it('escapes the quotes in attribute values and the reader still gets the text as written', () => {
    const expected = pageHead('home', 'it');
    expect(expected.description).toContain("'"); // l'uscita
    const html = renderHead('home', 'it');
    expect(html).not.toContain(expected.description);
    expect(parseHead(html).meta('name', 'description')).toEqual([expected.description]);
  });
});
