// Where the Account page's Google and Apple sign-in reaches beyond the site, in one place. The
// build's Firebase config (firebase/config.ts) signs in through the auth domain below, and the
// Account page's Content-Security-Policy, written for the project being served or deployed
// (scripts/lib/firebase-config.ts, withSignInPolicy), allows exactly these addresses and no
// more. Nothing here is secret.

/**
 * The auth domain a build signs in through: the one the build names
 * (`VITE_FIREBASE_AUTH_DOMAIN`, docs/operating.md, "Google and Apple sign-in, setting up"), else the project's own
 * Firebase domain. Firebase Auth opens its popup and its helper frame there.
 */
export function authDomainOf(projectId: string, configured?: string): string {
  return configured || `${projectId}.firebaseapp.com`;
}

/**
 * The scripts Firebase Auth's popup sign-in loads into the page (signInWithPopup, Google and
 * Apple alike): Google's script loader, which Auth adds with `?onload=<callback>` (a source's
 * path ignores the query), and the loader's `gapi.iframes` module, which it fetches from its
 * static folder as `…/k=gapi.lb.<language>.<version>/m=gapi_iframes/…/cb=gapi.loaded_0`. The
 * version in that name changes with Google's releases, so the source names the folder (a path
 * that ends in `/` allows what is under it, and nothing beside it on apis.google.com).
 */
export const googleSignInScripts = [
  'https://apis.google.com/js/api.js',
  'https://apis.google.com/_/scs/abc-static/_/js/',
] as const;

/**
 * Firebase Auth's token service: a signed-in member's ID token lasts an hour, and the SDK renews
 * it here (a few minutes before it runs out, while the page is open), so a member who keeps the
 * Account page open can still download their data or delete their account.
 */
export const authTokenService = 'https://securetoken.googleapis.com';

/** The path of Firebase Auth's helper frame on the auth domain, which the page embeds. */
export const authHelperFramePath = '/__/auth/iframe';

/** The one frame the Account page may hold: Auth's helper on the build's auth domain. */
export function signInFrameSource(authDomain: string): string {
  return `https://${authDomain}${authHelperFramePath}`;
}
