import { useEffect } from 'react';
import { type Language } from '../config/languages';
import { ogLocales, pageUrl, type Page } from './addresses';
import { useCurrentPage } from '../hooks/current-page';
import { useLanguage } from '../locales/language';

/**
 * Whether the head already describes `page` in `language`. Every page but the not-found one
 * has a canonical address naming both, so no text is needed to tell; the not-found page is
 * told by its noindex and its Open Graph locale.
 */
export function headDescribes(document: Document, page: Page, language: Language): boolean {
  const canonical = document.head.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? null;
  if (page !== 'notFound') return canonical === pageUrl(page, language);
  return (
    canonical === null &&
    document.head.querySelector('meta[name="robots"][content="noindex"]') !== null &&
    document.head.querySelector('meta[property="og:locale"]')?.getAttribute('content') === ogLocales[language]
  );
}

/**
 * Keeps the document's head (title, description, addresses, Open Graph, Twitter card, JSON-LD)
 * on the page the router shows, in the language the visitor reads. The prerendered HTML
 * already has the first page's head, so nothing loads until the page or the language changes
 * (or the head is missing, as under the dev server); then the texts and the updater arrive as
 * a script part of their own.
 */
export function usePageHead(): void {
  const page = useCurrentPage();
  const language = useLanguage();

  useEffect(() => {
    if (headDescribes(document, page, language)) return;
    let current = true;
    import('./apply-head').then(
      ({ applyPageHead }) => {
        // A later page or language may have taken over while this one loaded.
        if (current) applyPageHead(document, page, language);
      },
      () => {
        // The part did not arrive (offline): the page itself works, its head just stays stale.
      },
    );
    return () => {
      current = false;
    };
  }, [page, language]);
}
