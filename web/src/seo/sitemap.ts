// robots.txt and sitemap.xml, generated from the route list so they always name exactly the
// site's pages (the not-found page, the unlisted pages and app-ads.txt are not pages to index).
import { isUnlisted } from '../config/paths';
import { site } from '../config/site';
import { routeNames } from '../config/site-pages';
import { pageAlternates } from './addresses';
import { escapeHtml } from '@contracts/html-text';

export const sitemapPath = '/sitemap.xml';

/** Every crawler may read everything; the sitemap says where the pages are. */
export function robotsTxt(): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${site.origin}${sitemapPath}\n`;
}

/**
 * One `<url>` per page and language (the English address and the `/it` one), each naming all
 * of the page's languages as alternates, as search engines ask of multilingual sitemaps.
 */
export function sitemapXml(): string {
  const urls = routeNames
    .filter((page) => !isUnlisted(page))
    .flatMap((page) => {
      const alternates = pageAlternates(page);
      const links = alternates
        .map(
          ({ hreflang, href }) =>
            `    <xhtml:link rel="alternate" hreflang="${hreflang}" href="${escapeHtml(href)}" />`,
        )
        .join('\n');
      return alternates
        .filter(({ hreflang }) => hreflang !== 'x-default')
        .map(({ href }) => `  <url>\n    <loc>${escapeHtml(href)}</loc>\n${links}\n  </url>`);
    });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}
