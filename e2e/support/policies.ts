import type { Page } from '@playwright/test';
import { recordedViolations, type Violation } from './policy-violations.ts';

// What the browser blocked under the site's Content-Security-Policy and Permissions-Policy while
// a Chromium page was watched: the page's own record (`recordViolations`, its start-up script),
// the console lines that say so and any uncaught error.
//
// What the browser logs about the header itself is not a finding: a newer Chromium stops
// knowing a feature name and says so on the console ("Unrecognized feature"), which costs
// nothing and is no defect of the site. The header's syntax is checked where it is written
// (scripts/lib/firebase-config.test.ts), and in the browser that the browser applies it.

// Console lines that say the browser blocked something (the events say it too).
const blockedMessage = /Refused to|violates the following Content Security Policy|Permissions policy violation/i;

export type PolicyRecord = { violations: Violation[]; messages: string[]; errors: string[] };

/** What a page that broke no policy recorded. */
export const clean: PolicyRecord = { violations: [], messages: [], errors: [] };

/**
 * Starts listening on `page`, whose documents record violations (`recordViolations`, the
 * tests' init script); the returned function reads what was recorded and stops listening.
 */
export function watchPolicies(page: Page): () => Promise<PolicyRecord> {
  const messages: string[] = [];
  const errors: string[] = [];
  const onConsole = (message: { text(): string }) => {
    if (blockedMessage.test(message.text())) messages.push(message.text());
  };
  const onError = (error: Error) => errors.push(error.message);
  page.on('console', onConsole);
  page.on('pageerror', onError);
  return async () => {
    page.off('console', onConsole);
    page.off('pageerror', onError);
    return { violations: await page.evaluate<Violation[]>(recordedViolations), messages, errors };
  };
}
