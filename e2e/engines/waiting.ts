// The engines' checks wait on the page (a poll of an expression) and on the test inbox.
import { receivedMail, type ReceivedMail } from '../support/inbox.ts';
import type { EnginePage } from './drivers.ts';

/** Polls `expression` in the page until it is truthy; fails with `what` after `timeoutMs`. */
export async function waitFor(page: EnginePage, expression: string, what: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await page.evaluate<boolean>(`Boolean(${expression})`)) return;
    if (Date.now() > deadline) throw new Error(`${page.engine}: ${what} (not within ${String(timeoutMs / 1000)} s)`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

// Null-safe: a document being replaced has no root element for a moment, and is not ready yet.
export const hydrated = `document.documentElement?.hasAttribute('data-ready') === true`;
export const headingText = `document.querySelector('main h1')?.textContent?.trim() ?? ''`;

export function matches(text: string, expected: string | RegExp): boolean {
  return typeof expected === 'string' ? text === expected : expected.test(text);
}

/**
 * How long a check waits for a message's email. The first message of a run also starts an
 * instance of the trigger in the Functions emulator (it loads the functions' code), and the
 * two engines' first messages come together, one after the other through it: with both cores
 * busy and four browsers open that took over 20 s.
 */
const emailWithinMs = 45_000;

/**
 * The first email in the inbox that `wanted` picks, waited for up to emailWithinMs; fails
 * naming `what` and every email the inbox holds (its sender and subject) when none comes.
 */
export async function emailWhere(what: string, wanted: (mail: ReceivedMail) => boolean): Promise<ReceivedMail> {
  const deadline = Date.now() + emailWithinMs;
  for (;;) {
    const received = await receivedMail();
    const mail = received.find(wanted);
    if (mail) return mail;
    if (Date.now() > deadline) {
      const held = received.map((other) => `${other.replyTo}: ${other.subject}`).join('; ');
      throw new Error(`no email ${what} within ${String(emailWithinMs / 1000)} s; the inbox holds ${held || 'none'}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
