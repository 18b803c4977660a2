// Google's script loader (https://apis.google.com/js/api.js) for a browser with no internet:
// Firebase Auth's Google and Apple popups and the Auth emulator's helper frame both load it to
// talk across origins. The tests serve a stand-in (gapi-stand-in.js) at that one address; the
// page, the SDK, the emulator's sign-in widget and its REST API are the real ones.
import { readFileSync } from 'node:fs';
import type { BrowserContext } from '@playwright/test';

export const googleLoaderUrl = 'https://apis.google.com/js/api.js';
export const googleLoaderStandIn = readFileSync(new URL('./gapi-stand-in.js', import.meta.url), 'utf8');

/** Answers the loader's address, in every page, popup and frame of `context`, with the stand-in. */
export async function serveGoogleLoader(context: BrowserContext): Promise<void> {
  await context.route(`${googleLoaderUrl}*`, (route) =>
    route.fulfill({ status: 200, contentType: 'text/javascript; charset=utf-8', body: googleLoaderStandIn }),
  );
}
