import { firebaseApp } from './app';
import { appCheckSiteKey } from './app-check';
import { appCheckToken, startAppCheck } from './app-check-start';
import type { AppCheck } from 'firebase/app-check';
import { authEmulatorHost, firebaseConfig, firestoreEmulatorHost, recaptchaSiteKey } from './config';

// Starting App Check once for the pages that send to Firebase: a script part of its own, which
// callers import only under `if (import.meta.env.VITE_RECAPTCHA_SITE_KEY)` written out. A build
// without a key gets `undefined` there from Vite, and the bundler leaves App Check out entirely.

/** Attaches App Check when this build should (see appCheckSiteKey); App Check is a part of its own. */
async function startAppCheckIfWanted(): Promise<AppCheck | undefined> {
  const siteKey = appCheckSiteKey({
    siteKey: recaptchaSiteKey,
    emulatorHost: firestoreEmulatorHost ?? authEmulatorHost,
    appId: firebaseConfig.appId,
    apiKey: firebaseConfig.apiKey,
  });
  if (siteKey === undefined) return undefined;
  await Promise.resolve();
  return startAppCheck(firebaseApp(), siteKey);
}

let appCheck: Promise<AppCheck | undefined> | undefined;
/** Settles once App Check is attached; a failed attempt (its part did not load) is tried again by the next call. */
export function appCheckReady(): Promise<AppCheck | undefined> {
  appCheck ??= startAppCheckIfWanted().catch((error: unknown) => {
    appCheck = undefined;
    throw error;
  });
  return appCheck;
}

/** The header that carries App Check's token, where this build has App Check (none against the emulator). */
export async function appCheckHeaders(): Promise<Record<string, string>> {
  const started = await appCheckReady();
  return started ? { 'X-Firebase-AppCheck': await appCheckToken(started) } : {};
}
