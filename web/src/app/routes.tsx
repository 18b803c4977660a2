import type { ComponentType } from 'react';
import { pageModules, paths, type RouteName, type RoutePath } from '../config/paths';
import HomePage from '../pages/home';
import type { PageLoader, PageModule } from './lazy-page';

// One entry per page, from the route table in config/paths.ts. Home is in the first bundle;
// every other page is a script part of its own under static/js, loaded when its route is
// first visited. Unknown paths fall through to the not-found page.
export type RouteEntry = { path: RoutePath; page: ComponentType } | { path: RoutePath; load: PageLoader };

// The lazily loaded pages (legal-document is a part of the privacy and terms pages).
const lazyPages = import.meta.glob<PageModule>([
  '../pages/*.tsx',
  '!../pages/home.tsx',
  '!../pages/legal-document.tsx',
  '!../pages/*.test.tsx',
]);

function loaderOf(module: string): PageLoader {
  const load = lazyPages[`../pages/${module}.tsx`];
  if (!load) throw new Error(`No page module src/pages/${module}.tsx`);
  return load;
}

export const routes: readonly RouteEntry[] = (Object.keys(paths) as RouteName[]).map((name) =>
  name === 'home' ? { path: paths.home, page: HomePage } : { path: paths[name], load: loaderOf(pageModules[name]) },
);

export const loadNotFound: PageLoader = loaderOf(pageModules.notFound);

/** The script part a path (without language prefix) needs, or undefined for home (always loaded). */
export function loaderFor(path: string): PageLoader | undefined {
  const route = routes.find((entry) => entry.path === path);
  if (!route) return loadNotFound;
  return 'load' in route ? route.load : undefined;
}
