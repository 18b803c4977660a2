// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { appAdsPath, paths } from '../config/paths';
import { everyPath } from '../config/site-pages';
import { site } from '../config/site';
import { robotsTxt, sitemapXml } from './sitemap';

const xhtml = 'http://www.w3.org/1999/xhtml';

/** Every listed route's English and Italian address, written out here rather than derived. */
const listed = Object.values(everyPath).filter((path) => path !== paths.emailVerification);
const english = listed.map((path) => `${site.origin}${path}`);
const italian = listed.map((path) => `${site.origin}/it${path === '/' ? '' : path}`);

describe('robots.txt', () => {
  it('lets every crawler read the whole site and names the sitemap', () => {
    const lines = robotsTxt().split('\n');
    expect(lines).toContain('User-agent: *');
    expect(lines).toContain('Allow: /');
    expect(lines.filter((line) => /^disallow:\s*\S/i.test(line))).toEqual([]);
    expect(lines.filter((line) => line.startsWith('Sitemap:'))).toEqual([`Sitemap: ${site.origin}/sitemap.xml`]);
  });
});

describe('sitemap.xml', () => {
  const document = new DOMParser().parseFromString(sitemapXml(), 'application/xml');
  const urls = [...document.getElementsByTagName('url')];

  it('is well-formed XML in the sitemap namespace', () => {
    expect(document.getElementsByTagName('parsererror')).toHaveLength(0);
    expect(document.documentElement.localName).toBe('urlset');
    expect(document.documentElement.namespaceURI).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
  });

  it('lists exactly every route in English and in Italian, once each', () => {
    const locs = urls.map((url) => url.getElementsByTagName('loc')[0]?.textContent);
    expect(locs.sort()).toEqual([...english, ...italian].sort());
    expect(locs.some((loc) => loc?.includes(appAdsPath))).toBe(false);
    // The page the app's verification links land on is not one to find by searching.
    expect(locs.some((loc) => loc?.includes(paths.emailVerification))).toBe(false);
  });

  it('links each address to the page in every language, English as the default', () => {
    for (const url of urls) {
      const loc = url.getElementsByTagName('loc')[0]?.textContent ?? '';
      const index = Math.max(english.indexOf(loc), italian.indexOf(loc));
      expect(index, loc).toBeGreaterThanOrEqual(0);
      const links = [...url.getElementsByTagNameNS(xhtml, 'link')].map((link) => [
        link.getAttribute('rel'),
        link.getAttribute('hreflang'),
        link.getAttribute('href'),
      ]);
      expect(links, loc).toEqual([
        ['alternate', 'en', english[index]],
        ['alternate', 'it', italian[index]],
        ['alternate', 'x-default', english[index]],
      ]);
    }
  });
});
