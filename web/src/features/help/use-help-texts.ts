import type { HelpArticleId, HelpTopic } from '../../config/help';
import { helpTexts } from '../../locales/help';
import { useLanguage } from '../../locales/language';
import { helpTextsIn } from '../../locales/help-text';

/** The help centre's texts in the page's language: `text` by key, an article's or a topic's title. */
export function useHelpTexts() {
  const language = useLanguage();
  const { i18n } = helpTexts.use();
  const text = helpTextsIn(i18n, language);
  return {
    language,
    text,
    title: (id: HelpArticleId) => text(`articles.${id}.title`),
    topicTitle: (topic: HelpTopic) => text(`topics.${topic}.title`),
  };
}
