import { initializeApp } from 'firebase/app';
import { addDoc, collection, connectFirestoreEmulator, getFirestore, serverTimestamp } from 'firebase/firestore/lite';
import { firebaseConfig, firestoreEmulatorHost } from './firebase-config';
import type { MailDocument } from './contact-message';

// Firestore Lite (REST, no realtime, a fraction of the full SDK) in a script part of its own,
// loaded only by the support page.
const app = initializeApp(firebaseConfig);
const db = getFirestore(app);
if (firestoreEmulatorHost) {
  const [host = '127.0.0.1', port = '8080'] = firestoreEmulatorHost.split(':');
  connectFirestoreEmulator(db, host, Number(port));
}

/** Writes the message to `Mail` with the server's time; resolves to the document id. */
export async function addMail(document: MailDocument): Promise<string> {
  const reference = await addDoc(collection(db, 'Mail'), { ...document, createdAt: serverTimestamp() });
  return reference.id;
}
