// The Account page against the Auth, Firestore and Functions emulators and the test inbox:
// the explanation without signing in, a deletion from the page that the clean-up trigger
// finishes (the member's data gone, another member's untouched, one confirmation email), and
// every failure deleting nothing. Both languages, both widths (projects), axe on each state.
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import type { Page } from '@playwright/test';
import { deletionsCollection, hashedId } from '../functions/src/account-deletion/cleanup.ts';
import { localizedPath } from '../web/src/config/paths.ts';
import { census, seedMember, seededPerMember } from '../tests/support/members.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { account, authOrigin, canSignIn, createMember, markVerified, type Member } from './support/auth-emulator.ts';
import { expect, test } from './support/fixtures.ts';
import { receivedMail } from './support/inbox.ts';
import { projectId } from '../scripts/lib/project.ts';
import { languages, paths, waitForApp } from './support/site.ts';
import { accountTexts } from './support/texts.ts';

let app: App;
let db: Firestore;
test.beforeAll(() => {
  app = initializeApp({ projectId }, `account-spec-${String(Math.random())}`);
  db = getFirestore(app);
});
test.afterAll(async () => {
  await deleteApp(app);
});

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

  async function confirm(page: Page, password: string, word: string = text.word) {
    await page.getByLabel(text.passwordAgain).fill(password);
    await page.getByLabel(text.typeWord).fill(word);
    await page.getByRole('button', { name: text.delete }).click();
  }

  test.describe(`the Account page in ${language}`, () => {
    test('explains deletion before any sign-in, with the form', async ({ page }, testInfo) => {
      await page.goto(address);
      for (const heading of [text.deletedTitle, text.keptTitle, text.howTitle])
        await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
      await expect(page.getByLabel(text.email, { exact: true })).toBeVisible();
      await waitForApp(page);
      await expectNoAxeViolations(page);
      await page.screenshot({
        path: `e2e-screenshots/account-${language}-${testInfo.project.name}.png`,
        fullPage: true,
      });
    });

    test('deletes the signed-in member and, through the trigger, their data only', async ({ page }, testInfo) => {
      const member = await createMember();
      // The confirmation goes to verified addresses only.
      await markVerified(member);
      const other = await createMember();
      await seedMember(db, member.localId, other.localId);
      await seedMember(db, other.localId, `third-${other.localId}`);

      await signIn(page, member);
      await expect(page.getByLabel(text.passwordAgain)).toBeVisible();
      await expectNoAxeViolations(page);
      await confirm(page, member.password);
      await expect(page.getByRole('heading', { level: 2, name: text.doneTitle })).toBeVisible();
      await expectNoAxeViolations(page);
      await page.screenshot({
        path: `e2e-screenshots/account-deleted-${language}-${testInfo.project.name}.png`,
        fullPage: true,
      });

      expect(await canSignIn(member.email, member.password)).toBe(false);
      await expect
        .poll(
          async () =>
            (await db.collection(deletionsCollection).doc(hashedId(member.localId)).get()).get('state') as unknown,
          {
            timeout: 20_000,
          },
        )
        .toBe('DONE');
      expect(await census(db, member.localId)).toBe(0);
      expect(await census(db, other.localId)).toBe(seededPerMember);
      expect(await canSignIn(other.email, other.password)).toBe(true);
      await expect
        .poll(async () => (await receivedMail()).filter((mail) => mail.to.includes(member.email)).length, {
          timeout: 10_000,
        })
        .toBe(1);
    });

    test('a wrong password, at sign-in or at the confirmation, deletes nothing', async ({ page }) => {
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
    });

    test('a sign-in too old to delete with sends the member back to sign in, deleting nothing', async ({ page }) => {
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
    });

    test('without a connection, nothing is deleted', async ({ page }) => {
      const member = await createMember();
      await signIn(page, member);
      await expect(page.getByLabel(text.passwordAgain)).toBeVisible();
      await page.route(`${authOrigin}/**`, (route) => route.abort('internetdisconnected'));
      await confirm(page, member.password);
      await expect(page.getByText(text.network)).toBeVisible();
      await page.unroute(`${authOrigin}/**`);
      expect((await account(member.localId)).email).toBe(member.email);
    });

    test('a member who cannot sign in reaches Contact Us with the subject filled in', async ({ page }) => {
      await page.goto(address);
      await waitForApp(page);
      await page.getByRole('link', { name: text.lostAccess }).click();
      await expect(page.locator('input[name=subject]')).toHaveValue(text.contactSubject);
    });
  });
}
