import type { Page } from '@playwright/test';
import { referenceFor, referencePattern } from '../functions/src/contracts/contact-message.ts';
import { escapeHtml } from '../functions/src/contracts/html-text.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { adminFirestore } from './support/admin-firestore.ts';
import { expect, test } from './support/fixtures.ts';
import { keepScreenshot } from './support/screenshots.ts';
import { receivedMail, type ReceivedMail } from './support/inbox.ts';
import { gpsPhoto } from './support/pictures.ts';
import {
  contactTexts,
  languages,
  locales,
  open,
  paths,
  pictureTexts,
  projectFor,
  suggestionsSettled,
  waitForApp,
  type Language,
} from './support/site.ts';
import { collections } from '../functions/src/contracts/collections.ts';

// The contact journey through the real emulators: the browser writes the Mail document to
// Firestore, the mail function sends it to the SMTP inbox of the run (e2e/support/).

const adminDb = adminFirestore();

/** A sender address of its own per test and run (the per-sender hourly limit is 20). */
const sender = (tag: string) => `e2e-${tag}-${Date.now().toString(36)}@example.com`;
const hostile = '<script>alert(1)</script>';

async function fillIn(page: Page, language: Language, values: { email: string; message: string }) {
  const texts = contactTexts[language];
  await page.getByLabel(texts.email).fill(values.email);
  await page.getByLabel(texts.name).fill('Marco <b>Rossi</b>');
  await page.getByLabel(texts.subject).fill(`Tides ${language}`);
  await page.getByLabel(texts.message).fill(values.message);
  await suggestionsSettled(page, `Tides ${language}`);
}

async function mailFrom(address: string): Promise<ReceivedMail[]> {
  return (await receivedMail()).filter((mail) => mail.replyTo === address);
}

