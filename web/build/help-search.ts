import { join } from 'node:path';
import MiniSearch from 'minisearch';
import type { Plugin } from 'vite';
import { helpArticleIds } from '../src/config/help.ts';
import { languages, type Language } from '../src/config/languages.ts';
import { helpSearchOptions, type HelpDocument } from '../src/features/help/search/options.ts';
import { blockTexts, plainText } from '../src/features/help/rich-text.ts';
import { articleBlocks, type ArticleFileBlock } from '../src/locales/article-blocks.ts';
import { readTextFile } from './fact-texts.ts';
import { virtualModules } from './virtual-modules.ts';

type HelpTexts = { articles: Record<string, { title: string; summary: string }> };
type ArticleFile = Record<Language, ArticleFileBlock[]>;

/** The help articles of a language as the index holds them (their words only). */
export function helpDocuments(source: string, language: Language): HelpDocument[] {
  const texts = readTextFile<HelpTexts>(join(source, 'locales', language, 'help.json'));
  return helpArticleIds.map((id) => {
    const article = texts.articles[id];
    if (!article) throw new Error(`locales/${language}/help.json has no article "${id}".`);
    const file = join(source, 'locales', 'articles', `${id}.json`);
    const blocks = readTextFile<ArticleFile>(file)[language];
    return {
      id,
      title: article.title,
      summary: article.summary,
      text: blockTexts(articleBlocks(blocks, language)).map(plainText).join('\n'),
    };
  });
}

/** A language's search index, serialised as MiniSearch loads it (`MiniSearch.loadJSON`). */
export function helpSearchIndex(source: string, language: Language): string {
  const search = new MiniSearch<HelpDocument>(helpSearchOptions(language));
  search.addAll(helpDocuments(source, language));
  return JSON.stringify(search);
}

/**
 * Builds the help centre's search index of each language when the site is built, as the
 * module `virtual:help-search/<language>` (its default export: the index, serialised): the
 * browser loads it, with MiniSearch, only when a visitor starts to search.
 */
export function helpSearchAtBuild(): Plugin {
  return virtualModules('help-search', (language, source) => {
    if (!(languages as readonly string[]).includes(language)) throw new Error(`No help search for "${language}".`);
    return {
      value: helpSearchIndex(source, language as Language),
      files: [
        join(source, 'locales', language, 'help.json'),
        ...helpArticleIds.map((id) => join(source, 'locales', 'articles', `${id}.json`)),
      ],
    };
  });
}
