// The Firebase project the site talks to, from the build. `--mode emulator` (npm start,
// npm test) gets the demo project and the emulators' addresses from web/vite.config.ts;
// `npm run deploy` passes the real project id, and `web/.env.production` holds the web app's
// API key and id (docs/operating.md, "Deploy"). Nothing here is secret: Firebase web config is public and
// the rules and Auth decide what a client may do. A production build refuses any emulator
// setting (web/build/production-env.ts), so the two hosts below are set in local builds only.
import { authDomainOf } from '../config/sign-in';

const env = import.meta.env;

export const firebaseConfig = {
  projectId: env.VITE_FIREBASE_PROJECT_ID,
  apiKey: env.VITE_FIREBASE_API_KEY,
  appId: env.VITE_FIREBASE_APP_ID,
  // Where Google and Apple sign-in pages return to (the Account page's popups): the project's
  // own Firebase domain unless the build names another (docs/operating.md, "Google and Apple sign-in, setting up").
  // The Account page's policy frames this domain and no other (config/sign-in.ts).
  authDomain: authDomainOf(env.VITE_FIREBASE_PROJECT_ID ?? '', env.VITE_FIREBASE_AUTH_DOMAIN),
};

/** `host:port` of the Firestore emulator in local builds, else undefined. */
export const firestoreEmulatorHost: string | undefined = env.VITE_FIRESTORE_EMULATOR_HOST;

/** `host:port` of the Auth emulator in local builds, else undefined. */
export const authEmulatorHost: string | undefined = env.VITE_AUTH_EMULATOR_HOST;

/** `host:port` as its two parts. */
export function hostAndPort(address: string): { host: string; port: number } {
  const at = address.lastIndexOf(':');
  return { host: address.slice(0, at), port: Number(address.slice(at + 1)) };
}

/**
 * The reCAPTCHA Enterprise site key of the site's App Check registration, when the build has
 * one (docs/operating.md, "App Check"). Public like the rest: reCAPTCHA checks the domain it runs on.
 * Read from `import.meta.env` itself, not `env`: Vite then writes the value (or `undefined`)
 * in place, and a build without a key keeps no trace of it.
 */
export const recaptchaSiteKey: string | undefined = import.meta.env.VITE_RECAPTCHA_SITE_KEY;
