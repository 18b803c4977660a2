import { join } from 'node:path';
import { expect, it } from 'vitest';
import { localizedPath, paths } from '../../../web/src/config/paths.ts';
import { hostingOrigin } from '../../../tests/support/emulators.ts';
import { exportDeadlineMs } from '../../../functions/src/account-export/member-export.ts';
import { seedMember, seededPaths } from '../../../tests/support/members.ts';
import { daysOne } from '../../support/addresses.ts';
import {
  actionLink,
  account,
  canSignIn,
  createMember,
  createProviderMember,
  mailedCode,
  sendPasswordResetEmail,
  sendVerificationEmail,
} from '../../support/auth-emulator.ts';
import { accountTexts, emailActionTexts, helpArticlesLinkingTo } from '../../support/texts.ts';
import type { EnginePage } from '../drivers.ts';
import type { EngineSession } from '../session.ts';
import {
  expectNoPolicyViolation,
  expectRecordingHears,
  recordPolicyViolations,
  signInWithPopup,
} from '../popup-sign-in.ts';
import { hydrated, waitFor } from '../waiting.ts';

/** The account's email links and the Account page: a password member, a Google one and an Apple one. */
export function accountChecks(session: EngineSession): void {
  it(
    'an account email link verifies the address, and a password reset link sets the new password',
    () => emailLinksWork(session),
    60_000,
  );
  it('the Account page signs a member in and deletes the account', () => deletesTheAccount(session), 60_000);
  it(
    'the Account page, reached by a help article’s link, signs a Google member in, who downloads a copy of their data',
    () => googleMemberDownloads(session),
    90_000,
  );
  it(
    'the Account page signs an Apple member in through the popup, without a violation of its policy',
    () => appleMemberSignsIn(session),
    60_000,
  );
}

async function emailLinksWork({ page, screenshots }: EngineSession) {
  const member = await createMember();
  await sendVerificationEmail(member);
  const verify = actionLink('verifyEmail', await mailedCode(member.email, 'VERIFY_EMAIL'), 'it');
  await page.goto(`${hostingOrigin}${verify}`);
  await waitFor(
    page,
    `document.querySelector('main h2')?.textContent === ${JSON.stringify(emailActionTexts.it.thanks)}`,
    'the verification was not confirmed in Italian',
  );
  expect(await page.evaluate<string>('document.documentElement.lang')).toBe('it');
  expect((await account(member.localId)).emailVerified).toBe(true);
  await page.screenshot(join(screenshots, 'email-verified.png'));

  await sendPasswordResetEmail(member.email);
  await page.goto(
    `${hostingOrigin}${actionLink('resetPassword', await mailedCode(member.email, 'PASSWORD_RESET'), 'en')}`,
  );
  await waitFor(page, `document.querySelector('input[autocomplete=new-password]')`, 'no new password field');
  await page.type('input[autocomplete=new-password]', 'engine-Password-3');
  await page.click('form button[type=submit]');
  await waitFor(
    page,
    `document.querySelector('main h2')?.textContent === ${JSON.stringify(emailActionTexts.en.resetDone)}`,
    'the new password was not confirmed',
  );
  expect(await canSignIn(member.email, 'engine-Password-3')).toBe(true);
  await page.screenshot(join(screenshots, 'password-reset.png'));
  expect(await page.errors()).toEqual([]);
}

async function deletesTheAccount({ page, screenshots }: EngineSession) {
  const member = await createMember();
  await page.goto(`${hostingOrigin}${localizedPath(paths.account, 'it')}`);
  await waitFor(page, hydrated, 'the Account page did not start');
  await page.type('input[name=email]', member.email);
  await page.type('input[name=password]', member.password);
  await page.click('.account__form button[type=submit]');
  await waitFor(page, `document.querySelector('input[name=confirm-password]')`, 'the member was not signed in');
  await page.type('input[name=confirm-password]', member.password);
  await page.type('input[name=confirm-word]', accountTexts.it.word);
  await page.click('.account__form button[type=submit]');
  await waitFor(
    page,
    `document.querySelector('.account__delete h2')?.textContent === ${JSON.stringify(accountTexts.it.doneTitle)}`,
    'the account was not deleted',
  );
  expect(await canSignIn(member.email, member.password)).toBe(false);
  await page.screenshot(join(screenshots, 'account-deleted.png'));
  expect(await page.errors()).toEqual([]);
}

