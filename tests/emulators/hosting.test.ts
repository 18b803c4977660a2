import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { headings, skipLinks, type Language } from '../../e2e/support/texts.ts';
import { localizedPath, paths, type RouteName } from '../../web/src/config/paths.ts';
import { everyPath } from '../../web/src/config/site-pages.ts';
import { appLinks } from '../../web/src/config/site.ts';
import { hostingOrigin, root } from '../support/emulators.ts';

// What the Hosting emulator answers, read as a crawler or a browser's first response sees it:
// without running any JavaScript.
const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${hostingOrigin}${path}`, { redirect: 'manual', headers });

type Page = {
  status: number;
  lang: string | undefined;
  base: string | undefined;
  h1: string;
  main: string;
  html: string;
};

async function read(path: string, headers?: Record<string, string>): Promise<Page> {
  const response = await get(path, headers);
  expect(response.headers.get('content-type')).toMatch(/^text\/html/);
  const html = await response.text();
  const htmlTag = /<html([^>]*)>/.exec(html)?.[1] ?? '';
  const text = (markup: string) =>
    markup
      .replace(/<[^>]+>/g, ' ')
      .replace(/&#x27;/g, "'")
      .replace(/\s+/g, ' ')
      .trim();
  return {
    status: response.status,
    lang: /\blang="([^"]+)"/.exec(htmlTag)?.[1],
    base: /\bdata-base="([^"]+)"/.exec(htmlTag)?.[1],
    h1: text(/<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1] ?? ''),
    main: text(/<main[^>]*>([\s\S]*?)<\/main>/.exec(html)?.[1] ?? ''),
    html,
  };
}

function expectPage(page: Page, name: RouteName | 'notFound', language: Language) {
  expect(page.lang).toBe(language);
  const heading = headings[name][language];
  if (typeof heading === 'string') expect(page.h1).toBe(heading);
  else expect(page.h1).toMatch(heading);
  expect(page.html).toContain(`>${skipLinks[language]}<`);
  // The page itself is in the HTML, not a placeholder that JavaScript fills in later.
  expect(page.main).toContain(page.h1);
  expect(page.html).not.toContain('page-loading');
}

const routes = Object.entries(everyPath) as Array<[RouteName, (typeof everyPath)[RouteName]]>;

describe('prerendered pages from Hosting', () => {
  it.each(routes)('%s: English at its address by default', async (name, path) => {
    const page = await read(path);
    expect(page.status).toBe(200);
    expectPage(page, name, 'en');
    expect(page.base).toBeUndefined();
  });

  it.each(routes)('%s: Italian at its own /it address, whatever the browser prefers', async (name, path) => {
    const page = await read(localizedPath(path, 'it'), { 'Accept-Language': 'en-GB,en;q=0.9' });
    expect(page.status).toBe(200);
    expectPage(page, name, 'it');
    expect(page.base).toBe('/it');
    expect(page.html).toContain(`href="${localizedPath(paths.features, 'it')}"`);
  });

  it.each(routes)('%s: Italian at the plain address for a browser that prefers Italian', async (name, path) => {
    const page = await read(path, { 'Accept-Language': 'it-IT,it;q=0.9,en;q=0.8' });
    expect(page.status).toBe(200);
    expectPage(page, name, 'it');
    expect(page.base).toBeUndefined();
  });

  it('keeps English for a browser that prefers English but also reads Italian', async () => {
    expectPage(await read(paths.pro, { 'Accept-Language': 'en-US,en;q=0.9,it;q=0.8' }), 'pro', 'en');
  });

  it('follows the language chosen in the selector (cookie) over the browser', async () => {
    expectPage(await read(paths.pro, { Cookie: 'firebase-language-override=it' }), 'pro', 'it');
    expectPage(
      await read(paths.pro, { Cookie: 'firebase-language-override=en', 'Accept-Language': 'it-IT,it;q=0.9' }),
      'pro',
      'en',
    );
  });

  it('answers an unknown path with HTTP 404 and the not-found page in the visitor language', async () => {
    const english = await read('/no/such/page');
    expect(english.status).toBe(404);
    expectPage(english, 'notFound', 'en');
    const italian = await read('/no/such/page', { 'Accept-Language': 'it' });
    expect(italian.status).toBe(404);
    expectPage(italian, 'notFound', 'it');
    // Shaped like an article's, naming none: no file, so Hosting's not-found page too.
    const article = await read('/help/no-such-article');
    expect(article.status).toBe(404);
    expectPage(article, 'notFound', 'en');
  });

  it('names the script parts the app needs on a page, for the first script to fetch together', async () => {
    const modules = (page: Page) => (/\bdata-modules="([^"]*)"/.exec(page.html)?.[1] ?? '').split(' ');
    const features = modules(await read(paths.features));
    expect(features).toContainEqual(expect.stringMatching(/^\/static\/js\/main-[\w-]+\.js$/));
    expect(features).toContainEqual(expect.stringMatching(/^\/static\/js\/features-[\w-]+\.js$/));
    const italian = modules(await read(localizedPath(paths.home, 'it')));
    expect(italian).toContainEqual(expect.stringMatching(/^\/static\/js\/common-[\w-]+\.js$/));
    const english = modules(await read(paths.home));
    expect(english).not.toContainEqual(expect.stringMatching(/common-/));
    // Nothing but the small first script and the style sheet compete with the page's images.
    expect((await read(paths.home)).html).not.toContain('rel="modulepreload"');
  });

  it('redirects a trailing slash to the address without it', async () => {
    const response = await get(`${paths.features}/`);
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe(paths.features);
  });

  it('serves app-ads.txt as the plain-text file, not a page', async () => {
    const response = await get('/app-ads.txt');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await response.text()).toBe(readFileSync(join(root, 'web', 'public', 'app-ads.txt'), 'utf8'));
  });

  it('serves the Android asset links as JSON from the site’s facts, without a redirect', async () => {
    const response = await get('/.well-known/assetlinks.json');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json\b/);
    const links = (await response.json()) as Array<{
      relation: string[];
      target: { namespace: string; package_name: string; sha256_cert_fingerprints: string[] };
    }>;
    expect(links).toEqual([
      {
        relation: ['delegate_permission/common.handle_all_urls'],
        target: {
          namespace: 'android_app',
          package_name: appLinks.androidPackage,
          sha256_cert_fingerprints: [...appLinks.androidCertificateSha256],
        },
      },
    ]);
  });

  it('serves the Apple app-site association as application/json, with no extension and no redirect', async () => {
    const response = await get('/.well-known/apple-app-site-association');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json');
    const association = (await response.json()) as {
      applinks: { details: Array<{ appIDs: string[]; components: Array<Record<string, unknown>> }> };
    };
    const [details] = association.applinks.details;
    expect(details?.appIDs).toEqual([`${appLinks.appleTeamId}.${appLinks.iosBundleId}`]);
    // The email action page, at both of its addresses.
    expect(details?.components.map((component) => component['/'])).toEqual([
      paths.emailVerification,
      localizedPath(paths.emailVerification, 'it'),
    ]);
  });
});
