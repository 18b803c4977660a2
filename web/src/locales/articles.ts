import type { i18n } from 'i18next';
import type { HelpArticleId } from '../config/help';
import { languages, type Language } from '../config/languages';
import articleModules from 'virtual:help-articles';
import { articleBlocks, type ArticleBlock, type ArticleFileBlock } from './article-blocks';

export type { ArticleBlock };

// The help articles' summaries and texts (namespace `articles`, by article id). Each article is
// a script part of its own (build/help-text-modules.ts: its summary from locales/<language>/help.json,
// its text from locales/articles/<id>.json, in every language), loaded when the article's page
// renders (features/help/article-text.ts) and put into i18next then: an article page carries
// its own summary and text, not every article's.

/** An article as its readers get it: its summary, and its text. */
export type Article = { summary: string; text: ArticleBlock[] };

/** An article in every language, as its module holds it (build/help-text-modules.ts). */
export type ArticleModule = Readonly<Record<Language, { summary: string; text: ArticleFileBlock[] }>>;

/** The articles loaded so far, each as its readers get it, by language. */
const loaded = new Map<HelpArticleId, Record<Language, Article>>();
const loading = new Map<HelpArticleId, Promise<void>>();

/** Loads article `id`'s summary and text (once; later calls share the first). */
export function loadArticle(id: HelpArticleId): Promise<void> {
  const known = loading.get(id);
  if (known) return known;
  const load = articleModules[id];
  if (!load) return Promise.reject(new Error(`No help article "${id}"`));
  const started = load().then(
    ({ default: file }) => {
      const article = (language: Language): Article => ({
        summary: file[language].summary,
        text: articleBlocks(file[language].text, language),
      });
      loaded.set(
        id,
        Object.fromEntries(languages.map((language) => [language, article(language)])) as Record<Language, Article>,
      );
    },
    (error: unknown) => {
      // A failed load (a dropped connection) may be tried again.
      loading.delete(id);
      throw error;
    },
  );
  loading.set(id, started);
  return started;
}

/**
 * Puts article `id`'s summary and text, in every language, into `instance`'s `articles` namespace, once it
 * is loaded; false while it is not.
 */
export function addArticleText(instance: i18n, id: HelpArticleId): boolean {
  const article = loaded.get(id);
  if (!article) return false;
  for (const language of languages) {
    // Its own language's resource, not `exists`, which would find the English one as a fallback.
    if (instance.getResource(language, 'articles', id) !== undefined) continue;
    instance.addResourceBundle(language, 'articles', { [id]: article[language] }, true, true);
  }
  return true;
}
