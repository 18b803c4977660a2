import type { DeliveryInfo } from './delivery.js';
import type { OutgoingEmail } from './render-email.js';
import { classifySendError, recordRetryDelaysMs, type SendFailure } from './retry-policy.js';
import type { MailTransport } from './transport.js';

// The one send step every email of the pipeline takes (a message's own, a digest, a deletion
// confirmation): hand the email to the SMTP server and say what came of it, in one shape;
// then record that outcome, trying again when the database refuses, because an email the
// server accepted is never sent again for a failed write.

/** Where contact messages are written (firestore.rules) and their delivery recorded. */
export const mailCollection = 'Mail';

/** What came of one send: accepted, with the server's answer, or failed and why. */
export type Sent = { kind: 'sent'; info: DeliveryInfo } | { kind: 'failed'; failure: SendFailure };

/** Sends one email; never throws. */
export async function sendEmail(transport: MailTransport, email: OutgoingEmail): Promise<Sent> {
  try {
    const result = await transport.sendMail(email);
    return {
      kind: 'sent',
      info: {
        messageId: result.messageId || null,
        accepted: result.accepted.map(String),
        rejected: result.rejected.map(String),
        response: result.response || null,
      },
    };
  } catch (error) {
    return { kind: 'failed', failure: classifySendError(error) };
  }
}

/** The error recorded when a message is given up after its last transient failure. */
export function gaveUp(attempts: number, last: string): string {
  return `gave up after ${attempts} attempts: ${last}`;
}

/**
 * Writes an outcome, trying again after `recordRetryDelaysMs` when the database refuses
 * (about 12 s in all). Returns what the write returned, or `unrecorded` once the pauses are
 * used up; `onRetry` hears of each refusal (codes only: never a message's text).
 */
export async function recordWithRetries<T>(
  write: () => Promise<T>,
  {
    sleep,
    onRetry = () => {},
  }: { sleep: (ms: number) => Promise<void>; onRetry?: (code: unknown, retry: number) => void },
): Promise<T | 'unrecorded'> {
  for (let retry = 0; ; retry += 1) {
    try {
      return await write();
    } catch (error) {
      const pauseMs = recordRetryDelaysMs[retry];
      if (pauseMs === undefined) return 'unrecorded';
      onRetry((error as { code?: unknown } | null)?.code ?? null, retry);
      await sleep(pauseMs);
    }
  }
}
