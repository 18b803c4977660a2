import { getApps, initializeApp, type FirebaseApp } from 'firebase/app';
import { firebaseConfig } from './config';

/**
 * The site's one Firebase app, created on first use by the pages that talk to Firebase (the
 * contact form, the email action page, the Account page): no other page loads any Firebase
 * code. Its settings are the build's only (`npm run deploy` requires the web API key).
 */
export function firebaseApp(): FirebaseApp {
  const [existing] = getApps();
  if (existing) return existing;
  return initializeApp(firebaseConfig);
}
