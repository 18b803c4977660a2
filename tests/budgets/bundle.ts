// What a visitor's browser downloads, measured on the built site (web/dist): the JavaScript
// of a first visit to `/` (the first script, the app it starts, and every script part they
// import statically) and, per
// route, the parts its page adds (the page's dynamic import and its static imports that the
// first visit did not already bring). Sizes are gzip at level 9, the bytes a server that
// compresses with gzip sends; brotli (what Firebase Hosting sends to browsers that accept it)
// is shown beside it. The chunk graph comes from web/dist/.vite/chunks.json, written by the
// `chunk-graph` plugin in web/vite.config.ts.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { languages, type Language } from '../../web/src/config/languages.ts';
import { localizedPath, moduleOf, type RoutePath } from '../../web/src/config/paths.ts';
import { everyPath, routeNames } from '../../web/src/config/site-pages.ts';

export const dist = join(import.meta.dirname, '..', '..', 'web', 'dist');

export type Chunk = {
  file: string;
  isEntry: boolean;
  isDynamicEntry: boolean;
  source: string | null;
  imports: string[];
  dynamicImports: string[];
  modules: string[];
};

/** Every route and the page module that the router loads for it, the help articles included. */
export const routePages = Object.fromEntries([
  ...routeNames.map((name) => [everyPath[name], `src/pages/${moduleOf(name)}.tsx`]),
  ['(not found)', `src/pages/${moduleOf('notFound')}.tsx`],
]) as Record<RoutePath | '(not found)', string>;
export type Route = keyof typeof routePages;

/** The module the first script imports to start the app. */
export const appModule = 'src/main.tsx';

export type Size = { raw: number; gzip: number; brotli: number };
/** `chunks`: what the page needs to show; `later`: what it imports on use (the support form's
 * Firestore, on sending). Neither counts what the first visit already brought. */
export type RouteRow = { route: Route; chunks: string[]; later: string[]; extra: Size; total: Size };
export type Report = { chunks: Chunk[]; firstVisit: { chunks: string[]; size: Size }; routes: RouteRow[] };

export function readChunks(directory = dist): Chunk[] {
  const path = join(directory, '.vite', 'chunks.json');
  if (!existsSync(path)) throw new Error(`${path} is missing: build the site first (npm run build -w web).`);
  return JSON.parse(readFileSync(path, 'utf8')) as Chunk[];
}

/** `files` and everything they import statically, transitively. */
export function staticClosure(chunks: Chunk[], files: string[]): string[] {
  const byFile = new Map(chunks.map((chunk) => [chunk.file, chunk]));
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    const chunk = byFile.get(file);
    if (!chunk) throw new Error(`No chunk ${file} in chunks.json`);
    seen.add(file);
    chunk.imports.forEach(visit);
  };
  files.forEach(visit);
  return [...seen];
}

const sizes = new Map<string, Size>();
function sizeOf(directory: string, file: string): Size {
  const key = join(directory, file);
  let size = sizes.get(key);
  if (!size) {
    const bytes = readFileSync(key);
    size = {
      raw: bytes.length,
      gzip: gzipSync(bytes, { level: 9 }).length,
      brotli: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
    };
    sizes.set(key, size);
  }
  return size;
}

/** Each file compressed on its own, as the browser fetches them, then added up. */
export function sizeOfFiles(files: string[], directory = dist): Size {
  return files.reduce(
    (sum, file) => {
      const size = sizeOf(directory, file);
      return { raw: sum.raw + size.raw, gzip: sum.gzip + size.gzip, brotli: sum.brotli + size.brotli };
    },
    { raw: 0, gzip: 0, brotli: 0 },
  );
}

