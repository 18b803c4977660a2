// What must work in every engine, checked in Gecko and WebKit against the built site served by
// the Hosting emulator with Firestore, Functions and the test inbox (e2e/support/): every route
// in both languages renders its heading in its language, starts the app (`<html data-ready>`),
// shows every image and raises no error; the contact form sends and its dialog opens; account
// email links verify an address and reset a password against the Auth emulator; the Account
// page deletes a member, signs a Google member in (the Auth emulator's widget in a popup) who
// downloads their data, and signs an Apple member in, both without a violation of the page's
// narrow policy; the help search and the Contact Us suggestions find articles; the home
// carousels move; the phone menu opens at a phone width; the help centre is read from its copy
// once the network is cut, and a message kept on the phone is sent once it can be. Chromium
// runs the full suite (e2e/*.spec.ts); this is the part whose failure would mean "broken in
// Safari or Firefox".
// Each check writes a screenshot to e2e-screenshots/<engine>/ for people to look at (not in CI:
// e2e/support/screenshots.ts).
// The checks are declared in checks/, a module a group, on the browser session.ts sets up.
import { describe } from 'vitest';
import type { EngineName } from './drivers.ts';
import { engineSession } from './session.ts';
import { accountChecks } from './checks/account-checks.ts';
import { contactChecks } from './checks/contact-checks.ts';
import { homeChecks } from './checks/home-checks.ts';
import { noticeCheck } from './checks/notice-checks.ts';
import { offlineChecks } from './checks/offline-checks.ts';
import { pageChecks } from './checks/page-checks.ts';

/**
 * What one file checks in an engine: every page (`pages`) or the journeys through the forms,
 * the Account page, the carousels and the menu (`journeys`). Two files an engine, each with a
 * browser of its own, so the four run side by side. `notice`: a real known-problem notice,
 * which every page that asks shows, after the four, in a file of its own (`notice.alone.test.ts`)
 * where the engines check one notice side by side (shared-notice.ts).
 */
export type EnginePart = 'pages' | 'journeys' | 'notice';

export function engineSuite(engine: EngineName, part: EnginePart): void {
  describe(`${engine} ${part}`, () => {
    const session = engineSession(engine, part);
    if (part === 'pages') pageChecks(session);
    if (part === 'notice') noticeCheck(session);
    if (part === 'journeys') {
      contactChecks(session);
      offlineChecks(session);
      accountChecks(session);
      homeChecks(session);
    }
  });
}
