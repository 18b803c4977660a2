import type { FirebaseApp } from 'firebase/app';
import {
  addDoc,
  collection,
  connectFirestoreEmulator,
  getFirestore,
  serverTimestamp,
  type Firestore,
} from 'firebase/firestore/lite';
import { firebaseApp } from '../../../firebase/app';
import { firebaseConfig, firestoreEmulatorHost, hostAndPort, recaptchaSiteKey } from '../../../firebase/config';
import { appCheckSiteKey } from './app-check';
import type { ContactMessage } from '@contact-message';

// Firestore Lite (REST, no realtime, a fraction of the full SDK) in a script part of its own,
// loaded only by the support page, when the visitor starts on the form.

let db: Firestore | undefined;
/**
 * The database, set up on the first send rather than when this part loads: the part loads as
 * the visitor starts typing, and setting up Firebase there was a step of 15 ms at the 4×
 * slowdown between two keystrokes. A send waits for the network anyway.
 */
function database(): Firestore {
  if (db) return db;
  db = getFirestore(firebaseApp());
  if (firestoreEmulatorHost) {
    const { host, port } = hostAndPort(firestoreEmulatorHost);
    connectFirestoreEmulator(db, host, port);
  }
  return db;
}

/** Attaches App Check when this build should (see appCheckSiteKey); App Check is a part of its own. */
async function startAppCheckIfWanted(firebaseApp: FirebaseApp): Promise<void> {
  const siteKey = appCheckSiteKey({
    siteKey: recaptchaSiteKey,
    emulatorHost: firestoreEmulatorHost,
    appId: firebaseConfig.appId,
    apiKey: firebaseConfig.apiKey,
  });
  if (siteKey === undefined) return;
  const { startAppCheck } = await import('./app-check-start');
  startAppCheck(firebaseApp, siteKey);
}

let appCheck: Promise<void> | undefined;
/** Settles once App Check is attached; a failed attempt (its part did not load) is tried again by the next send. */
function appCheckReady(): Promise<void> {
  appCheck ??= startAppCheckIfWanted(firebaseApp()).catch((error: unknown) => {
    appCheck = undefined;
    throw error;
  });
  return appCheck;
}

// `import.meta.env.VITE_RECAPTCHA_SITE_KEY` is written out in both tests below (not read from
// a variable): a build without a key gets `undefined` there from Vite, and the minifier drops
// everything about App Check, dynamic import included, from this script part.
if (import.meta.env.VITE_RECAPTCHA_SITE_KEY) {
  // Started now (the form was just touched), so reCAPTCHA is ready by the time of sending; a
  // failure here is the send's to report.
  appCheckReady().catch(() => undefined);
}

/** Writes the message to `Mail` with the server's time; resolves to the document id. */
export async function addMail(message: ContactMessage): Promise<string> {
  // Firestore attaches a token only once App Check is there: the first write waits for it.
  if (import.meta.env.VITE_RECAPTCHA_SITE_KEY) await appCheckReady();
  const reference = await addDoc(collection(database(), 'Mail'), { ...message, createdAt: serverTimestamp() });
  return reference.id;
}
