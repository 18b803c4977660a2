import type { HelpArticleId } from './help.ts';
import type { Language } from './languages.js';

/** The page module every help article is shown by. */
export const helpArticleModule = 'help-article';

/** A help article's name as a page: `help/cancel-pro`. */
export type HelpArticleRoute = `help/${HelpArticleId}`;

/** A help article's address: `/help/cancel-pro`. */
export function helpArticlePath<Id extends HelpArticleId>(id: Id): `/help/${Id}` {
  return `/help/${id}`;
}

/**
 * The route table: every page of the site with an address of its own, once, but the help
 * articles. For each page its address (`path`; the not-found page has none), its module in
 * src/pages/ (without `.tsx`) where it is not the address without its slash (`module`), and
 * how it is served beyond its texts (`headers`: the page is served with a header policy of its
 * own, see `headerPolicyOf`; `unlisted`: a page the app's links land on, which search engines
 * are asked not to show (`noindex`) and the sitemap leaves out). The head's texts are keyed by the same names
 * (locales/{en,it}/meta.json).
 *
 * Every help article is a page of its own at `/help/<id>`, shown by one module, and matched by
 * that pattern (`matchPage`): the table, which the start-up script carries, does not list them,
 * so a first visit weighs the same however many articles there are. The build, the sitemap, the
 * head and the tests list every page, articles included, from config/site-pages.ts.
 */
export const routeTable = {
  home: { path: '/', module: 'home' },
  features: { path: '/features' },
  downloadApp: { path: '/download-app' },
  pro: { path: '/pro' },
  support: { path: '/support' },
  privacy: { path: '/privacyAndPolicy', module: 'privacy' },
  terms: { path: '/termsAndConditions', module: 'terms' },
  emailVerification: { path: '/email-verification', unlisted: true },
  partner: { path: '/partner' },
  account: { path: '/account', headers: 'sign-in' },
  help: { path: '/help' },
  accessibility: { path: '/accessibility' },
  knownProblems: { path: '/known-problems' },
  notFound: { path: null, module: 'not-found' },
} as const satisfies Record<
  string,
  {
    path: `/${string}` | null;
    module?: string;
    headers?: Exclude<HeaderPolicy, 'site'>;
    unlisted?: true;
  }
>;

/** The pages of the route table (every page but the help articles). */
type TablePage = keyof typeof routeTable;
/** Every page, the help articles and the not-found page included. */
export type PageName = TablePage | HelpArticleRoute;
/** The pages with an address of their own. */
export type RouteName = Exclude<PageName, 'notFound'>;

/** Whether search engines are asked to leave the page out (`noindex`, not in the sitemap). */
export function isUnlisted(name: PageName): boolean {
  return !isHelpArticle(name) && 'unlisted' in routeTable[name];
}

/** The addresses of the unlisted pages (for the audits that expect a page to be indexed). */
export function unlistedPaths(): string[] {
  return (Object.keys(routeTable) as TablePage[]).filter(isUnlisted).flatMap((name) => routeTable[name].path ?? []);
}

/** Whether a route is a help article's (`help/cancel-pro`). */
export function isHelpArticle(name: PageName): name is HelpArticleRoute {
  return name.startsWith('help/');
}

/** The article a help article's route shows: `help/cancel-pro` → `cancel-pro`. */
export function helpArticleOf(name: HelpArticleRoute): HelpArticleId {
  return name.slice('help/'.length) as HelpArticleId;
}

/** A page's address: `/features` for `features`, `/help/cancel-pro` for `help/cancel-pro`. */
export type PathOf<Name extends RouteName> = Name extends `help/${infer Id}`
  ? `/help/${Id}`
  : (typeof routeTable)[Name & TablePage]['path'];
export type RoutePath = PathOf<RouteName>;

/**
 * The address of each page of the route table: `paths.features` is `/features`; a help
 * article's is `helpArticlePath(id)`, and config/site-pages.ts lists every page's.
 */
export const paths = Object.fromEntries(
  Object.entries(routeTable).flatMap(([name, route]) => (route.path === null ? [] : [[name, route.path]])),
) as { readonly [Name in Exclude<TablePage, 'notFound'>]: (typeof routeTable)[Name]['path'] };

/** Any page's address. */
export function pathOf<Name extends RouteName>(name: Name): PathOf<Name> {
  return (
    isHelpArticle(name) ? helpArticlePath(helpArticleOf(name)) : routeTable[name as TablePage].path
  ) as PathOf<Name>;
}

