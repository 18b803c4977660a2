import {
  addDoc,
  Bytes,
  collection,
  connectFirestoreEmulator,
  getFirestore,
  serverTimestamp,
  type Firestore,
} from 'firebase/firestore/lite';
import { firebaseApp } from '../../../firebase/app';
import { firestoreEmulatorHost, hostAndPort } from '../../../firebase/config';
import { contactPicture, type ContactMessage } from '@contracts/contact-message';
import { collections } from '@contracts/collections';

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

// `import.meta.env.VITE_RECAPTCHA_SITE_KEY` is written out in both tests below (not read from
// a variable): a build without a key gets `undefined` there from Vite, and the bundler drops
// everything about App Check, dynamic import included, from this script part.
const appCheckReady = async () => (await import('../../../firebase/app-check-ready')).appCheckReady();
if (import.meta.env.VITE_RECAPTCHA_SITE_KEY) {
  // Started now (the form was just touched), so reCAPTCHA is ready by the time of sending; a
  // failure here is the send's to report.
  appCheckReady().catch(() => undefined);
}

/** Writes the message (and its picture) to `Mail` with the server's time; resolves to the document id. */
export async function addMail(message: ContactMessage, picture?: Uint8Array): Promise<string> {
  // Firestore attaches a token only once App Check is there: the first write waits for it.
  if (import.meta.env.VITE_RECAPTCHA_SITE_KEY) await appCheckReady();
  const reference = await addDoc(collection(database(), collections.mail), {
    ...message,
    ...(picture ? { [contactPicture.field]: Bytes.fromUint8Array(picture) } : {}),
    createdAt: serverTimestamp(),
  });
  return reference.id;
}
