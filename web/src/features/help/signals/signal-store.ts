import { addDoc, collection, serverTimestamp } from 'firebase/firestore/lite';
import { collections } from '@contracts/collections';
import { helpSignalDocument, type HelpSignalSaid } from '@contracts/help-signal';
import { database } from '../../../firebase/firestore-writes';

// The help centre's write, in a script part of its own: loaded at a page's first signal (an
// article's answer, a search that found nothing), never with the page. It never starts App
// Check: reCAPTCHA's cookies have no place on a page that asks for no consent (README, "App
// Check"); a token the visit already has (the contact form started it) goes with it all the same.

/** Writes what a page learnt to `HelpSignals`, with the server's time and its expiry. */
export async function addHelpSignal(said: HelpSignalSaid, language: string): Promise<void> {
  await addDoc(collection(database(), collections.helpSignals), {
    ...helpSignalDocument(said, language, Date.now()),
    createdAt: serverTimestamp(),
  });
}