/** A table page's module: its own, or its address without the slash (`/features`: `features`). */
function tableModule(route: (typeof routeTable)[TablePage]): string {
  return 'module' in route ? route.module : route.path.slice(1);
}

/** A page's module in src/pages/, without `.tsx`. */
export function moduleOf(name: PageName): string {
  return isHelpArticle(name) ? helpArticleModule : tableModule(routeTable[name]);
}

/** Every page module, once (the help articles' included). */
export const pageModuleNames: readonly string[] = [
  ...new Set([...Object.values(routeTable).map(tableModule), helpArticleModule]),
];

/**
 * The security headers a page is served with (firebase.json): `site`, the strict policy of
 * every page; `sign-in`, one that lets Google's and Apple's sign-in popups in (their script
 * loader, their frame, a popup that reports back to its opener). A document keeps the headers
 * it was loaded with, so the app loads a new document for a link into another policy
 * (app/app.tsx).
 */
export type HeaderPolicy = 'site' | 'sign-in';

/** The header policy of the page at `pathname`, in any language (`/it/account`). */
export function headerPolicyOf(pathname: string): HeaderPolicy {
  const page = matchPage(rebase(pathname, baseOf(pathname), ''));
  if (isHelpArticle(page)) return 'site';
  const route = routeTable[page];
  return 'headers' in route ? route.headers : 'site';
}

const pageAt = new Map<string, TablePage>(
  (Object.keys(paths) as Array<keyof typeof paths>).map((name) => [paths[name], name] as const),
);

/** A help article's address: `/help/`, then an id of lower-case words joined by hyphens. */
const helpArticleAddress = /^\/help\/([a-z0-9]+(?:-[a-z0-9]+)*)$/;

/**
 * The page at a path without its language prefix (`/features`, `/help/cancel-pro`): its name,
 * or `notFound`. The one match of a path to a page: start-up, the router, the head, the header
 * policy and the help article page all read it. Exact, as Hosting serves files: `/Features` is
 * no page; one trailing slash is forgiven (`/help/cancel-pro/`), as a host without Hosting's
 * redirect may serve it. Any address shaped like an article's is matched as an article: its
 * page's loader (app/routes.tsx) fetches the list of articles with it and gives an id that is
 * none the not-found page, as Hosting answers such an address.
 */
export function matchPage(path: string): PageName {
  const trimmed = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
  const table = pageAt.get(trimmed);
  if (table) return table;
  const article = helpArticleAddress.exec(trimmed)?.[1];
  return article ? (`help/${article}` as HelpArticleRoute) : 'notFound';
}

/** The static file served beside the app (never the single-page app). */
export const appAdsPath = '/app-ads.txt';

/**
 * Every language but English also has its own address for each page, under a prefix
 * (`/it/features`), so search engines can index each language and link them as alternates.
 * The unprefixed address serves the visitor's language (Hosting chooses by the browser's
 * languages and the `firebase-language-override` cookie), English by default.
 */
export const languagePrefixes = { it: '/it' } as const;
export type PrefixedLanguage = keyof typeof languagePrefixes;

/** The router base of a language's own addresses: '' for English, `/it` for Italian. */
export function basePath(language: Language): string {
  return language === 'en' ? '' : languagePrefixes[language];
}

/** The base a browser path sits under: `/it/features` → `/it`; `/features`, `/italy` → ''. */
export function baseOf(pathname: string): string {
  const prefix = Object.values(languagePrefixes).find(
    (candidate) => pathname === candidate || pathname.startsWith(`${candidate}/`),
  );
  return prefix ?? '';
}

/** The language whose own addresses live under `base`, or undefined for ''. */
export function languageOfBase(base: string): Language | undefined {
  return (Object.keys(languagePrefixes) as PrefixedLanguage[]).find((language) => languagePrefixes[language] === base);
}

/** The same page under another base: `/it/features` from '/it' to '' is `/features`. */
export function rebase(pathname: string, from: string, to: string): string {
  const rest = from && pathname.startsWith(from) ? pathname.slice(from.length) : pathname;
  const page = rest === '' ? '/' : rest;
  if (!to) return page;
  return page === '/' ? to : `${to}${page}`;
}

/** A page's own address in a language: `/features` in English, `/it/features` in Italian. */
export function localizedPath(path: RoutePath, language: Language): string {
  return rebase(path, '', basePath(language));
}

/**
 * The link to the home page under the current language prefix: `/it`, not `/it/` (which
 * Hosting would redirect). wouter treats a `~` target as absolute.
 */
export function homeHref(base: string): string {
  return base ? `~${base}` : '/';
}
