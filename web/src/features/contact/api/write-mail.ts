import { addDoc, Bytes, collection, serverTimestamp } from 'firebase/firestore/lite';
import { databaseToWrite, prepareToWrite } from '../../../firebase/firestore-writes';
import { contactPicture, type ContactMessage } from '@contracts/contact-message';
import { collections } from '@contracts/collections';

// The contact form's write, in a script part of its own, loaded only by the support page, when
// the visitor starts on the form.

// Started now (the form was just touched), so App Check is ready by the time of sending.
prepareToWrite();

/** Writes the message (and its picture) to `Mail` with the server's time; resolves to the document id. */
export async function addMail(message: ContactMessage, picture?: Uint8Array): Promise<string> {
  const reference = await addDoc(collection(await databaseToWrite(), collections.mail), {
    ...message,
    ...(picture ? { [contactPicture.field]: Bytes.fromUint8Array(picture) } : {}),
    createdAt: serverTimestamp(),
  });
  return reference.id;
}
