import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { receivedMail, type ReceivedMail } from './support/inbox.ts';
import { contactTexts, languages, locales, open, paths, type Language } from './support/site.ts';

// The contact journey through the real emulators: the browser writes the Mail document to
// Firestore, the mail function sends it to the SMTP inbox of the run (e2e/support/).

/** A sender address of its own per test and run (the per-sender hourly limit is 20). */
const sender = (tag: string) => `e2e-${tag}-${Date.now().toString(36)}@example.com`;
const hostile = '<script>alert(1)</script>';

async function fillIn(page: Page, language: Language, values: { email: string; message: string }) {
  const texts = contactTexts[language];
  await page.getByLabel(texts.email).fill(values.email);
  await page.getByLabel(texts.name).fill('Marco <b>Rossi</b>');
  await page.getByLabel(texts.subject).fill(`Tides ${language}`);
  await page.getByLabel(texts.message).fill(values.message);
}

async function mailFrom(address: string): Promise<ReceivedMail[]> {
  return (await receivedMail()).filter((mail) => mail.replyTo === address);
}

for (const language of languages) {
  test.describe(`in ${language}`, () => {
    test.use({ locale: locales[language] });

    test('a sent message is confirmed, clears the form and arrives once, escaped', async ({ page }, testInfo) => {
      const texts = contactTexts[language];
      const email = sender(`${testInfo.project.name}-${language}`);
      const message = `Hello from the browser tests ${hostile} & goodbye`;
      await open(page, paths.support);
      await fillIn(page, language, { email, message });
      await page.getByRole('button', { name: texts.send }).click();

      const dialog = page.getByRole('dialog', { name: texts.sent });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole('button', { name: 'Ok' })).toBeFocused();
      for (const field of [texts.email, texts.name, texts.subject, texts.message]) {
        await expect(page.getByLabel(field)).toHaveValue('');
      }
      await dialog.getByRole('button', { name: 'Ok' }).click();
      await expect(dialog).toBeHidden();

      await expect.poll(async () => (await mailFrom(email)).length, { timeout: 30_000 }).toBe(1);
      // A duplicate would come within moments: wait, and count again.
      await page.waitForTimeout(3_000);
      const received = await mailFrom(email);
      expect(received).toHaveLength(1);
      const [mail] = received;
      expect(mail?.subject).toContain(`Tides ${language}`);
      expect(mail?.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
      expect(mail?.html).not.toContain('<script');
      expect(mail?.html).not.toContain('<b>Rossi</b>');
      expect(mail?.text).toContain(hostile);
      expect(mail?.text).toContain(email);
    });

    test('with the database unreachable the visitor sees the error and keeps the text', async ({ page }) => {
      const texts = contactTexts[language];
      await page.route('http://127.0.0.1:8080/**', (route) => route.abort());
      await page.clock.install();
      await open(page, paths.support);
      const message = 'This one cannot be stored.';
      await fillIn(page, language, { email: sender('offline'), message });
      await page.getByRole('button', { name: texts.send }).click();
      // The form gives up after its time-out: let the page clock run past it.
      await page.clock.runFor(31_000);
      const alert = page.getByRole('alert');
      await expect(alert).toContainText(texts.failed);
      await expect(page.getByLabel(texts.message)).toHaveValue(message);
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await expect(page.getByRole('button', { name: texts.send })).toBeEnabled();
    });
  });
}
