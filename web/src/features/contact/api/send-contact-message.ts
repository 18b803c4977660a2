import type { ContactMessage } from '@contracts/contact-message';

/** A send that has not finished by then counts as failed (the visitor keeps the text). */
export const sendTimeoutMs = 30_000;

/** Loads the Firestore client early (on the first touch of the form), so sending is quick. */
export function preloadMailStore() {
  return import('./mail-store');
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
    return await Promise.race([addMail(message, picture), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
