import { helpTextValues } from '../../config/help-texts';
import type { HelpArticleId } from '../../config/help';
import { articleTexts, type ArticleBlock } from '../../locales/articles';
import { useLanguage } from '../../locales/language';

/** The text of article `id` in the page's language, its placeholders filled. */
export function useArticleText(id: HelpArticleId): ArticleBlock[] {
  const language = useLanguage();
  const { i18n } = articleTexts.use();
  return i18n.getFixedT(language, 'articles')(id, { ...helpTextValues(language), returnObjects: true });
}
