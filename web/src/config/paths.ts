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

/** A page's own address in a language: `/features` in English, `/it/features` in Italian. */
export function localizedPath(path: RoutePath, language: 'en' | PrefixedLanguage): string {
  if (language === 'en') return path;
  const prefix = languagePrefixes[language];
  return path === '/' ? prefix : `${prefix}${path}`;
}
