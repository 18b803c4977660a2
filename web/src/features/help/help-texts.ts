import { helpTextValues } from '../../config/help-texts';
import type { HelpArticleId, HelpTopic } from '../../config/help';
import { type Language } from '../../config/languages';
import { fill } from '../../utils/fill';
import enHelp from '../../locales/en/help.json';
import itHelp from '../../locales/it/help.json';
import { useLanguage } from '../../locales/language';

/** The help centre's texts in a language: its page, its topics, each article's title and summary. */
export type HelpTexts = typeof enHelp;

// Not i18next resources: only the help pages read them (they travel with those pages' script
// parts), and their placeholders are config's values (config/help-texts.ts), filled by `fill`
// as the articles' own texts are.
const texts: Readonly<Record<Language, HelpTexts>> = { en: enHelp, it: itHelp };

/** The help texts of the page's language, and `text`, which fills a text's placeholders. */
export function useHelpTexts() {
  const language = useLanguage();
  const values = helpTextValues(language);
  return {
    language,
    texts: texts[language],
    text: (template: string, more: Readonly<Record<string, string>> = {}) => fill(template, { ...values, ...more }),
    title: (id: HelpArticleId) => fill(texts[language].articles[id].title, values),
    topicTitle: (topic: HelpTopic) => texts[language].topics[topic].title,
  };
}
