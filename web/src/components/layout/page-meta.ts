import { useEffect } from 'react';

export type PageMeta = { title: string; description: string };

/**
 * Gives the page shown its own document title and meta description (search results and
 * Lighthouse's SEO audits read both). Call it once per page with translated text, for
 * example `usePageMeta({ title: t('meta.pro.title'), description: t('meta.pro.description') })`,
 * so both follow a language change. web/index.html holds the site-wide fallback description.
 */
export function usePageMeta({ title, description }: PageMeta) {
  useEffect(() => {
    document.title = title;
    let meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.append(meta);
    }
    meta.content = description;
  }, [title, description]);
}
