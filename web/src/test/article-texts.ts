import type { HelpArticleId } from '../config/help';
import { languages, type Language } from '../config/languages';
import { articleBlocks, type ArticleBlock, type ArticleTextFile } from '../locales/article-blocks';

// Every help article's text at once, for the tests that read them all (the site loads each
// article with its page: locales/articles.ts).
const files = import.meta.glob<ArticleTextFile>('../locales/articles/*.json', { eager: true, import: 'default' });

/** Every article's text in each language, as its readers get it (the `articles` namespace's `text`). */
export const allArticleTexts = Object.fromEntries(
  languages.map((language) => [
    language,
    Object.fromEntries(
      Object.entries(files).map(([file, body]) => [
        file.replace(/^.*\/|\.json$/g, ''),
        articleBlocks(body[language], language),
      ]),
    ),
  ]),
) as Record<Language, Record<HelpArticleId, ArticleBlock[]>>;
