import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { emulatorFirebaseJson, emulatorOrigins, parseCsp, readFirebaseJson } from '../scripts/lib/firebase-config.ts';
import { projectId } from '../scripts/lib/project.ts';
import { localizedPath } from '../web/src/config/paths.ts';
import { actionLink, canSignIn, createMember, mailedCode, sendPasswordResetEmail } from './support/auth-emulator.ts';
import { contactTexts, headings, languages, locales, paths, suggestionsSettled } from './support/site.ts';
import { emailActionTexts } from './support/texts.ts';
import { clean, watchPolicies } from './support/policies.ts';
import { recordViolations } from './support/policy-violations.ts';

// The site works under its own response headers: the contact form still reaches Firestore (the
// emulator, which the emulators' copy of the policy allows) and the email action page Auth, the
// browser applies the headers as firebase.json writes them, and it blocks and reports what they
// forbid. The browser reports a blocked action as a `securitypolicyviolation` event (CSP) or a
// `permissions-policy-violation` report (Reporting API); both are recorded from before the first
// byte of the page is parsed (support/policies.ts). One width is enough: the policy does not
// depend on it. That no page template trips either policy as it loads, at both widths, is checked
// in the same visit as its other checks (e2e/pages.spec.ts).

/**
 * Opens `path`, waits until its parts and images have loaded (the lower ones too): once the
 * page has loaded and is scrolled to its end, the network is idle only after what the first
 * load started and what the scroll started have both ended.
 */
async function visit(page: Page, path: string) {
  const response = await page.goto(path);
  await expect(page.locator('main h1')).toBeVisible();
  await page.evaluate('window.scrollTo(0, document.body.scrollHeight)');
  await page.waitForLoadState('networkidle');
  return response;
}

const [firestoreEmulator = '', authEmulator = ''] = emulatorOrigins(readFirebaseJson());

/** Every header the emulators' firebase.json sets on all paths (a later entry wins). */
const everywhere = new Map(
  (emulatorFirebaseJson().hosting.headers ?? [])
    .filter((rule) => rule.source === '**')
    .flatMap((rule) => rule.headers)
    .map(({ key, value }) => [key.toLowerCase(), value]),
);

