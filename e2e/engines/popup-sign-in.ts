// The Account page's sign-in through a provider's popup, watched for what the page's narrow
// policy blocks (e2e/support/policy-violations.ts).
import { expect } from 'vitest';
import {
  recordedViolations,
  recordViolations,
  violateOnPurpose,
  type Violation,
} from '../support/policy-violations.ts';
import type { EnginePage } from './drivers.ts';
import { waitFor } from './waiting.ts';

/**
 * Starts recording what the shown document's policies block. WebDriver cannot run a script
 * before the page's own, so it goes in once the page has loaded, before the action watched.
 */
export async function recordPolicyViolations(page: EnginePage) {
  await page.evaluate(`(() => { ${recordViolations}; return true; })()`);
}

/** Fails if the page's policy blocked anything since `recordPolicyViolations`. */
export async function expectNoPolicyViolation(page: EnginePage, during: string) {
  expect(await page.evaluate<Violation[]>(`(${recordedViolations})`), `policy violations during ${during}`).toEqual([]);
}

/**
 * Checks that the recording works in this engine: a violation made on purpose is heard. Last
 * in a test, after its check for errors: Firefox also reports a violation as a page error.
 */
export async function expectRecordingHears(page: EnginePage) {
  await page.evaluate(`(() => { ${violateOnPurpose}; return true; })()`);
  await waitFor(
    page,
    `(${recordedViolations}).some((violation) => violation.directive === 'connect-src')`,
    'the recording heard no violation made on purpose',
  );
}

/**
 * Waits for `expression` as `waitFor` does, but stops as soon as the page's policy blocks
 * anything, failing with what it blocked: a sign-in whose script or frame is blocked would
 * otherwise only wait for its time-out. One poll reads both, so the driver is never sent two
 * commands at once (WebKitWebDriver, sent a read while it switches to a popup, has stopped
 * answering for over 50 s).
 */
async function waitUnblocked(page: EnginePage, expression: string, what: string) {
  await waitFor(page, `(${expression}) || (${recordedViolations}).length > 0`, what);
  await expectNoPolicyViolation(page, what);
}

/**
 * Presses a provider's button on the Account page (shown and recording) and chooses the
 * member's account in the Auth emulator's widget, in its popup, as a member would.
 */
export async function signInWithPopup(page: EnginePage, provider: 'google' | 'apple', email: string) {
  // Focusing the form fetches the sign-in part, as a member's pointer or keyboard would.
  await page.click('input[name=email]');
  await waitFor(
    page,
    `performance.getEntriesByType('resource').some((entry) => entry.name.includes('/account-auth-'))`,
    'the sign-in part was not fetched',
  );
  // On Safari-like browsers Auth readies its popup helper (Google's loader, a frame) as the
  // form is focused, since they allow a popup only right after the press; a press before that
  // is over can find the popup blocked, and the page then says to try again, as a member would.
  if (page.engine === 'webkit')
    await waitUnblocked(page, `document.querySelector('iframe[src*="auth/iframe"]')`, 'Auth set up no sign-in helper');
  // A press whose popup never opens (its script or frame blocked) fails with what was blocked.
  const signIn = () =>
    page
      .clickInPopup(() => page.click(`.account__provider--${provider}`), '.js-reuse-account', email)
      .catch(async (error: unknown) => {
        await expectNoPolicyViolation(page, `the ${provider} sign-in`);
        throw error;
      });
  await signIn().catch(async (error: unknown) => {
    const problem = await page.evaluate<string>(`document.querySelector('.account__problem')?.textContent ?? ''`);
    if (!problem.startsWith('Your browser blocked the sign-in window.')) throw error;
    console.log(`${page.engine}: the first press found the popup blocked; pressing again`);
    await signIn();
  });
  await waitUnblocked(
    page,
    `document.querySelector('.account__who')?.textContent?.includes(${JSON.stringify(email)})`,
    `the ${provider} member was not signed in`,
  );
}
