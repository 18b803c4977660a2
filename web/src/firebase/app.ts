// Firebase's hook for replacing one service of an app: exported by firebase/app, left out of
// its public types. If a release drops it, the build fails on this import rather than the
// site keeping what its privacy policy says it does not.
// @ts-expect-error -- internal export, see above
import { _addOrOverwriteComponent as overwriteComponent, getApps, initializeApp, type FirebaseApp } from 'firebase/app';
import { firebaseConfig } from './config';

/**
 * The SDK's heartbeat, replaced by one that keeps and sends nothing. Firebase's own records the
 * day each Firebase part was used, with its version, in an IndexedDB database of the visitor's
 * browser (`firebase-heartbeat-database`) and sends it with later requests for Google's
 * statistics: nothing the visitor asked for, so the site stores nothing of it (the privacy
 * policy lists what the browser keeps). The services ask for it as an optional part and send
 * no header when it says nothing.
 */
const silentHeartbeat = {
  name: 'heartbeat',
  type: 'PRIVATE',
  instanceFactory: () => ({
    triggerHeartbeat: () => Promise.resolve(),
    getHeartbeatsHeader: () => Promise.resolve(''),
  }),
  multipleInstances: false,
  serviceProps: {},
  instantiationMode: 'LAZY',
  onInstanceCreated: null,
};

/**
 * The site's one Firebase app, created on first use by the pages that talk to Firebase (the
 * contact form, the email action page, the Account page): no other page loads any Firebase
 * code. Its settings are the build's only (`npm run deploy` requires the web API key).
 */
export function firebaseApp(): FirebaseApp {
  const [existing] = getApps();
  if (existing) return existing;
  const app = initializeApp(firebaseConfig);
  (overwriteComponent as (app: FirebaseApp, component: typeof silentHeartbeat) => void)(app, silentHeartbeat);
  return app;
}
