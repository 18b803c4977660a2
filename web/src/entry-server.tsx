// The prerenderer's entry (built by `vite build --ssr`, run by build/prerender.ts): renders a
// page of the site to HTML in one language, with every text and script part it needs loaded
// first, exactly as the browser's first render will produce it when it hydrates.
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { App } from './app/app';
import { basePath, matchPage } from './config/paths';
import { createI18n } from './locales/i18n';
import { preloadPage } from './app/lazy-page';
import { loaderFor } from './app/routes';
import type { Language } from './config/languages';
import { resources } from './locales/resources';

export { languages } from './config/languages';
export { basePath, localizedPath, moduleOf, pathOf } from './config/paths';
export { routeNames } from './config/site-pages';
export { renderHead } from './seo/render-head';
export { robotsTxt, sitemapXml } from './seo/sitemap';
export { wellKnownFiles } from './seo/app-links';

/** A path no route matches: renders the not-found page. */
export const notFoundPath = '/404';

/**
 * The app's markup for `path` (without language prefix) in `language`. `prefixed` renders it
 * for the language's own address (`/it/features`, links under `/it`); otherwise for the
 * unprefixed address Hosting serves in the visitor's language.
 */
export async function renderPage(
  path: string,
  language: Language,
  prefixed: boolean,
): Promise<{ html: string; head: string }> {
  const i18n = createI18n(language, resources);
  const load = loaderFor(matchPage(path));
  if (load) await preloadPage(load, language);
  const base = prefixed ? basePath(language) : '';
  const ssrPath = base && path === '/' ? base : `${base}${path}`;
  const { prelude } = await prerender(
    <StrictMode>
      <App i18n={i18n} base={base} ssrPath={ssrPath} />
    </StrictMode>,
    // Whole pages inline: React would otherwise move large parts (the legal texts, the QR codes)
    // behind a placeholder filled in by an inline script, which the site's CSP forbids.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const rendered = await new Response(prelude).text();
  // React puts the preloads it finds (images) first in its output; they belong in the head,
  // and the tree that hydrates #root has no place for them.
  const head = /^(?:<link [^>]*>)*/.exec(rendered)?.[0] ?? '';
  return { html: rendered.slice(head.length), head };
}
