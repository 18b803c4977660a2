import type { HelpArticleId } from '../../config/help';
import type { Language } from '../../config/languages';
import type { ArticleBlock } from './rich-text';

/** An article's text in every language. */
export type ArticleBody = Readonly<Record<Language, readonly ArticleBlock[]>>;

// Every article in every language (about 45 kB, 15 kB compressed): they travel with the
// article page's script part, so any article shows at once, prerendered and in the browser.
const files = import.meta.glob<ArticleBody>('./articles/*.json', { eager: true, import: 'default' });

/** The text of article `id` (src/features/help/articles/<id>.json). */
export function articleBody(id: HelpArticleId): ArticleBody {
  const body = files[`./articles/${id}.json`];
  if (!body) throw new Error(`No help article text features/help/articles/${id}.json`);
  return body;
}
