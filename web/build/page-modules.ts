import type { Rolldown } from 'vite';

import type { Language } from '../src/config/languages';
import { helpArticleModule } from './help-text-modules.ts';
import { legalDocuments, legalTextsModule } from './legal-texts.ts';

/** The app's main module, which src/boot.ts loads once the page is painted. */
export const mainModule = 'src/main.tsx';

/** The client build's script parts, by file name. */
export type Chunks = Map<string, Rolldown.OutputChunk>;

/** The script parts a chunk pulls in, with the chunk itself. */
function withImports(chunks: Chunks, fileName: string, found = new Set<string>()): Set<string> {
  if (found.has(fileName)) return found;
  found.add(fileName);
  for (const imported of chunks.get(fileName)?.imports ?? []) withImports(chunks, imported, found);
  return found;
}

/**
 * The script parts the app needs on a page (`sources`: the app's main module, the page, the
 * language's texts), without those the first script already brought, as absolute paths.
 * `root`: the project's folder, which the chunks' module ids start with.
 */
export function appModules(chunks: Chunks, root: string, sources: string[]): string[] {
  const entry = [...chunks.values()].find((chunk) => chunk.isEntry);
  const loaded = entry ? withImports(chunks, entry.fileName) : new Set<string>();
  const wanted = new Set<string>();
  for (const chunk of chunks.values()) {
    // A module of the project by its path (`src/main.tsx`), a virtual one by its id.
    const id = chunk.facadeModuleId ?? '';
    const source = id.startsWith('\0') ? id.slice(1) : id.slice(root.length + 1);
    if (!sources.includes(source)) continue;
    withImports(chunks, chunk.fileName, wanted);
    // The app's main module loads its start-up in steps (src/main.tsx): each step's part too.
    if (source === mainModule) for (const step of chunk.dynamicImports) withImports(chunks, step, wanted);
  }
  return [...wanted].filter((file) => !loaded.has(file)).map((file) => `/${file}`);
}

/** The modules whose script parts a page needs: the app's, the page's and those of its texts. */
export function pageSources(page: { name: string; module: string }, language: Language): string[] {
  const sources = [mainModule, `src/pages/${page.module}.tsx`];
  if (language !== 'en') sources.push(`src/locales/${language}/common.json`);
  // A help article's page loads its own summary and text (src/locales/articles.ts): fetched with the rest.
  if (page.name.startsWith('help/')) sources.push(helpArticleModule(page.name.slice('help/'.length)));
  // A legal page loads its own document's texts in its language (src/locales/legal.ts).
  const legal = legalDocuments.find((document) => document === page.module);
  if (legal) sources.push(legalTextsModule(legal, language));
  return sources;
}
