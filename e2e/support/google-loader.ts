// Google's script loader (https://apis.google.com/js/api.js) for a browser with no internet:
// Firebase Auth's Google and Apple popups and the Auth emulator's helper frame both load it to
// talk across origins, and it loads its `gapi.iframes` module from its static folder on the same
// host. The tests serve stand-ins at those addresses (gapi-stand-in.js, the loader, which fetches
// gapi-iframes-stand-in.js, the module, as Google's loader does); the page, the SDK, the
// emulator's sign-in widget and its REST API are the real ones. The addresses are written here as
// Google's loader uses them, not taken from the site's policy (web/src/config/sign-in.ts), so
// the tests find out when the policy does not allow them.
import { readFileSync } from 'node:fs';
import type { BrowserContext } from '@playwright/test';

export const googleLoaderUrl = 'https://apis.google.com/js/api.js';
/** The folder Google's loader fetches its modules from (`…/k=gapi.lb.<language>.<version>/m=gapi_iframes/…`). */
export const googleModuleFolder = '/_/scs/abc-static/_/js/';

const standIn = (file: string) => readFileSync(new URL(file, import.meta.url), 'utf8');
export const googleLoaderStandIn = standIn('./gapi-stand-in.js');
export const googleModuleStandIn = standIn('./gapi-iframes-stand-in.js');

/** The stand-in served at `url` on Google's host, or undefined for an address Google's loader never uses. */
export function googleStandInFor(url: string): string | undefined {
  const { origin, pathname } = new URL(url);
  if (origin !== new URL(googleLoaderUrl).origin) return undefined;
  if (pathname === new URL(googleLoaderUrl).pathname) return googleLoaderStandIn;
  return pathname.startsWith(googleModuleFolder) && pathname.includes('/m=gapi_iframes/')
    ? googleModuleStandIn
    : undefined;
}

/** Answers Google's loader and its module, in every page, popup and frame of `context`, with the stand-ins. */
export async function serveGoogleLoader(context: BrowserContext): Promise<void> {
  await context.route(`${new URL(googleLoaderUrl).origin}/**`, (route) => {
    const body = googleStandInFor(route.request().url());
    return body === undefined
      ? route.fulfill({ status: 404 })
      : route.fulfill({ status: 200, contentType: 'text/javascript; charset=utf-8', body });
  });
}
