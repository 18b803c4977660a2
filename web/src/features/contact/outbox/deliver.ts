import type { ContactMessage } from '@contracts/contact-message';
import { WriteRefused, type CreateOutcome } from '../../../firebase/rest-create';
import type { KeptMessage } from './outbox-store';

// One attempt to hand a kept message to the team's database, under the id the phone made for
// it: the same id on every attempt, so an attempt whose answer was lost and the next one store
// one message between them. Pure of the browser: the write is passed in.

/** A send that has not finished by then counts as unanswered: the message stays kept, to try again. */
export const sendTimeoutMs = 30_000;

/** The write (api/write-mail.ts), passed in. */
export type WriteMail = (
  id: string,
  message: ContactMessage,
  picture: Uint8Array | undefined,
  signal: AbortSignal,
) => Promise<CreateOutcome>;

/** What became of an attempt that was answered: stored (now or by an earlier one), or refused. */
export type Delivery = 'stored' | 'refused';

/**
 * Writes the message once. When the rules refuse one that names a known problem, writes it
 * again without the notice, so the message still goes: the rules take a notice only while it is
 * shown and a few minutes after (a message kept on the phone for an hour holds one cleared
 * since). Rejects when no answer came within the time-out (offline, a connection that says it is
 * online but is not, the service unavailable): the message may have been stored, and the next
 * attempt tells.
 */
export async function deliver(kept: KeptMessage, write: WriteMail, timeoutMs = sendTimeoutMs): Promise<Delivery> {
  const abort = new AbortController();
  const timer = setTimeout(() => {
    abort.abort(new Error(`No answer from the database within ${String(timeoutMs / 1000)} s`));
  }, timeoutMs);
  const attempt = async (message: ContactMessage) => {
    try {
      await write(kept.id, message, kept.picture, abort.signal);
      return true;
    } catch (error) {
      if (error instanceof WriteRefused) return false;
      throw error;
    }
  };
  try {
    if (await attempt(kept.message)) return 'stored';
    if (kept.message.notice === undefined) return 'refused';
    const withoutNotice = { ...kept.message };
    delete withoutNotice.notice;
    return (await attempt(withoutNotice)) ? 'stored' : 'refused';
  } finally {
    clearTimeout(timer);
  }
}
