import type { ComponentType } from 'react';
import { paths, type RoutePath } from '../config/paths';
import HomePage from '../pages/home';
import type { PageLoader } from './lazy-page';

// One entry per page. Home is in the first bundle; every other page is a script part of
// its own under static/js, loaded when its route is first visited. Unknown paths fall
// through to the not-found page.
export type RouteEntry = { path: RoutePath; page: ComponentType } | { path: RoutePath; load: PageLoader };

export const routes: readonly RouteEntry[] = [
  { path: paths.home, page: HomePage },
  { path: paths.features, load: () => import('../pages/features') },
  { path: paths.downloadApp, load: () => import('../pages/download-app') },
  { path: paths.pro, load: () => import('../pages/pro') },
  { path: paths.support, load: () => import('../pages/support') },
  { path: paths.privacy, load: () => import('../pages/privacy') },
  { path: paths.terms, load: () => import('../pages/terms') },
  { path: paths.emailVerification, load: () => import('../pages/email-verification') },
  { path: paths.partner, load: () => import('../pages/partner') },
  { path: paths.account, load: () => import('../pages/account') },
];

export const loadNotFound: PageLoader = () => import('../pages/not-found');

/** The script part a path (without language prefix) needs, or undefined for home (always loaded). */
export function loaderFor(path: string): PageLoader | undefined {
  const route = routes.find((entry) => entry.path === path);
  if (!route) return loadNotFound;
  return 'load' in route ? route.load : undefined;
}
