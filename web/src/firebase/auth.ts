import {
  connectAuthEmulator,
  initializeAuth,
  inMemoryPersistence,
  type Auth,
  type PopupRedirectResolver,
} from 'firebase/auth';
import { firebaseApp } from './app';
import { authEmulatorHost } from './config';

let auth: Auth | undefined;

/**
 * Firebase Auth for the pages that need it, created once. Modular and minimal: nothing kept in
 * the browser's storage, and sign-in popups only where a page passes their `resolver` (the
 * Account page), so only the functions a page calls are in its script part. With a resolver,
 * Auth prepares the popup's helper frame ahead of the click on browsers that would otherwise
 * block a popup opened late (Safari, phones). Local builds talk to the Auth emulator.
 */
export function siteAuth(resolver?: PopupRedirectResolver): Auth {
  if (auth) return auth;
  auth = initializeAuth(firebaseApp(), {
    persistence: inMemoryPersistence,
    ...(resolver ? { popupRedirectResolver: resolver } : {}),
  });
  // The emulator's warning banner would sit over the page; npm start says it is running.
  if (authEmulatorHost) connectAuthEmulator(auth, `http://${authEmulatorHost}`, { disableWarnings: true });
  return auth;
}
