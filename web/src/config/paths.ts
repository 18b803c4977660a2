import { helpArticleIds, type HelpArticleId } from './help.ts';
import type { Language } from './languages.js';

/** The page module every help article is shown by. */
export const helpArticleModule = 'help-article';

/** A help article's name in the route table: `help/cancel-pro`. */
export type HelpArticleRoute = `help/${HelpArticleId}`;

/** The route table's entry of each help article (config/help.ts lists them). */
type HelpArticleRoutes = {
  readonly [Id in HelpArticleId as `help/${Id}`]: { path: `/help/${Id}`; module: typeof helpArticleModule };
};

/**
 * The route table: every page of the site, once. For each page its address (`path`; the
 * not-found page has none), its module in src/pages/ (without `.tsx`) and what its head says
 * beyond its texts (`describesApp`: the page presents the app, so its head carries the app's
 * schema.org description; left out where false; `headers`: the page is served with a header
 * policy of its own, see `headerPolicyOf`; `unlisted`: a page the app's links land on, which
 * search engines are asked not to show (`noindex`) and the sitemap leaves out). The router (app/routes.tsx), the links, the prerenderer
 * (build/prerender.ts), the head (seo/), the sitemap and the bundle budget
 * (tests/budgets/bundle.ts) all read it; the head's texts are keyed by the same names
 * (locales/{en,it}/meta.json), but for the help articles, whose head is their title and
 * summary (locales/{en,it}/help.json). Every help article is a page of its own, at
 * `/help/<id>`, shown by one module.
 */
export const routeTable = {
  home: { path: '/', module: 'home', describesApp: true },
  features: { path: '/features', module: 'features', describesApp: true },
  downloadApp: { path: '/download-app', module: 'download-app', describesApp: true },
  pro: { path: '/pro', module: 'pro', describesApp: true },
  support: { path: '/support', module: 'support' },
  privacy: { path: '/privacyAndPolicy', module: 'privacy' },
  terms: { path: '/termsAndConditions', module: 'terms' },
  emailVerification: { path: '/email-verification', module: 'email-verification', unlisted: true },
  partner: { path: '/partner', module: 'partner' },
  account: { path: '/account', module: 'account', headers: 'sign-in' },
  help: { path: '/help', module: 'help' },
  accessibility: { path: '/accessibility', module: 'accessibility' },
  ...(Object.fromEntries(
    helpArticleIds.map((id) => [`help/${id}`, { path: `/help/${id}`, module: helpArticleModule }]),
  ) as HelpArticleRoutes),
  notFound: { path: null, module: 'not-found' },
} as const satisfies Record<
  string,
  {
    path: `/${string}` | null;
    module: string;
    describesApp?: true;
    headers?: Exclude<HeaderPolicy, 'site'>;
    unlisted?: true;
  }
>;

/** Every page, the not-found page included. */
export type PageName = keyof typeof routeTable;
/** The pages with an address of their own. */
export type RouteName = Exclude<PageName, 'notFound'>;

/** Whether search engines are asked to leave the page out (`noindex`, not in the sitemap). */
export function isUnlisted(name: PageName): boolean {
  return 'unlisted' in routeTable[name];
}

/** The addresses of the unlisted pages (for the audits that expect a page to be indexed). */
export function unlistedPaths(): string[] {
  return (Object.keys(routeTable) as PageName[]).filter(isUnlisted).flatMap((name) => routeTable[name].path ?? []);
}

/** Whether a route is a help article's (`help/cancel-pro`). */
export function isHelpArticle(name: PageName): name is HelpArticleRoute {
  return name.startsWith('help/');
}

/** The article a help article's route shows: `help/cancel-pro` → `cancel-pro`. */
export function helpArticleOf(name: HelpArticleRoute): HelpArticleId {
  return name.slice('help/'.length) as HelpArticleId;
}

/** Each routed page's address: `paths.features` is `/features`. */
export const paths = Object.fromEntries(
  Object.entries(routeTable).flatMap(([name, route]) => (route.path === null ? [] : [[name, route.path]])),
) as { readonly [Name in RouteName]: (typeof routeTable)[Name]['path'] };
export type RoutePath = (typeof paths)[RouteName];

/** Each page's module in src/pages/, without `.tsx`. */
export const pageModules = Object.fromEntries(
  Object.entries(routeTable).map(([name, route]) => [name, route.module]),
) as { readonly [Name in PageName]: (typeof routeTable)[Name]['module'] };

/** How many page templates (modules) the site has, the not-found page's included. */
export const pageTemplateCount = new Set(Object.values(pageModules)).size;

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
  const route = routeTable[matchPage(rebase(pathname, baseOf(pathname), ''))];
  return 'headers' in route ? route.headers : 'site';
}

const pageAt = new Map<string, RouteName>(
  (Object.keys(paths) as RouteName[]).map((name) => [paths[name], name] as const),
);

/**
 * The page at a path without its language prefix (`/features`, `/help/cancel-pro`): its name in
 * the route table, or `notFound`. The one match of a path to a page: start-up, the router, the
 * head, the header policy and the help article page all read it. Exact, as Hosting serves files:
 * `/Features` is no page; one trailing slash is forgiven (`/help/cancel-pro/`), as a host
 * without Hosting's redirect may serve it.
 */
export function matchPage(path: string): PageName {
  const exact = pageAt.get(path);
  if (exact) return exact;
  return (path.endsWith('/') && pageAt.get(path.slice(0, -1))) || 'notFound';
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
