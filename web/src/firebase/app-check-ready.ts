import { firebaseApp } from './app';
import { appCheckSiteKey } from './app-check';
import { startAppCheck } from './app-check-start';
import { authEmulatorHost, firebaseConfig, firestoreEmulatorHost, recaptchaSiteKey } from './config';

// Starting App Check once for the pages that send to Firebase: a script part of its own, which
// callers import only under `if (import.meta.env.VITE_RECAPTCHA_SITE_KEY)` written out. A build
// without a key gets `undefined` there from Vite, and the bundler leaves App Check out entirely.

/** Attaches App Check when this build should (see appCheckSiteKey); App Check is a part of its own. */
async function startAppCheckIfWanted(): Promise<void> {
  const siteKey = appCheckSiteKey({
    siteKey: recaptchaSiteKey,
    emulatorHost: firestoreEmulatorHost ?? authEmulatorHost,
    appId: firebaseConfig.appId,
    apiKey: firebaseConfig.apiKey,
  });
  if (siteKey === undefined) return;
  await Promise.resolve();
  startAppCheck(firebaseApp(), siteKey);
}

let appCheck: Promise<void> | undefined;
/** Settles once App Check is attached; a failed attempt (its part did not load) is tried again by the next call. */
export function appCheckReady(): Promise<void> {
  appCheck ??= startAppCheckIfWanted().catch((error: unknown) => {
    appCheck = undefined;
    throw error;
  });
  return appCheck;
}
