import { connectFirestoreEmulator, getFirestore, type Firestore } from 'firebase/firestore/lite';
import { firebaseApp } from './app';
import { firestoreEmulatorHost, hostAndPort } from './config';

// The database the site writes to, with Firestore Lite (REST, no realtime, a fraction of the
// full SDK): the contact form's messages (features/contact/api/write-mail.ts). The help
// centre's signals go without the SDK (features/help/signals/signal-store.ts). Whoever imports
// this module is a script part of its own, loaded only when the page is about to write.

let db: Firestore | undefined;
/**
 * The database, set up on the first write rather than when this part loads: the contact form's
 * part loads as the visitor starts typing, and setting up Firebase there was a step of 15 ms at
 * the 4× slowdown between two keystrokes. A write waits for the network anyway.
 */
export function database(): Firestore {
  if (db) return db;
  db = getFirestore(firebaseApp());
  if (firestoreEmulatorHost) {
    const { host, port } = hostAndPort(firestoreEmulatorHost);
    connectFirestoreEmulator(db, host, port);
  }
  return db;
}

// `import.meta.env.VITE_RECAPTCHA_SITE_KEY` is written out in each test below (not read from a
// variable): a build without a key gets `undefined` there from Vite, and the bundler drops
// everything about App Check, dynamic import included, from this script part.
const appCheckReady = async () => (await import('./app-check-ready')).appCheckReady();

/**
 * Starts App Check now, where the site has it (the page is about to write), so reCAPTCHA is
 * ready by the time of writing; a failure here is the write's to report.
 */
export function prepareToWrite(): void {
  if (import.meta.env.VITE_RECAPTCHA_SITE_KEY) appCheckReady().catch(() => undefined);
}

/**
 * The database, once a write with App Check's token may go (the contact form's): Firestore
 * attaches a token only once App Check is there.
 */
export async function databaseToWrite(): Promise<Firestore> {
  if (import.meta.env.VITE_RECAPTCHA_SITE_KEY) await appCheckReady();
  return database();
}
