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
