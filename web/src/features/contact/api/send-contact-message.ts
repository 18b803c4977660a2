import type { ContactMessage } from '@contracts/contact-message';
import type { SendResult } from '../outbox/outbox';

// The form's way to its outbox (../outbox/outbox.ts), a script part of its own with the write:
// loaded on the first touch of the form, so sending is quick.

/** How long the outbox's part may take to load before Send says the message was not sent. */
const partTimeoutMs = 30_000;

/**
 * Loads the outbox and the write early (on the first touch of the form), and the outbox's notes
 * beside them, so a message saved without a connection has them at hand.
 */
export function preloadMailStore() {
  void import('../outbox-notes').catch(() => undefined);
  return import('../outbox/outbox');
}

/**
 * Sends the message (with its picture's bytes, if any) through the outbox: received, saved on
 * the phone to be sent when the connection returns, or refused. Rejects when it was neither
 * stored nor kept (the outbox's part did not load, or the phone keeps nothing and no answer came).
 */
export async function sendContactMessage(message: ContactMessage, picture?: Uint8Array): Promise<SendResult> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      reject(new Error(`The outbox's script part did not load within ${String(partTimeoutMs / 1000)} s`));
    }, partTimeoutMs);
  });
  try {
    const outbox = await Promise.race([preloadMailStore(), timeout]);
    return await outbox.sendNew(message, picture);
  } finally {
    clearTimeout(timer);
  }
}