export function measure(directory = dist): Report {
  const chunks = readChunks(directory);
  // The first script (src/boot.ts) starts the app (src/main.tsx) once the page is on screen,
  // and the app loads its start-up in steps (main.tsx's dynamic imports): all of them, with
  // everything they import, are what every first visit downloads.
  const app = chunks.filter((chunk) => chunk.source === appModule);
  const entries = [
    ...chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.file),
    ...app.flatMap((chunk) => [chunk.file, ...chunk.dynamicImports]),
  ];
  const first = staticClosure(chunks, entries);
  const firstSet = new Set(first);
  const firstSize = sizeOfFiles(first, directory);
  const routes = (Object.entries(routePages) as Array<[Route, string]>).map(([route, page]) => {
    const chunk = chunks.find((candidate) => candidate.source === page && candidate.modules.includes(page));
    // A page bundled into the entry (home) has no chunk of its own: it adds nothing.
    const pageChunks = chunk && !firstSet.has(chunk.file) ? staticClosure(chunks, [chunk.file]) : [];
    const extraChunks = pageChunks.filter((file) => !firstSet.has(file));
    const byFile = new Map(chunks.map((candidate) => [candidate.file, candidate]));
    const dynamic = extraChunks.flatMap((file) => byFile.get(file)?.dynamicImports ?? []);
    const later = staticClosure(chunks, dynamic).filter((file) => !firstSet.has(file) && !extraChunks.includes(file));
    const extra = sizeOfFiles(extraChunks, directory);
    return {
      route,
      chunks: extraChunks,
      later,
      extra,
      total: {
        raw: firstSize.raw + extra.raw,
        gzip: firstSize.gzip + extra.gzip,
        brotli: firstSize.brotli + extra.brotli,
      },
    };
  });
  return { chunks, firstVisit: { chunks: first, size: firstSize }, routes };
}

/** The chunks that hold a module whose path contains `needle`. */
export function chunksHolding(report: Report, needle: string): string[] {
  return report.chunks
    .filter((chunk) => chunk.modules.some((module) => module.includes(needle)))
    .map((chunk) => chunk.file);
}

/** The routes whose page downloads `file`, at once or on use. */
export function routesLoading(report: Report, file: string): Route[] {
  return report.routes
    .filter(
      ({ route, chunks, later }) =>
        chunks.includes(file) || later.includes(file) || (route === '/' && report.firstVisit.chunks.includes(file)),
    )
    .map(({ route }) => route);
}

/** Kilobytes of 1000 bytes, as Vite prints them. */
const kb = (bytes: number) => (bytes / 1000).toFixed(1);

export function formatTable(report: Report): string {
  const header = ['route', 'extra kB gzip', 'total kB gzip', 'total kB br', 'extra chunks'];
  const rows = report.routes.map(({ route, chunks, later, extra, total }) => [
    route,
    kb(extra.gzip),
    kb(total.gzip),
    kb(total.brotli),
    [...chunks, ...later.map((file) => `(${file})`)].map((file) => file.replace(/static\/js\//, '')).join(' ') || '–',
  ]);
  const first = report.firstVisit;
  const lines = [header, ...rows];
  const widths = header.map((_, column) => Math.max(...lines.map((line) => (line[column] ?? '').length)));
  const format = (line: string[]) =>
    line
      .map((cell, column) =>
        column === 0 || column === 4 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0),
      )
      .join('  ')
      .trimEnd();
  return [
    `First visit to /: ${first.chunks.length} scripts, ${kb(first.size.raw)} kB, ${kb(first.size.gzip)} kB gzip -9, ${kb(first.size.brotli)} kB brotli -11`,
    `  ${first.chunks.map((file) => file.replace(/^static\/js\//, '')).join(' ')}`,
    format(header),
    ...rows.map(format),
  ].join('\n');
}

/** One page's JavaScript evaluated before it is ready: the script files and their bytes. */
export type StartUpRow = { route: RoutePath; language: Language; files: string[]; bytes: number };

/**
 * The JavaScript each prerendered page runs before it is ready (`data-ready`), as the page
 * itself names it: the first script (`<script type="module" src>`) and the parts it loads to
 * start the app (`data-modules`: the app's steps, the page's part, the language's texts; see
 * src/boot.ts and src/main.tsx). Uncompressed bytes: what the browser parses, compiles and
 * evaluates on the main thread, whatever the transfer weighed.
 */
export function startUpScripts(directory = dist): StartUpRow[] {
  return routeNames.flatMap((name) =>
    languages.map((language) => {
      const route = everyPath[name];
      const path = localizedPath(route, language);
      const file = join(directory, path === '/' ? 'index.html' : `${path.slice(1)}/index.html`);
      const html = readFileSync(file, 'utf8');
      const entries = [...html.matchAll(/<script type="module"[^>]*\ssrc="\/([^"]+)"/g)].map((match) => match[1] ?? '');
      const modules = (/ data-modules="([^"]*)"/.exec(html)?.[1] ?? '')
        .split(' ')
        .filter(Boolean)
        .map((href) => href.replace(/^\//, ''));
      const files = [...new Set([...entries, ...modules])];
      return { route, language, files, bytes: sizeOfFiles(files, directory).raw };
    }),
  );
}
