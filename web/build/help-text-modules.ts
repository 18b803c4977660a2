import { join } from 'node:path';
import type { Plugin } from 'vite';
import { helpArticleIds, isHelpArticleId } from '../src/config/help.ts';
import { languages, type Language } from '../src/config/languages.ts';
import { readTextFile } from './fact-texts.ts';
import { virtualModules } from './virtual-modules.ts';

// The help centre's texts as its pages load them, cut from the files they are written in
// (locales/<language>/help.json: the page's, the topics', each article's title and summary;
// locales/articles/<id>.json: an article's text in every language) when the site is built:
// - `virtual:help-texts/<language>`: help.json with each article's title only, which the help
//   page lists; its weight grows by a title per article, not a title and a summary;
// - `virtual:help-article/<id>`: one article's summary and text in every language, which its
//   page shows (the search index has the summaries too: build/help-search.ts);
// - `virtual:help-articles`: each article's module by id, loaded when its page renders.

type HelpFile = { articles: Record<string, { title: string; summary: string }> };

function helpFile(source: string, language: Language): { file: string; texts: HelpFile } {
  const file = join(source, 'locales', language, 'help.json');
  return { file, texts: readTextFile<HelpFile>(file) };
}

/** The module of article `id`'s summary and text: `virtual:help-article/cancel-pro`. */
export function helpArticleModule(id: string): string {
  return `virtual:help-article/${id}`;
}

export function helpTextsAtBuild(): Plugin[] {
  return [
    virtualModules('help-texts', (language, source) => {
      if (!(languages as readonly string[]).includes(language)) throw new Error(`No help texts in "${language}".`);
      const { file, texts } = helpFile(source, language as Language);
      const articles = Object.fromEntries(Object.entries(texts.articles).map(([id, { title }]) => [id, { title }]));
      return { value: { ...texts, articles }, files: [file] };
    }),
    virtualModules('help-article', (id, source) => {
      if (!isHelpArticleId(id)) throw new Error(`No help article "${id}" in config/help.ts.`);
      const file = join(source, 'locales', 'articles', `${id}.json`);
      const blocks = readTextFile<Record<Language, unknown>>(file);
      const files = [file];
      const value = Object.fromEntries(
        languages.map((language) => {
          const help = helpFile(source, language);
          files.push(help.file);
          const summary = help.texts.articles[id]?.summary;
          if (summary === undefined) throw new Error(`locales/${language}/help.json has no summary of "${id}".`);
          return [language, { summary, text: blocks[language] }];
        }),
      );
      return { value, files };
    }),
    virtualModules('help-articles', (key) => {
      if (key !== '') throw new Error(`No module "virtual:help-articles/${key}".`);
      const loaders = helpArticleIds.map(
        (id) => `${JSON.stringify(id)}: () => import(${JSON.stringify(helpArticleModule(id))})`,
      );
      return { code: `export default {\n${loaders.join(',\n')}\n};`, files: [] };
    }),
  ];
}
