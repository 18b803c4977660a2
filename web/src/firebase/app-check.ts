// Whether the site's requests to Firebase (the contact form's writes, the Account page's copy
// of a member's data) carry a Firebase App Check token. Pure, with no Firebase
// import, so the decision can be tested and read without pulling App Check into a bundle.

export interface AppCheckSettings {
  /** `VITE_RECAPTCHA_SITE_KEY`: a score-based reCAPTCHA Enterprise key for this site's domains. */
  siteKey?: string | undefined;
  /** `VITE_FIRESTORE_EMULATOR_HOST` or `VITE_AUTH_EMULATOR_HOST`: set in builds that talk to the local emulators. */
  emulatorHost?: string | undefined;
  /** `VITE_FIREBASE_APP_ID` and `VITE_FIREBASE_API_KEY`: App Check exchanges tokens for this app. */
  appId?: string | undefined;
  apiKey?: string | undefined;
}

/**
 * The reCAPTCHA Enterprise site key to start App Check with, or undefined to leave it off:
 * off without a key (nothing changes for a project that has not set it up), and off against
 * the emulator, which checks no tokens and is no domain a production key may list. A key
 * without the web app's id and API key is a broken build: it throws, so the send fails
 * visibly instead of every write being refused later with App Check silently off.
 */
export function appCheckSiteKey({ siteKey, emulatorHost, appId, apiKey }: AppCheckSettings): string | undefined {
  const key = siteKey?.trim();
  if (!key || emulatorHost?.trim()) return undefined;
  if (!appId?.trim() || !apiKey?.trim()) {
    throw new Error('App Check needs VITE_FIREBASE_APP_ID and VITE_FIREBASE_API_KEY with VITE_RECAPTCHA_SITE_KEY');
  }
  return key;
}
