import { createDocument, type CreateOutcome } from '../../../firebase/rest-create';
import { prepareToWrite, writeHeaders } from '../../../firebase/write-headers';
import { contactPicture, type ContactMessage } from '@contracts/contact-message';
import { collections } from '@contracts/collections';

// The contact form's write, in a script part of its own, loaded only by the support page, when
// the visitor starts on the form (or a message kept on the phone is to be sent).

// Started now (the form was just touched), so App Check is ready by the time of sending.
prepareToWrite();

/**
 * Writes the message (and its picture) to `Mail/{id}` with the server's time, under the id the
 * phone made for it: a second attempt finds the first one's document ('existed') instead of
 * storing the message twice.
 */
export async function writeMail(
  id: string,
  message: ContactMessage,
  picture: Uint8Array | undefined,
  signal: AbortSignal,
): Promise<CreateOutcome> {
  return createDocument({
    collection: collections.mail,
    id,
    fields: { ...message, ...(picture ? { [contactPicture.field]: picture } : {}) },
    serverTime: 'createdAt',
    headers: await writeHeaders(),
    signal,
  });
}