async function googleMemberDownloads({ page, screenshots, google, db }: EngineSession) {
  const member = await createProviderMember('google.com');
  await seedMember(db, member.localId, `other-${member.localId}`);
  await openAccountFromHelpArticles(page);
  await recordPolicyViolations(page);
  const served = google.served();
  await signInWithPopup(page, 'google', member.email);
  await expectNoPolicyViolation(page, 'the Google sign-in');
  // Google's loader and its gapi.iframes module, through the proxy (or the page's cache).
  expect(google.served()).toBeGreaterThanOrEqual(served);
  expect(google.served()).toBeGreaterThan(0);
  await page.click('.account__copy button');
  // Within the copy's own deadline: on a loaded machine the callable's first run (a worker
  // of the Functions emulator starting) has taken over 15 s beside the other engines' checks.
  await waitFor(page, `document.querySelector('.account__copy a[download]')`, 'no copy was saved', exportDeadlineMs);
  // The file itself is read in Chromium (e2e/account.spec.ts); here the page's own account
  // of it: a JSON file of the page's own making, holding exactly the member's documents.
  // (The page's policy rightly keeps a script from fetching the file's blob: address.)
  const link = await page.evaluate<{ href: string; download: string; status: string }>(
    `(() => { const link = document.querySelector('.account__copy a[download]'); return { href: link.href, download: link.download, status: link.parentElement.textContent }; })()`,
  );
  expect(link.href).toMatch(/^blob:/);
  expect(link.download).toMatch(/^[a-z0-9-]+-data-\d{4}-\d\d-\d\d\.json$/);
  expect(link.status).toContain(`${link.download}, ${String(seededPaths(member.localId).length)} items.`);
  await page.screenshot(join(screenshots, 'account-copy.png'));
  expect(await page.errors()).toEqual([]);
  await expectRecordingHears(page);
}

/**
 * Through a link inside the site, as the help centre sends members: the Account page loads as
 * a document of its own, with the headers its sign-in popups need. The links are one and the
 * same link in each article; Chromium follows every one (account.spec.ts), this check the
 * day's one (support/addresses.ts).
 */
async function openAccountFromHelpArticles(page: EnginePage) {
  for (const { id } of daysOne(helpArticlesLinkingTo('account'))) {
    await page.goto(`${hostingOrigin}${paths.help}/${id}`);
    // Marks the article's document once it is the one shown and running (never a document
    // still being replaced), so the Account page's own document is told from it below.
    await waitFor(
      page,
      `location.pathname === ${JSON.stringify(`${paths.help}/${id}`)} && ${hydrated} && (document.documentElement.dataset.before = 'article') === 'article'`,
      `the help article ${id} did not start`,
    );
    await page.click(`main a[href="${paths.account}"]`);
    await waitFor(
      page,
      `location.pathname === ${JSON.stringify(paths.account)} && ${hydrated} && document.documentElement.dataset.before === undefined`,
      `the Account page, from ${id}, did not load as a page of its own`,
    );
  }
}

async function appleMemberSignsIn({ page, screenshots }: EngineSession) {
  const member = await createProviderMember('apple.com');
  await page.goto(`${hostingOrigin}${paths.account}`);
  await waitFor(
    page,
    `location.pathname === ${JSON.stringify(paths.account)} && ${hydrated}`,
    'the Account page did not start',
  );
  await recordPolicyViolations(page);
  await signInWithPopup(page, 'apple', member.email);
  await expectNoPolicyViolation(page, 'the Apple sign-in');
  // Signed in with Apple, as the page says.
  expect(await page.evaluate<string>(`document.querySelector('.account__who')?.textContent ?? ''`)).toContain(
    accountTexts.en.signedInWith.apple,
  );
  await page.screenshot(join(screenshots, 'account-apple.png'));
  expect(await page.errors()).toEqual([]);
  await expectRecordingHears(page);
}
