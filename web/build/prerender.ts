import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin, type Rolldown } from 'vite';

import type { Language } from '../src/config/languages';
import type { PageName, RoutePath } from '../src/config/paths';
import { appModules, pageSources, type Chunks } from './page-modules.ts';

// What the SSR build of src/entry-server.tsx exports: its own module's types.
type ServerEntry = typeof import('../src/entry-server');

/** One HTML file to write: a page in a language, for the unprefixed or the language's own address. */
type Variant = { language: Language; prefixed: boolean; folder: string };

/** A page of the site: the not-found page has no address (`path` null). */
type Page = { name: PageName; path: RoutePath | null; module: string };

/**
 * Renders every page of the site to static HTML after the client build, in every language,
 * so the first response already shows the page (and search engines read it) in the visitor's
 * language. Hosting serves:
 * - `index.html`, `<route>/index.html`, `404.html`: English, at the unprefixed addresses;
 * - `localized/it_ALL/…`: the same addresses in Italian, chosen by Hosting's i18n rewrites
 *   for browsers that prefer Italian or carry the language cookie;
 * - `it/index.html`, `it/<route>/index.html`: Italian at its own addresses (`/it/features`).
 * Each page names the script parts the app needs on it (`data-modules`), which src/boot.ts
 * fetches together once the page is on screen.
 */
export function prerender(): Plugin {
  let root = '';
  let outDir = '';
  let mode = 'production';
  let ssr = false;
  const chunks: Chunks = new Map();

  return {
    name: 'prerender',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = resolve(config.root, config.build.outDir);
      mode = config.mode;
      ssr = Boolean(config.build.ssr);
    },
    generateBundle(_, bundle) {
      if (ssr) return;
      for (const output of Object.values(bundle)) if (output.type === 'chunk') chunks.set(output.fileName, output);
    },
    async closeBundle() {
      if (ssr) return;
      const server = await buildServerEntry(root, mode);
      const modulesOf = (sources: string[]) => appModules(chunks, root, sources);
      await writePages(server, await readFile(join(outDir, 'index.html'), 'utf8'), outDir, modulesOf);
      await writeCrawlerFiles(server, outDir);
    },
  };
}

/** Builds the renderer (src/entry-server.tsx) for Node and loads it. */
async function buildServerEntry(root: string, mode: string): Promise<ServerEntry> {
  const serverDir = join(root, 'node_modules', '.prerender');
  const result = await build({
    root,
    mode,
    logLevel: 'warn',
    build: {
      ssr: 'src/entry-server.tsx',
      outDir: serverDir,
      emptyOutDir: true,
      copyPublicDir: false,
      rolldownOptions: {
        output: { entryFileNames: '[name].js', chunkFileNames: '[name]-[hash].js' },
        // The renderer loads every language at once (locales/resources.ts), so the Italian
        // texts' dynamic import stays in its chunk: expected here, and said once.
        onLog(level, log, handler) {
          if (log.code !== 'INEFFECTIVE_DYNAMIC_IMPORT') handler(level, log);
        },
      },
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
  const entryFile = outputs.flatMap((out) => out.output).find((out) => out.type === 'chunk' && out.isEntry);
  if (!entryFile) throw new Error('The prerender build produced no entry.');
  return (await import(pathToFileURL(join(serverDir, entryFile.fileName)).href)) as ServerEntry;
}

/** The files beside the pages: for crawlers, and for phones. */
async function writeCrawlerFiles(server: ServerEntry, outDir: string) {
  // For crawlers, from the same route list as the pages (src/seo/sitemap.ts).
  await writeFile(join(outDir, 'robots.txt'), server.robotsTxt());
  await writeFile(join(outDir, 'sitemap.xml'), server.sitemapXml());
  // For phones: which app may open the site's links (src/seo/app-links.ts).
  for (const file of server.wellKnownFiles()) {
    const target = join(outDir, ...file.path.split('/').filter(Boolean));
    await mkdir(dirname(target), { recursive: true });
    await writeFile(target, file.json);
  }
}

/** Each language's HTML files: its unprefixed addresses (for Hosting's i18n rewrites) and its own. */
function variantsOf(languages: readonly Language[]): Variant[] {
  return languages.flatMap((language): Variant[] =>
    language === 'en'
      ? [
          { language, prefixed: false, folder: '' },
          // Hosting walks the browser's languages in order before it falls back to the
          // default files: without an English folder, `en-US,en;q=0.9,it;q=0.8` would get
          // Italian. This copy stops it at English.
          { language, prefixed: false, folder: `localized/${language}_ALL` },
        ]
      : [
          { language, prefixed: false, folder: `localized/${language}_ALL` },
          { language, prefixed: true, folder: '' },
        ],
  );
}

/** The file a page is written to in a variant, or undefined when the variant has no such page. */
function pageFile(server: ServerEntry, page: Page, variant: Variant): string | undefined {
  const address =
    page.path === null ? null : variant.prefixed ? server.localizedPath(page.path, variant.language) : page.path;
  if (address === null && variant.prefixed) return undefined; // one not-found page per language folder
  return address === null
    ? join(variant.folder, '404.html')
    : join(variant.folder, address === '/' ? 'index.html' : `${address.slice(1)}/index.html`);
}

/**
 * Writes every page in every variant. `template`: the client build's index.html; `modulesOf`:
 * the script parts the app needs beyond the first script's, for a page's source modules.
 */
async function writePages(
  server: ServerEntry,
  template: string,
  outDir: string,
  modulesOf: (sources: string[]) => string[],
) {
  // Every page, the help articles included; the not-found page (no address) becomes 404.html.
  const pages = [...server.routeNames, 'notFound' as const].map((name: PageName): Page => ({
    name,
    path: name === 'notFound' ? null : server.pathOf(name),
    module: server.moduleOf(name),
  }));
  // The pages paint without JavaScript now, so the scripts (needed only to make them
  // interactive) queue behind what the first paint needs: the style sheet and the page's
  // largest image.
  const lowPriority = template
    .replace(/<script type="module" crossorigin/g, '<script type="module" fetchpriority="low" crossorigin')
    .replace(/<link rel="modulepreload" crossorigin/g, '<link rel="modulepreload" fetchpriority="low" crossorigin');
  for (const variant of variantsOf(server.languages)) {
    for (const page of pages) {
      const file = pageFile(server, page, variant);
      if (file === undefined) continue;
      const app = await server.renderPage(page.path ?? server.notFoundPath, variant.language, variant.prefixed);
      const base = variant.prefixed ? ` data-base="${server.basePath(variant.language)}"` : '';
      // src/boot.ts fetches these all at once when it starts the app.
      const modules = ` data-modules="${modulesOf(pageSources(page, variant.language)).join(' ')}"`;
      const html = lowPriority
        .replace('<html lang="en">', () => `<html lang="${variant.language}"${base}${modules}>`)
        .replace('<!--app-head-->', () => server.renderHead(page.name, variant.language) + app.head)
        .replace('<!--app-html-->', () => app.html); // functions: no `$&` patterns in texts
      const target = join(outDir, file);
      await mkdir(dirname(target), { recursive: true });
      await writeFile(target, html);
    }
  }
}
