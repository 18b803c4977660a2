import { getApps, initializeApp, type FirebaseApp } from 'firebase/app';
import { firebaseConfig } from './config';

/**
 * The site's one Firebase app, created on first use by the pages that talk to Firebase (the
 * contact form, the email action page): no other page loads any Firebase code. `apiKey` is
 * used when the build has none: the links in Firebase's account emails carry the project's.
 */
export function firebaseApp(apiKey?: string): FirebaseApp {
  const [existing] = getApps();
  if (existing) return existing;
  return initializeApp({ ...firebaseConfig, apiKey: firebaseConfig.apiKey ?? apiKey });
}
