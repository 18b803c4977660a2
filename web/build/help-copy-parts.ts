import { readFileSync } from 'node:fs';
import { join } from 'node:path';

// The script parts the help centre's copy needs beyond those its pages' HTML names (the service
// worker reads those from each page): what a help page loads as it is used, its search and the
// search's index, an article's text and its question, the footer, and the texts of each
// language. Read from the build's graph of parts (.vite/chunks.json, vite.config.ts) and given
// to the service worker as its list (vite-plugin-pwa's manifest, web/offline/).

/** A script part in .vite/chunks.json. */
type Part = { file: string; isEntry: boolean; imports: string[]; dynamicImports: string[]; modules: string[] };

/** The modules whose parts, and what those load, the copy holds: loaded by a help page as it is used. */
const roots = [
  /^src\/pages\/help\.tsx$/,
  /^src\/pages\/help-article\.tsx$/,
  /^src\/components\/layout\/footer\.tsx$/,
  /^src\/locales\/[a-z]+\/common\.json$/,
];

/** The modules that start every page: their parts are named in each page's HTML, and they load every page. */
const start = [/^src\/boot\.ts$/, /^src\/main\.tsx$/, /^src\/app\/start-up\.tsx$/];

/** The parts holding one of `modules`, and those they import statically. */
function withImports(parts: readonly Part[], modules: readonly RegExp[]): Set<Part> {
  const byFile = new Map(parts.map((part) => [part.file, part]));
  const todo = parts.filter((part) => part.modules.some((module) => modules.some((root) => root.test(module))));
  const found = new Set<Part>();
  for (let part = todo.pop(); part !== undefined; part = todo.pop()) {
    if (found.has(part)) continue;
    found.add(part);
    for (const file of part.imports) todo.push(...[byFile.get(file)].filter((next) => next !== undefined));
  }
  return found;
}

/**
 * The files of the parts holding a root module and of every part they load, now or later, but
 * the start's (the start-up loads every page's part).
 */
export function helpCopyParts(parts: readonly Part[]): Set<string> {
  const byFile = new Map(parts.map((part) => [part.file, part]));
  const started = withImports(parts, start);
  const todo = parts.filter(
    (part) => !started.has(part) && part.modules.some((module) => roots.some((root) => root.test(module))),
  );
  const found = new Set<string>();
  for (let part = todo.pop(); part !== undefined; part = todo.pop()) {
    if (found.has(part.file)) continue;
    found.add(part.file);
    for (const file of [...part.imports, ...part.dynamicImports]) {
      const next = byFile.get(file);
      if (next && !started.has(next)) todo.push(next);
    }
  }
  return found;
}

/** The manifest's entries (every script part and stylesheet) cut to the copy's, for vite-plugin-pwa. */
export function helpCopyManifest(dist: string) {
  return <Entry extends { url: string }>(entries: Entry[]) => {
    const parts = JSON.parse(readFileSync(join(dist, '.vite', 'chunks.json'), 'utf8')) as Part[];
    const kept = helpCopyParts(parts);
    return { manifest: entries.filter((entry) => kept.has(entry.url) || entry.url.endsWith('.css')), warnings: [] };
  };
}
