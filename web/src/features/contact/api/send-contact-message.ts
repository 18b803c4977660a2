import type { ContactMessage } from '@contracts/contact-message';

/** A send that has not finished by then counts as failed (the visitor keeps the text). */
export const sendTimeoutMs = 30_000;

/** Loads the Firestore client early (on the first touch of the form), so sending is quick. */
export function preloadMailStore() {
  return import('./write-mail');
}

/** Stores the message (with its picture's bytes, if any) for the mail function; rejects when it is not stored. */
export async function sendContactMessage(message: ContactMessage, picture?: Uint8Array): Promise<string> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      reject(new Error(`No answer from the database within ${String(sendTimeoutMs / 1000)} s`));
    }, sendTimeoutMs);
  });
  try {
    const { addMail } = await Promise.race([preloadMailStore(), timeout]);
    return await Promise.race([addNamingNoticeIfTaken(addMail, message, picture), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Writes the message; when the rules refuse one that names a known problem, writes it again
 * without the notice, so the message still goes. The rules take a notice only while it is
 * shown and a few minutes after (a page asleep for longer still holds one cleared since), and
 * not one whose document does not say when it was shown (set before documents said so).
 */
async function addNamingNoticeIfTaken(
  addMail: (message: ContactMessage, picture?: Uint8Array) => Promise<string>,
  message: ContactMessage,
  picture?: Uint8Array,
): Promise<string> {
  try {
    return await addMail(message, picture);
  } catch (error) {
    const refused = (error as { code?: unknown } | null)?.code === 'permission-denied';
    if (message.notice === undefined || !refused) throw error;
    const withoutNotice = { ...message };
    delete withoutNotice.notice;
    return addMail(withoutNotice, picture);
  }
}
