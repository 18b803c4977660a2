import {
  helpArticleModule,
  helpArticleOf,
  isHelpArticle,
  moduleOf,
  pageModuleNames,
  type PageName,
} from '../config/paths';
import type { PageLoader, PageModule } from '../utils/load-part';

// Each page module's script part, from the route table in config/paths.ts: home is in the first
// bundle (app/router.tsx renders it directly); every other module is a script part of its own
// under static/js, loaded when one of its pages is first visited. One module can show many
// pages (every help article is one module).
const lazyPages = import.meta.glob<PageModule>([
  '../pages/*.tsx',
  '!../pages/home.tsx',
  '!../pages/legal-document.tsx',
  '!../pages/*.test.tsx',
]);

/** A page module's loader; a module the route table names and src/pages/ lacks stops the app at once. */
function loaderOf(module: string): PageLoader {
  const load = lazyPages[`../pages/${module}.tsx`];
  if (!load) throw new Error(`No page module src/pages/${module}.tsx`);
  return load;
}

const loaders = new Map(
  pageModuleNames.filter((module) => module !== moduleOf('home')).map((module) => [module, loaderOf(module)]),
);

const articleLoaders = new Map<string, PageLoader>();

/**
 * A help article's part, or the not-found page's for an address shaped like an article's that
 * names none (config/paths.ts matches the pattern). The list of articles comes with the
 * article's part, so no first visit carries it. One loader per id: a loaded page is kept by
 * its loader (app/lazy-page.tsx).
 */
function articleLoader(id: string): PageLoader {
  const known = articleLoaders.get(id);
  if (known) return known;
  const load: PageLoader = async () => {
    const [{ isHelpArticleId }, article] = await Promise.all([import('../config/help'), loaderOf(helpArticleModule)()]);
    return isHelpArticleId(id) ? article : loaderOf(moduleOf('notFound'))();
  };
  articleLoaders.set(id, load);
  return load;
}

/** The script part a page needs, or undefined for home (always loaded). */
export function loaderFor(page: PageName): PageLoader | undefined {
  if (isHelpArticle(page)) return articleLoader(helpArticleOf(page));
  return loaders.get(moduleOf(page));
}
