import { pageModules, type PageName } from '../config/paths';
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

const loaders = new Map<string, PageLoader>();
for (const module of new Set(Object.values(pageModules))) {
  if (module === pageModules.home) continue;
  const load = lazyPages[`../pages/${module}.tsx`];
  if (!load) throw new Error(`No page module src/pages/${module}.tsx`);
  loaders.set(module, load);
}

/** The script part a page needs, or undefined for home (always loaded). */
export function loaderFor(page: PageName): PageLoader | undefined {
  return loaders.get(pageModules[page]);
}
