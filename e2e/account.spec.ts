// The Account page against the Auth, Firestore and Functions emulators and the test inbox:
// the explanation without signing in; members who signed up with Google, Apple or a password
// sign in, download a copy of their data (theirs only) and delete their account, which the
// clean-up trigger finishes (the member's data gone, another member's untouched, one
// confirmation email); every failure deletes nothing. Both languages, both widths (projects),
// axe on each state.
import { readFile } from 'node:fs/promises';
import type { BrowserContext, Page } from '@playwright/test';
import { hashedId } from '../functions/src/account-deletion/cleanup.ts';
import { hourlyCounterId } from '../functions/src/email/counters.ts';
import { localizedPath } from '../web/src/config/paths.ts';
import { site } from '../web/src/config/site.ts';
import { census, seedMember, seededPaths, seededPerMember } from '../tests/support/members.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import {
  account,
  authOrigin,
  canSignIn,
  createMember,
  createProviderMember,
  exists,
  markVerified,
  type Member,
  type ProviderMember,
} from './support/auth-emulator.ts';
import { serveGoogleLoader } from './support/google-loader.ts';
import { recordedViolations, recordViolations, violateOnPurpose, type Violation } from './support/policy-violations.ts';
import { daysOne } from './support/addresses.ts';
import { adminFirestore } from './support/admin-firestore.ts';
import { expect, test } from './support/fixtures.ts';
import { keepScreenshot } from './support/screenshots.ts';
import { receivedMail } from './support/inbox.ts';
import { headings, languages, paths, projectFor, waitForApp } from './support/site.ts';
import { accountTexts, helpArticlesLinkingTo } from './support/texts.ts';
import { collections } from '../functions/src/contracts/collections.ts';

const articlesLinkingHere = helpArticlesLinkingTo('account');

const adminDb = adminFirestore();

/** The state of the deletion record the clean-up keeps for a member (DONE once their data is gone). */
async function deletionState(localId: string): Promise<unknown> {
  return (await adminDb().collection(collections.accountDeletions).doc(hashedId(localId)).get()).get('state');
}

/**
 * Chooses the member's account in the Auth emulator's sign-in popup once the popup has loaded:
 * the widget lists the accounts in its HTML but gives them their click handlers in a script at
 * the end of the page, so a click on a listed account before the load event is lost (seen once
 * in about 160 sign-ins: the popup stayed open on the list, the page never signed in).
 */
async function chooseAccount(popup: Promise<Page>, email: string) {
  const widget = await popup;
  await widget.waitForLoadState('load');
  await widget.getByText(email).click();
}

/**
 * `chooseAccount`, failing as soon as the page's policy blocks anything meanwhile, with what it
 * blocked: a sign-in whose script or frame is blocked opens no popup, and would otherwise only
 * time out.
 */
