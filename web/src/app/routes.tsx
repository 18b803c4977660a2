import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { paths, type RoutePath } from '../config/paths';
import HomePage from '../pages/home';

type Page = ComponentType | LazyExoticComponent<ComponentType>;

// One entry per page that exists. Home is in the first bundle; every other page is split
// into its own chunk and loaded when the route is visited. Unknown paths fall through to
// the not-found page in the router.
export const routes: ReadonlyArray<{ path: RoutePath; page: Page }> = [{ path: paths.home, page: HomePage }];

export const NotFoundPage = lazy(() => import('../pages/not-found'));
