import type { Language } from './languages.js';

// Every route of the site, in one place: the router, the links, the Hosting rewrites
// (checked by a test against firebase.json) and later the sitemap all read this list.
export const paths = {
  home: '/',
  features: '/features',
  downloadApp: '/download-app',
  pro: '/pro',
  support: '/support',
  privacy: '/privacyAndPolicy',
  terms: '/termsAndConditions',
  emailVerification: '/email-verification',
  partner: '/partner',
  account: '/account',
} as const;

export type RouteName = keyof typeof paths;
export type RoutePath = (typeof paths)[RouteName];

/**
 * Each page's module in src/pages/ (without `.tsx`), the not-found page's too: the router
 * loads it (app/routes.tsx), the prerenderer names it as the page's script part
 * (build/prerender.ts) and the bundle budget measures it (tests/budgets/bundle.ts). The
 * page's head texts are keyed by the same names (locales/{en,it}/meta.json).
 */
export const pageModules = {
  home: 'home',
  features: 'features',
  downloadApp: 'download-app',
  pro: 'pro',
  support: 'support',
  privacy: 'privacy',
  terms: 'terms',
  emailVerification: 'email-verification',
  partner: 'partner',
  account: 'account',
  notFound: 'not-found',
} as const satisfies Record<RouteName | 'notFound', string>;
export type PageName = keyof typeof pageModules;

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
