// Where the contact form writes. The project comes from the build: `--mode emulator` reads
// web/.env.emulator (the local demo project and the Firestore emulator); `npm run deploy`
// passes the real project id. Nothing here is secret: Firebase web config is public and the
// rules decide what a client may write.
const env = import.meta.env;

export const firebaseConfig = {
  projectId: env.VITE_FIREBASE_PROJECT_ID ?? 'demo-fishing-app',
  apiKey: env.VITE_FIREBASE_API_KEY,
  appId: env.VITE_FIREBASE_APP_ID,
};

/** `host:port` of the Firestore emulator in local builds, else undefined. */
export const firestoreEmulatorHost: string | undefined = env.VITE_FIRESTORE_EMULATOR_HOST;

/**
 * The reCAPTCHA Enterprise site key of the site's App Check registration, when the build has
 * one (README, "App Check"). Public like the rest: reCAPTCHA checks the domain it runs on.
 * Read from `import.meta.env` itself, not `env`: Vite then writes the value (or `undefined`)
 * in place, and a build without a key keeps no trace of it.
 */
export const recaptchaSiteKey: string | undefined = import.meta.env.VITE_RECAPTCHA_SITE_KEY;
