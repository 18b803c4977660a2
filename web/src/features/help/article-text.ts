import { use } from 'react';
import { useTranslation } from 'react-i18next';
import { helpTextValues } from '../../config/help-text-values';
import type { HelpArticleId } from '../../config/help';
import { addArticleText, loadArticle, type Article } from '../../locales/articles';
import { useLanguage } from '../../locales/language';

/**
 * The summary and text of article `id` in the page's language, their placeholders filled. Until it has loaded
 * the page waits (Suspense: a prerendered page keeps its HTML meanwhile); the prerendered page
 * lists the article's script part among those the browser fetches first (build/prerender.ts).
 * It calls `use` only until the text is there: a component calls it after all its other hooks.
 */
export function useArticle(id: HelpArticleId): Article {
  const language = useLanguage();
  const { i18n } = useTranslation();
  if (!addArticleText(i18n, id)) {
    use(loadArticle(id));
    addArticleText(i18n, id);
  }
  return i18n.getFixedT(language, 'articles')(id, { ...helpTextValues(language), returnObjects: true });
}
