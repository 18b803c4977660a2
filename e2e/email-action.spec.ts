// The page every account email links to, against the Auth emulator: the member's account is
// read back through Auth's own API after each action. Both languages, both widths (projects).
import { expectNoAxeViolations } from './support/axe.ts';
import {
  account,
  actionLink,
  authOrigin,
  buildApiKey,
  canSignIn,
  changeEmail,
  createMember,
  mailedCode,
  sendPasswordResetEmail,
  sendVerificationEmail,
} from './support/auth-emulator.ts';
import { expect, test } from './support/fixtures.ts';
import { languages, projectFor, waitForApp } from './support/site.ts';
import { emailActionTexts as texts } from './support/texts.ts';

test('the prerendered page promises nothing before the code is applied', { tag: '@desktop' }, async ({ request }) => {
  // What a mail scanner without JavaScript gets, and what every visitor sees before the app runs.
  const html = await (await request.get('/email-verification?mode=verifyEmail&oobCode=abc')).text();
  expect(html).toContain(texts.en.checking);
  expect(html).not.toContain(texts.en.thanks);
  // Not even its first sentence ("Your email was verified").
  expect(html).not.toContain(texts.en.verified.split('.')[0]);
});

for (const language of languages) {
  const text = texts[language];

  test.describe(`email actions in ${language}`, () => {
    test(
      'verifyEmail verifies the account once; the same link again says it was used',
      { tag: projectFor(language, '@phone') },
      async ({ page }) => {
        const member = await createMember();
        await sendVerificationEmail(member);
        const link = actionLink('verifyEmail', await mailedCode(member.email, 'VERIFY_EMAIL'), language);
        expect((await account(member.localId)).emailVerified).toBeFalsy();

        await page.goto(link);
        await expect(page.getByRole('heading', { level: 2, name: text.thanks })).toBeVisible();
        await expect(page.getByText(text.verified)).toBeVisible();
        await expect(page.locator('main h1')).toHaveText(text.verifyTitle);
        await expect(page.locator('html')).toHaveAttribute('lang', language);
        expect((await account(member.localId)).emailVerified).toBe(true);
        await expectNoAxeViolations(page);

        await page.goto(link);
        await waitForApp(page);
        await expect(page.getByRole('heading', { level: 2, name: text.used })).toBeVisible();
        await expect(page.getByText(text.usedVerify)).toBeVisible();
        await expect(page.getByText(text.thanks)).toHaveCount(0);
        await expectNoAxeViolations(page);
      },
    );

    test(
      'resetPassword sets the new password, and only after the member saves it',
      { tag: projectFor(language, '@desktop') },
      async ({ page }) => {
        const member = await createMember();
        await sendPasswordResetEmail(member.email);
        // Every request to Auth carries the build's API key, never the one in the link.
        const keys = new Set<string>();
        page.on('request', (request) => {
          if (request.url().startsWith(authOrigin)) keys.add(new URL(request.url()).searchParams.get('key') ?? '');
        });
        await page.goto(actionLink('resetPassword', await mailedCode(member.email, 'PASSWORD_RESET'), language));

        await expect(page.locator('main h1')).toHaveText(text.resetTitle);
        const field = page.getByLabel(text.newPassword, { exact: true });
        await expect(field).toBeVisible();
        // The code has left the address bar (history, Referer, logs); the rest of the link stays,
        // and a reload still finds the code.
        const address = new URL(page.url());
        expect(address.searchParams.has('oobCode')).toBe(false);
        expect(address.searchParams.has('apiKey')).toBe(false);
        expect(address.searchParams.get('mode')).toBe('resetPassword');
        await page.reload();
        await expect(field).toBeVisible();
        expect([...keys]).toEqual([buildApiKey]);
        // The rules are there before typing, and nothing is sent while one is unmet.
        await expect(page.getByText(text.rule)).toBeVisible();
        await expectNoAxeViolations(page);
        await field.fill('short');
        await page.getByRole('button', { name: text.save }).click();
        await expect(page.getByText(text.notYet)).toBeVisible();
        expect(await canSignIn(member.email, member.password)).toBe(true);

        const newPassword = 'second-Password-2';
        await field.fill(newPassword);
        await page.getByRole('button', { name: text.save }).click();
        await expect(page.getByRole('heading', { level: 2, name: text.resetDone })).toBeVisible();
        expect(await canSignIn(member.email, newPassword)).toBe(true);
        expect(await canSignIn(member.email, member.password)).toBe(false);
        await expectNoAxeViolations(page);
      },
    );

    test(
      'recoverEmail restores the old address when asked, then offers a password reset',
      { tag: projectFor(language, '@phone') },
      async ({ page }) => {
        const member = await createMember();
        const oldEmail = member.email;
        await changeEmail(member, `changed-${member.localId.toLowerCase()}@example.com`);
        expect((await account(member.localId)).email).not.toBe(oldEmail);
        await page.goto(actionLink('recoverEmail', await mailedCode(oldEmail, 'RECOVER_EMAIL'), language));

        await expect(page.locator('main h1')).toHaveText(text.recoverTitle);
        await expect(page.getByRole('button', { name: text.restore })).toBeVisible();
        // Looking at the link changed nothing.
        expect((await account(member.localId)).email).not.toBe(oldEmail);
        await expectNoAxeViolations(page);

        await page.getByRole('button', { name: text.restore }).click();
        await expect(page.getByRole('heading', { level: 2, name: text.recovered })).toBeVisible();
        expect((await account(member.localId)).email).toBe(oldEmail);

        await page.getByRole('button', { name: text.sendReset }).click();
        await expect(page.getByText(text.resetSent)).toBeVisible();
        await mailedCode(oldEmail, 'PASSWORD_RESET');
        await expectNoAxeViolations(page);
      },
    );

    test('a made-up code says the link does not work', { tag: projectFor(language, '@desktop') }, async ({ page }) => {
      await page.goto(actionLink('verifyEmail', 'made-up-code-123', language));
      await expect(page.getByRole('heading', { level: 2, name: text.invalid })).toBeVisible();
      await expect(page.getByText(text.thanks)).toHaveCount(0);
      await expectNoAxeViolations(page);
    });

    test('an expired code says so', { tag: projectFor(language, '@phone') }, async ({ page }) => {
      // The emulator's codes never expire: Auth's answer for one that did is given instead.
      await page.route(`${authOrigin}/**`, (route) =>
        route.fulfill({
          status: 400,
          contentType: 'application/json',
          body: JSON.stringify({ error: { code: 400, message: 'EXPIRED_OOB_CODE', errors: [] } }),
        }),
      );
      await page.goto(actionLink('verifyEmail', 'expired-code-123', language));
      await expect(page.getByRole('heading', { level: 2, name: text.expired })).toBeVisible();
      await expectNoAxeViolations(page);
    });

    // Trying again after a lost connection does not depend on the screen: desktop only (@desktop).
    test('without a connection the code is kept, and trying again verifies', { tag: '@desktop' }, async ({ page }) => {
      const member = await createMember();
      await sendVerificationEmail(member);
      const code = await mailedCode(member.email, 'VERIFY_EMAIL');
      await page.route(`${authOrigin}/**`, (route) => route.abort('internetdisconnected'));
      await page.goto(actionLink('verifyEmail', code, language));
      await expect(page.getByRole('heading', { level: 2, name: text.network })).toBeVisible();
      expect((await account(member.localId)).emailVerified).toBeFalsy();

      await page.unroute(`${authOrigin}/**`);
      await page.getByRole('button', { name: text.retry }).click();
      await expect(page.getByRole('heading', { level: 2, name: text.thanks })).toBeVisible();
      expect((await account(member.localId)).emailVerified).toBe(true);
    });
  });
}

test(
  'opened without a code, the page shows the confirmation (the app’s continue address)',
  { tag: '@phone' },
  async ({ page }) => {
    await page.goto('/it/email-verification');
    await expect(page.getByRole('heading', { level: 2, name: texts.it.thanks })).toBeVisible();
    await expect(page.getByText(texts.it.verified)).toBeVisible();
  },
);
