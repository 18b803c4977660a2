import { connectAuthEmulator, initializeAuth, inMemoryPersistence, type Auth } from 'firebase/auth';
import { firebaseApp } from './app';
import { authEmulatorHost } from './config';

let auth: Auth | undefined;

/**
 * Firebase Auth for the pages that need it, created once. Modular and minimal: no sign-in
 * popups or redirects and nothing kept in the browser's storage, so only the functions a page
 * calls are in its script part. Local builds talk to the Auth emulator.
 */
export function siteAuth(): Auth {
  if (auth) return auth;
  auth = initializeAuth(firebaseApp(), { persistence: inMemoryPersistence });
  // The emulator's warning banner would sit over the page; npm start says it is running.
  if (authEmulatorHost) connectAuthEmulator(auth, `http://${authEmulatorHost}`, { disableWarnings: true });
  return auth;
}
