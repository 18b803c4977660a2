import type { i18n } from 'i18next';
import type { HelpArticleId } from '../config/help';
import { languages, type Language } from '../config/languages';
import { articleBlocks, type ArticleBlock, type ArticleFileBlock } from './article-blocks';

export type { ArticleBlock };

// The help articles' texts (namespace `articles`, by article id), from locales/articles/<id>.json,
// which holds an article in every language. Each file is a script part of its own, loaded when
// the article's page renders (features/help/article-text.ts) and put into i18next then: an
// article page carries its own text, not every article's.

/** An article's text in every language, as its file holds it (locales/article-blocks.ts). */
export type ArticleFile = Readonly<Record<Language, ArticleFileBlock[]>>;

const files = import.meta.glob<ArticleFile>('./articles/*.json', { import: 'default' });

/** The articles loaded so far, each as its readers get it, by language. */
const loaded = new Map<HelpArticleId, Record<Language, ArticleBlock[]>>();
const loading = new Map<HelpArticleId, Promise<void>>();

/** Loads article `id`'s text (once; later calls share the first). */
export function loadArticle(id: HelpArticleId): Promise<void> {
  const known = loading.get(id);
  if (known) return known;
  const load = files[`./articles/${id}.json`];
  if (!load) return Promise.reject(new Error(`No article text locales/articles/${id}.json`));
  const started = load().then(
    (file) => {
      loaded.set(
        id,
        Object.fromEntries(languages.map((language) => [language, articleBlocks(file[language], language)])) as Record<
          Language,
          ArticleBlock[]
        >,
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
 * Puts article `id`'s text, in every language, into `instance`'s `articles` namespace, once it
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
