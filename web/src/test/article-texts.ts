import type { HelpArticleId } from '../config/help';
import { languages, type Language } from '../config/languages';
import { articleBlocks } from '../locales/article-blocks';
import type { ArticleBlock, ArticleFile } from '../locales/articles';

// Every help article's text at once, for the tests that read them all (the site loads each
// article with its page: locales/articles.ts).
const files = import.meta.glob<ArticleFile>('../locales/articles/*.json', { eager: true, import: 'default' });

/** Every article of each language, as the `articles` namespace holds it. */
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
