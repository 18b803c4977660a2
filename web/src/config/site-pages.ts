// Every page of the site with an address, the help articles included: for the build (the
// prerenderer, the sitemap), the head and the tests. The start-up script never imports it
// (config/paths.ts matches an article's address by its pattern), so the list of articles
// weighs on no first visit.
import { helpArticleIds } from './help.ts';
import { helpArticlePath, pageModuleNames, paths, type PathOf, type RouteName } from './paths.ts';

/** Each page's address: `everyPath.features` is `/features`, `everyPath['help/cancel-pro']` `/help/cancel-pro`. */
export const everyPath = {
  ...paths,
  ...Object.fromEntries(helpArticleIds.map((id) => [`help/${id}`, helpArticlePath(id)])),
} as { readonly [Name in RouteName]: PathOf<Name> };

/** Every page with an address, in the route table's order, then the articles'. */
export const routeNames = Object.keys(everyPath) as RouteName[];

/** How many page templates (modules) the site has, the not-found page's included. */
export const pageTemplateCount = pageModuleNames.length;
