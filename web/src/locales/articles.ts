import type { HelpArticleId } from '../config/help';
import type { Language } from '../config/languages';
import { deferredTexts } from './add-texts';
import { articleBlocks, type ArticleBlock, type ArticleFileBlock } from './article-blocks';

export type { ArticleBlock };

// The help articles' texts (namespace `articles`, by article id), from locales/articles/<id>.json,
// which holds an article in every language. Every article travels with the article page's
// script part (about 45 kB, 15 kB compressed), so any article shows at once.

/** An article's text in every language, as its file holds it (locales/article-blocks.ts). */
export type ArticleFile = Readonly<Record<Language, ArticleFileBlock[]>>;

const files = import.meta.glob<ArticleFile>('./articles/*.json', { eager: true, import: 'default' });

/** Every article of `language` by its id. */
function articlesIn(language: Language): Record<HelpArticleId, ArticleBlock[]> {
  return Object.fromEntries(
    Object.entries(files).map(([file, body]) => [
      file.replace(/^\.\/articles\/|\.json$/g, ''),
      articleBlocks(body[language], language),
    ]),
  ) as Record<HelpArticleId, ArticleBlock[]>;
}

export const articleTexts = deferredTexts('articles', { en: articlesIn('en'), it: articlesIn('it') });