async function chooseAccountUnblocked(page: Page, popup: Promise<Page>, email: string) {
  const watch = { on: true };
  const blocked = (async () => {
    while (watch.on) {
      const violations = await page.evaluate<Violation[]>(recordedViolations).catch(() => []);
      if (violations.length > 0)
        throw new Error(
          `The page's policy blocked ${violations.map(({ directive, blocked }) => `${blocked} (${directive})`).join(', ')}`,
        );
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  })();
  const chosen = chooseAccount(popup, email);
  // Whichever loses the race is not waited for.
  chosen.catch(() => undefined);
  try {
    await Promise.race([chosen, blocked]);
  } finally {
    watch.on = false;
  }
}

/**
 * Fails if the page's policy blocked anything since it loaded (recorded by `recordViolations`,
 * the page's start-up script): the sign-in must need nothing the Account page's narrow policy
 * leaves out. Then checks that the recording works in this document (a violation made on
 * purpose is heard) and forgets it, for the next step.
 */
async function expectNoPolicyViolation(page: Page, during: string) {
  expect(await page.evaluate<Violation[]>(recordedViolations), `policy violations during ${during}`).toEqual([]);
  await page.evaluate(violateOnPurpose);
  await expect
    .poll(async () => (await page.evaluate<Violation[]>(recordedViolations)).map(({ directive }) => directive))
    .toEqual(['connect-src']);
  await page.evaluate('window.__violations = []');
}

for (const language of languages) {
  const text = accountTexts[language];
  const address = localizedPath(paths.account, language);

  async function signIn(page: Page, member: Member, password = member.password) {
    await page.goto(address);
    await waitForApp(page);
    await page.getByLabel(text.email, { exact: true }).fill(member.email);
    await page.getByLabel(text.password, { exact: true }).fill(password);
    await page.getByRole('button', { name: text.signIn }).click();
  }

  /** Signs in with the provider's popup (the Auth emulator's widget), choosing the member's account. */
  async function signInWithProvider(page: Page, member: ProviderMember) {
    await serveGoogleLoader(page.context());
    await page.addInitScript(recordViolations);
    await page.goto(address);
    await waitForApp(page);
    const popup = page.waitForEvent('popup');
    await page.getByRole('button', { name: member.provider === 'google.com' ? text.google : text.apple }).click();
    await chooseAccountUnblocked(page, popup, member.email);
  }

  /**
   * Waits until the page says the member signed in with `provider`. A sign-in through the popup
   * goes through the Auth emulator's widget, the helper frame and two REST calls, all on a machine
   * that runs the whole suite at once: it is given 20 s. If it fails, the test's report carries
   * what the popup and the helper frame did (sign-in-flow.txt): a late result and a lost one read
   * differently there.
   */
  async function expectSignedInWith(page: Page, provider: 'google' | 'apple', flow: string[], because?: string) {
    try {
      await expect(page.getByText(text.signedInWith[provider]), because).toBeVisible({ timeout: 20_000 });
    } catch (error) {
      await test.info().attach('sign-in-flow.txt', { body: flow.join('\n'), contentType: 'text/plain' });
      throw error;
    }
  }

  /** Records, with their times, the popups a context opens and what the helper frame's messages do. */
  function recordSignInFlow(context: BrowserContext): string[] {
    const flow: string[] = [];
    const started = Date.now();
    const note = (line: string) => flow.push(`${String(Date.now() - started).padStart(6)} ms  ${line}`);
    context.on('console', (message) => {
      if (message.text().startsWith('gapi-stand-in')) note(message.text());
    });
    context.on('page', (opened) => {
      note(`popup opened: ${opened.url().split('?')[0] ?? ''}`);
      opened.on('framenavigated', (frame) => note(`popup at ${frame.url().split('?')[0] ?? ''}`));
      opened.on('close', () => note('popup closed'));
    });
    return flow;
  }

  /** Presses "Download my data" and reads the file the page saves. */
  async function downloadCopy(page: Page): Promise<{
    account: { uid: string; email: string; providers: Array<{ providerId: string }> };
    documents: Array<{ path: string }>;
    storage: { state: string };
  }> {
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: text.copyButton }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^[a-z0-9-]+-data-\d{4}-\d\d-\d\d\.json$/);
    await expect(page.getByText(text.copyDone)).toBeVisible();
    return JSON.parse(await readFile(await file.path(), 'utf8')) as Awaited<ReturnType<typeof downloadCopy>>;
  }

  async function confirm(page: Page, password: string, word: string = text.word) {
    await page.getByLabel(text.passwordAgain).fill(password);
    await page.getByLabel(text.typeWord).fill(word);
    await page.getByRole('button', { name: text.delete }).click();
  }

  test.describe(`the Account page in ${language}`, () => {
    // A state of the page in each language at one width, the other width in the other language
    // (projectFor): between them every state is drawn, axe-checked and photographed at both.
    test(
      'explains deletion before any sign-in, with the form',
      { tag: projectFor(language, '@desktop') },
      async ({ page }, testInfo) => {
        await page.goto(address);
        for (const heading of [text.deletedTitle, text.keptTitle, text.howTitle])
          await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
        await expect(page.getByLabel(text.email, { exact: true })).toBeVisible();
        await waitForApp(page);
        await expectNoAxeViolations(page);
        await keepScreenshot(page, `e2e-screenshots/account-${language}-${testInfo.project.name}.png`, {
          fullPage: true,
        });
      },
    );

    test(
      'deletes the signed-in member and, through the trigger, their data only',
      { tag: projectFor(language, '@phone') },
      async ({ page }, testInfo) => {
        const member = await createMember();
        // The confirmation goes to verified addresses only.
        await markVerified(member);
        const other = await createMember();
        await seedMember(adminDb(), member.localId, other.localId);
        await seedMember(adminDb(), other.localId, `third-${other.localId}`);

        // This hour's confirmations start from none: run again and again (--repeat-each), the
        // suite deletes more verified members in an hour than the cap sends confirmations to
        // (confirmationsPerHour, 50: functions/src/account-deletion/cleanup.ts), and this test
        // is about one member's.
        await adminDb().recursiveDelete(
          adminDb().collection(collections.mailLimits).doc(hourlyCounterId(Date.now(), 'deletion-confirmations')),
        );

        await signIn(page, member);
        await expect(page.getByLabel(text.passwordAgain)).toBeVisible();
        await expectNoAxeViolations(page);
        await confirm(page, member.password);
        await expect(page.getByRole('heading', { level: 2, name: text.doneTitle })).toBeVisible();
        await expectNoAxeViolations(page);
        await keepScreenshot(page, `e2e-screenshots/account-deleted-${language}-${testInfo.project.name}.png`, {
          fullPage: true,
        });

        expect(await canSignIn(member.email, member.password)).toBe(false);
        await expect
          .poll(() => deletionState(member.localId), {
            timeout: 20_000,
          })
          .toBe('DONE');
        expect(await census(adminDb(), member.localId)).toBe(0);
        expect(await census(adminDb(), other.localId)).toBe(seededPerMember);
        expect(await canSignIn(other.email, other.password)).toBe(true);
        await expect
          .poll(async () => (await receivedMail()).filter((mail) => mail.to.includes(member.email)).length, {
            timeout: 10_000,
          })
          .toBe(1);
      },
    );

    // Google's and Apple's sign-ins draw the same states of the page: each runs once in each
    // language and once in each project (projectFor), and between them every language and
    // project pair has a provider's member signed in, checked by axe and photographed.
    for (const [provider, first] of [
      ['google.com', '@desktop'],
      ['apple.com', '@phone'],
    ] as const) {
      test(
        `a ${provider} member signs in, downloads their data only, and deletes the account`,
        {
          tag: projectFor(language, first),
        },
        async ({ page }, testInfo) => {
          const member = await createProviderMember(provider);
          const other = await createMember();
          await seedMember(adminDb(), member.localId, other.localId);
          await seedMember(adminDb(), other.localId, `third-${other.localId}`);

          const flow = recordSignInFlow(page.context());
          await signInWithProvider(page, member);
          await expectSignedInWith(page, provider === 'google.com' ? 'google' : 'apple', flow);
          await expectNoPolicyViolation(page, `the ${provider} sign-in`);
          await expectNoAxeViolations(page);
          const copy = await downloadCopy(page);
          expect(copy.account.uid).toBe(member.localId);
          expect(copy.account.email).toBe(member.email);
          expect(copy.account.providers.map((entry) => entry.providerId)).toEqual([provider]);
          expect(copy.documents.map((document) => document.path).sort()).toEqual(seededPaths(member.localId).sort());
          expect(JSON.stringify(copy.documents)).not.toContain(`users/${other.localId}`);
          expect(copy.storage.state).toBe('UNAVAILABLE');
          await expectNoAxeViolations(page);
          await keepScreenshot(
            page,
            `e2e-screenshots/account-signed-in-${provider.replace('.com', '')}-${language}-${testInfo.project.name}.png`,
            { fullPage: true },
          );

          // Deleting asks the same provider again, then deletes.
          await page.getByLabel(text.typeWord).fill(text.word);
          const popup = page.waitForEvent('popup');
          await page.getByRole('button', { name: text.delete }).click();
          await chooseAccountUnblocked(page, popup, member.email);
          await expect(page.getByRole('heading', { level: 2, name: text.doneTitle })).toBeVisible();
          await expectNoPolicyViolation(page, `the ${provider} sign-in again before deleting`);
          expect(await exists(member.localId)).toBe(false);
          await expect.poll(() => deletionState(member.localId), { timeout: 20_000 }).toBe('DONE');
          expect(await census(adminDb(), member.localId)).toBe(0);
          expect(await census(adminDb(), other.localId)).toBe(seededPerMember);
        },
      );
    }

    // Which headers a link brings does not depend on the screen: desktop only (@desktop); the
    // phone project signs members in by the page's address (above). Every article's page links
    // here (its prerendered HTML); a link into the page's header policy loads a document of its
    // own whichever page it is on (app.tsx, aroundNav), so the day's article's link is followed
    // (the headers, Back and Forward, a sign-in after them; every article's with
    // E2E_SAMPLE=all), as the browser suites sample the articles' texts.
    test(
      'every help article that links here has the link, and from the day’s one the page arrives with its sign-in headers; after Back and Forward a Google member signs in and downloads their data',
      { tag: '@desktop' },
      async ({ browser, request }) => {
        expect(articlesLinkingHere.map(({ id }) => id).sort()).toEqual(
          [
            'after-deletion',
            'copy-of-my-data',
            'delete-account',
            'export-catches',
            'google-apple-sign-in',
            'reset-password',
          ].sort(),
        );
        for (const { id } of articlesLinkingHere) {
          const article = await request.get(localizedPath(paths.help, language) + `/${id}`);
          expect(await article.text(), id).toContain(`href="${address}"`);
        }
        const followed = daysOne(articlesLinkingHere);
        // Each link followed (a new context, the document, Back and Forward, a sign-in: about
        // 25 s here).
        test.setTimeout(30_000 + 28_000 * followed.length);
        for (const { id, link } of followed) {
          // A new context each time: no member signed in from the article before.
          const context = await browser.newContext();
          await serveGoogleLoader(context);
          await context.addInitScript(recordViolations);
          const page = await context.newPage();
          const flow = recordSignInFlow(context);
          await page.goto(localizedPath(paths.help, language) + `/${id}`);
          await waitForApp(page);
          // The link loads the Account page as a document of its own, with the sign-in headers.
          const [arrived] = await Promise.all([
            page.waitForResponse((response) => new URL(response.url()).pathname === address),
            page.getByRole('link', { name: link[language], exact: true }).first().click(),
          ]);
          expect(arrived.headers()['cross-origin-opener-policy'], id).toBe('same-origin-allow-popups');
          await waitForApp(page);
          await page.goBack();
          await expect(page).toHaveURL(new RegExp(`/help/${id}$`));
          await page.goForward();
          await expect(page).toHaveURL(new RegExp(`${address}$`));
          await waitForApp(page);
          const member = await createProviderMember('google.com');
          await seedMember(adminDb(), member.localId, `other-${member.localId}`);
          const popup = page.waitForEvent('popup');
          await page.getByRole('button', { name: text.google }).click();
          await chooseAccountUnblocked(page, popup, member.email);
          await expectSignedInWith(page, 'google', flow, id);
          await expectNoPolicyViolation(page, `the Google sign-in after ${id}`);
          const copy = await downloadCopy(page);
          expect(copy.account.uid, id).toBe(member.localId);
          // Leaving it for another page loads that page's own headers again.
          const [left] = await Promise.all([
            page.waitForResponse(
              (response) => new URL(response.url()).pathname === localizedPath(paths.help, language),
            ),
            page.getByRole('contentinfo').getByRole('link', { name: headings.help[language], exact: true }).click(),
          ]);
          expect(left.headers()['cross-origin-opener-policy'], id).toBe('same-origin');
          await context.close();
        }
      },
    );

    test(
      'a password member downloads their data, up to the daily number of copies',
      { tag: projectFor(language, '@desktop') },
      async ({ page }) => {
        const member = await createMember();
        await seedMember(adminDb(), member.localId, `other-${member.localId}`);
        await signIn(page, member);
        await expect(page.getByText(text.signedInWith.password)).toBeVisible();
        for (let copy = 1; copy <= 3; copy++) {
          const file = await downloadCopy(page);
          expect(file.account.uid).toBe(member.localId);
          expect(file.documents.map((document) => document.path).sort()).toEqual(seededPaths(member.localId).sort());
        }
        await expect(page.getByRole('link', { name: text.saveAgain })).toHaveAttribute('download', /\.json$/);
        await page.getByRole('button', { name: text.copyButton }).click();
        await expect(page.getByText(text.copyLimit)).toBeVisible();
        await expectNoAxeViolations(page);
      },
    );

    test(
      'a wrong password, at sign-in or at the confirmation, deletes nothing',
      { tag: projectFor(language, '@phone') },
      async ({ page }) => {
        const member = await createMember();
        await signIn(page, member, 'not-the-password');
        await expect(page.getByText(text.credentials)).toBeVisible();
        await expectNoAxeViolations(page);

        await page.getByLabel(text.password, { exact: true }).fill(member.password);
        await page.getByRole('button', { name: text.signIn }).click();
        await confirm(page, 'not-the-password');
        await expect(page.getByText(text.wrongPassword)).toBeVisible();
        await confirm(page, member.password, 'nope');
        await expect(page.getByText(text.wordMissing)).toBeVisible();
        expect((await account(member.localId)).email).toBe(member.email);
      },
    );

    // What Auth's answers lead to does not depend on the screen, and these states have no layout
    // of their own: desktop only (@desktop); the phone project signs in, copies and deletes above.
    test(
      'a sign-in too old to delete with sends the member back to sign in, deleting nothing',
      { tag: '@desktop' },
      async ({ page }) => {
        const member = await createMember();
        await signIn(page, member);
        // The emulator never finds a sign-in too old: Auth's answer for one is given instead.
        await page.route(`${authOrigin}/**/accounts:delete*`, (route) =>
          route.fulfill({
            status: 400,
            contentType: 'application/json',
            body: JSON.stringify({ error: { code: 400, message: 'CREDENTIAL_TOO_OLD_LOGIN_AGAIN', errors: [] } }),
          }),
        );
        await confirm(page, member.password);
        await expect(page.getByText(text.recentLogin)).toBeVisible();
        await expect(page.getByLabel(text.email, { exact: true })).toBeVisible();
        expect((await account(member.localId)).email).toBe(member.email);
      },
    );

    test('without a connection, nothing is deleted', { tag: '@desktop' }, async ({ page }) => {
      const member = await createMember();
      await signIn(page, member);
      await expect(page.getByLabel(text.passwordAgain)).toBeVisible();
      await page.route(`${authOrigin}/**`, (route) => route.abort('internetdisconnected'));
      await confirm(page, member.password);
      await expect(page.getByText(text.network)).toBeVisible();
      await page.unroute(`${authOrigin}/**`);
      expect((await account(member.localId)).email).toBe(member.email);
    });

    test(
      'a member who cannot sign in is given the data protection address, with the subject filled in',
      { tag: '@desktop' },
      async ({ page }) => {
        await page.goto(address);
        await waitForApp(page);
        const link = page.locator('p', { hasText: text.lostAccess }).getByRole('link');
        await expect(link).toHaveText(site.company.dataProtectionEmail);
        await expect(link).toHaveAttribute(
          'href',
          `mailto:${site.company.dataProtectionEmail}?subject=${encodeURIComponent(text.contactSubject)}`,
        );
      },
    );
  });
}