for (const language of languages) {
  test.describe(`in ${language}`, () => {
    test.use({ locale: locales[language] });

    test(
      'a sent message is confirmed, clears the form and arrives once, escaped',
      { tag: projectFor(language, '@phone') },
      async ({ page }, testInfo) => {
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
        const shown = (await dialog.getByText(texts.reference).textContent())?.replace(texts.reference, '').trim();
        expect(shown).toMatch(referencePattern);
        await dialog.getByRole('button', { name: 'Ok' }).click();
        await expect(dialog).toBeHidden();

        await expect.poll(async () => (await mailFrom(email)).length, { timeout: 30_000 }).toBe(1);
        const [mail] = await mailFrom(email);
        // The reference the visitor saw opens the subject, and is the named document's.
        expect(mail?.subject).toBe(`[${shown ?? ''}] Tides ${language}`);
        const documentId = /Document: Mail\/(\S+)/.exec(mail?.text ?? '')?.[1] ?? '';
        expect(referenceFor(documentId)).toBe(shown);
        // Sent once: the document's delivery ended, sent by its first attempt, and the inbox
        // still holds one email from the visitor (no time waited for a duplicate that might come).
        await expect
          .poll(
            async () => (await adminDb().collection(collections.mail).doc(documentId).get()).get('delivery') as unknown,
          )
          .toMatchObject({ state: 'SUCCESS', attempts: 1 });
        expect(await mailFrom(email)).toHaveLength(1);
        // What the visitor typed arrives as text, the name's markup too, and the Email row is theirs.
        expect(mail?.html).toContain(escapeHtml(hostile));
        expect(mail?.html).toContain(escapeHtml('Marco <b>Rossi</b>'));
        expect(mail?.html).not.toContain('<script');
        expect(mail?.html).not.toContain('<b>Rossi</b>');
        expect(mail?.text).toContain(`\nEmail: ${email}\n`);
        expect(mail?.text).toContain(hostile);
        expect(mail?.text).toContain(email);
      },
    );

    test(
      'the app opens the form with its device and version, and they reach the email',
      { tag: projectFor(language, '@desktop') },
      async ({ page }, testInfo) => {
        const texts = contactTexts[language];
        const email = sender(`app-${testInfo.project.name}-${language}`);
        await open(page, `${paths.support}?platform=android&version=${encodeURIComponent('1.2.3 (45)')}`);
        await expect(page.getByLabel(texts.platform)).toHaveValue('android');
        await expect(page.getByLabel(texts.version)).toHaveValue('1.2.3 (45)');
        await expectNoAxeViolations(page);
        await fillIn(page, language, { email, message: 'The map does not load.' });
        await keepScreenshot(page, `e2e-screenshots/contact-app-${language}-${testInfo.project.name}.png`, {
          fullPage: true,
        });
        await page.getByRole('button', { name: texts.send }).click();

        const dialog = page.getByRole('dialog', { name: texts.sent });
        await expect(dialog).toContainText(texts.reference);
        await expectNoAxeViolations(page);
        await keepScreenshot(page, `e2e-screenshots/contact-sent-${language}-${testInfo.project.name}.png`);
        const shown = (await dialog.getByText(texts.reference).textContent())?.replace(texts.reference, '').trim();
        await dialog.getByRole('button', { name: 'Ok' }).click();
        // The device and version stay for the next message.
        await expect(page.getByLabel(texts.version)).toHaveValue('1.2.3 (45)');

        await expect.poll(async () => (await mailFrom(email)).length, { timeout: 30_000 }).toBe(1);
        const [mail] = await mailFrom(email);
        expect(mail?.subject).toBe(`[${shown ?? ''}] Tides ${language}`);
        expect(mail?.text).toContain(
          `Reference: ${shown ?? ''}\nLanguage: ${language === 'it' ? 'Italian (it)' : 'English (en)'}\nDevice: Android\nApp version: 1.2.3 (45)\n`,
        );
      },
    );

    test(
      'what a visitor types before the app has started is what is sent',
      { tag: projectFor(language, '@phone') },
      async ({ page }, testInfo) => {
        // A slow phone shows the prerendered form seconds before its script runs; the browser
        // itself may fill it too (going Back restores a form). The site's scripts are held
        // until every field has been typed in.
        const texts = contactTexts[language];
        const email = sender(`early-${testInfo.project.name}-${language}`);
        let release = () => {};
        const typed = new Promise<undefined>((resolve) => {
          release = () => {
            resolve(undefined);
          };
        });
        await page.route('**/static/js/**', async (route) => {
          await typed;
          await route.continue();
        });
        // The page's load waits for its scripts: the test goes on once the form is there.
        await page.goto(paths.support, { waitUntil: 'commit' });
        await page.getByLabel(texts.email).fill(email);
        await page.getByLabel(texts.name).fill('Marco Rossi');
        await page.getByLabel(texts.subject).fill(`Early ${language}`);
        await page.getByLabel(texts.message).fill('Typed before the app ran.');
        await page.getByLabel(texts.platform).selectOption('ios');
        await page.getByLabel(texts.version).fill('3.1');
        await page.getByLabel(pictureTexts[language].add).setInputFiles(await gpsPhoto());
        await expect(page.locator('html')).not.toHaveAttribute('data-ready');
        release();
        await waitForApp(page);
        await suggestionsSettled(page, `Early ${language}`);
        await page.getByRole('button', { name: texts.send }).click();
        await expect(page.getByRole('dialog', { name: texts.sent })).toBeVisible();

        await expect.poll(async () => (await mailFrom(email)).length, { timeout: 30_000 }).toBe(1);
        const [mail] = await mailFrom(email);
        expect(mail?.subject).toMatch(new RegExp(`\\] Early ${language}$`));
        expect(mail?.text).toContain('Marco Rossi');
        expect(mail?.text).toContain('Typed before the app ran.');
        expect(mail?.text).toContain('Device: iOS\nApp version: 3.1\n');
        expect(mail?.attachments.map(({ contentType }) => contentType)).toEqual(['image/webp']);
      },
    );

    // What the form keeps out, and keeps when the database is away, does not depend on the
    // screen: desktop only (@desktop); the phone project sends and shows every state above.
    test(
      'an address that is not from the app fills in nothing it cannot vouch for',
      { tag: '@desktop' },
      async ({ page }) => {
        const texts = contactTexts[language];
        await open(
          page,
          `${paths.support}?platform=${encodeURIComponent('<b>x</b>')}&version=${encodeURIComponent('<img src=x onerror=alert(1)>')}`,
        );
        await expect(page.getByRole('button', { name: texts.send })).toBeEnabled();
        await expect(page.getByLabel(texts.platform)).toHaveValue('');
        await expect(page.getByLabel(texts.version)).toHaveValue('');
        await expect(page.locator('img[src="x"]')).toHaveCount(0);
      },
    );

    test(
      'with the database unreachable and nowhere to keep it on the phone, the visitor sees the error and keeps the text',
      { tag: '@desktop' },
      async ({ page }) => {
        const texts = contactTexts[language];
        // A browser that keeps nothing for the site (no IndexedDB, as some private modes): the
        // outbox cannot hold the message (e2e/outbox.spec.ts has the phone that can).
        await page.addInitScript({ content: "Object.defineProperty(window, 'indexedDB', { value: undefined })" });
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
      },
    );
  });
}