test.describe('security headers in the browser', { tag: '@desktop' }, () => {
  test.use({ initScript: recordViolations });
  for (const language of languages) {
    test.describe(`in ${language}`, () => {
      test.use({ locale: locales[language] });

      test('the contact form sends to Firestore without a policy violation', async ({ page }) => {
        const texts = contactTexts[language];
        const recorded = watchPolicies(page);
        await visit(page, localizedPath(paths.support, language));
        await page.getByLabel(texts.email).fill(`e2e-csp-${language}-${Date.now().toString(36)}@example.com`);
        await page.getByLabel(texts.name).fill('Marco Rossi');
        await page.getByLabel(texts.subject).fill(`Policy check ${language}`);
        await page.getByLabel(texts.message).fill('Sent under the Content-Security-Policy.');
        await suggestionsSettled(page, `Policy check ${language}`);
        const write = page.waitForResponse((response) => response.url().startsWith(`${firestoreEmulator}/`));
        await page.getByRole('button', { name: texts.send }).click();
        expect((await write).ok()).toBe(true);
        await expect(page.getByRole('dialog', { name: texts.sent })).toBeVisible();
        expect(await recorded()).toEqual(clean);
      });

      test('the email action page talks to Auth without a policy violation', async ({ page }) => {
        // A password reset calls Auth three ways: the code, the password policy, the new password.
        const member = await createMember();
        await sendPasswordResetEmail(member.email);
        const recorded = watchPolicies(page);
        const calls: string[] = [];
        page.on('request', (request) => {
          if (request.url().startsWith(`${authEmulator}/`)) calls.push(new URL(request.url()).pathname);
        });
        const code = await mailedCode(member.email, 'PASSWORD_RESET');
        await visit(
          page,
          actionLink('resetPassword', code, language, localizedPath(paths.emailVerification, language)),
        );
        await page.getByLabel(emailActionTexts[language].newPassword, { exact: true }).fill('policy-Check-1');
        await page.keyboard.press('Enter');
        await expect.poll(() => canSignIn(member.email, 'policy-Check-1')).toBe(true);
        expect(calls.length).toBeGreaterThanOrEqual(2);
        expect(await recorded()).toEqual(clean);
      });
    });
  }

  test('the page response carries every header firebase.json sets for all paths', async ({ page }) => {
    const response = await page.goto(paths.home);
    const received = response?.headers() ?? {};
    expect(everywhere.size).toBeGreaterThan(5);
    for (const [name, value] of everywhere) expect(received[name], name).toBe(value);
  });

  test('the Account page’s policy, as the browser gets it, allows the project’s auth domain and Google’s sign-in scripts only', async ({
    page,
  }) => {
    const response = await page.goto(paths.account);
    const policy = new Map(parseCsp(response?.headers()['content-security-policy'] ?? ''));
    // The narrowest sign-in allows: two paths of apis.google.com and the helper frame on the
    // demo project's auth domain (and the Auth emulator's, which a local build signs in through).
    expect(policy.get('script-src')).toEqual([
      "'self'",
      'https://apis.google.com/js/api.js',
      'https://apis.google.com/_/scs/abc-static/_/js/',
    ]);
    expect(policy.get('frame-src')).toEqual([`https://${projectId}.firebaseapp.com/__/auth/iframe`, authEmulator]);
    const sources = [...policy.values()].flat();
    expect(sources.filter((source) => source.includes('*') || source.includes('.web.app'))).toEqual([]);
    expect(sources).not.toContain('https://apis.google.com');
    // Every other directive is every page's.
    const site = new Map(parseCsp(everywhere.get('content-security-policy') ?? ''));
    // Auth's token service besides: a signed-in member's ID token is renewed there every hour.
    expect([...(policy.get('connect-src') ?? [])].sort()).toEqual(
      [...(site.get('connect-src') ?? []), 'https://securetoken.googleapis.com'].sort(),
    );
    for (const [name, values] of policy)
      if (!['script-src', 'frame-src', 'connect-src'].includes(name)) expect(values, name).toEqual(site.get(name));
  });

  test('the browser enforces the policy: inline script and other origins are blocked and reported', async ({
    page,
  }) => {
    const recorded = watchPolicies(page);
    await visit(page, paths.home);
    // Both go through the page's own DOM and fetch, as an injected script would.
    await page.evaluate(`{
      const script = document.createElement('script');
      script.textContent = 'window.__injected = true';
      document.head.append(script);
      fetch('http://127.0.0.1:4400/emulators').catch(() => undefined);
    }`);
    await expect
      .poll(async () => (await recorded()).violations.map(({ directive }) => directive).sort())
      .toEqual(['connect-src', 'script-src-elem']);
    expect(await page.evaluate('window.__injected')).toBeUndefined();
    // Blocked by the policy this run serves, as firebase.json writes it.
    for (const { policy } of (await recorded()).violations)
      expect(policy).toBe(everywhere.get('content-security-policy'));
  });

  test('the Permissions-Policy turns off what the site does not use, and a feature it turns off is blocked and reported', async ({
    page,
  }) => {
    const recorded = watchPolicies(page);
    await visit(page, paths.home);
    const allowed = await page.evaluate<string[] | null>(
      `document.featurePolicy
        ? ['camera', 'microphone', 'geolocation', 'payment', 'usb', 'browsing-topics', 'fullscreen']
            .filter((feature) => document.featurePolicy.allowsFeature(feature))
        : null`,
    );
    expect(allowed).toEqual([]);
    const answer = await page.evaluate<number>(
      `new Promise((resolve) => navigator.geolocation.getCurrentPosition(() => resolve(0), (error) => resolve(error.code)))`,
    );
    expect(answer).toBe(1); // PERMISSION_DENIED, without asking anyone
    await expect
      .poll(async () => (await recorded()).violations.map(({ kind, directive }) => `${kind}:${directive}`))
      .toEqual(['permissions-policy:geolocation']);
  });

  test('no other site can frame a page (frame-ancestors)', async ({ page, baseURL }) => {
    await page.setContent(`<iframe src="${baseURL ?? ''}${paths.home}"></iframe>`);
    // The frame holds Chromium's error page (which has a heading of its own), not the site.
    await expect.poll(() => page.frames()[1]?.url()).toMatch(/^chrome-error:/);
    await expect(page.frameLocator('iframe').getByRole('heading', { name: headings.home.en })).toHaveCount(0);
  });
});
