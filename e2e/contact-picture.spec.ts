import { utimesSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { contactPicture, referencePattern } from '../functions/src/contracts/contact-message.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { adminFirestore } from './support/admin-firestore.ts';
import { expect, test } from './support/fixtures.ts';
import { keepScreenshot } from './support/screenshots.ts';
import { receivedMail, type ReceivedMail } from './support/inbox.ts';
import { gpsPhoto, pdfNamedJpg, readPicture } from './support/pictures.ts';
import {
  contactTexts,
  languages,
  locales,
  open,
  paths,
  pictureTexts,
  projectFor,
  suggestionsSettled,
  type Language,
} from './support/site.ts';
import { collections } from '../functions/src/contracts/collections.ts';

// A screenshot or photo with a Contact Us message (issue 40), through the real emulators: the
// browser draws the chosen file again without its EXIF and writes it with the message, the
// mail function decodes it again and attaches it to the team's email. The photo is a phone's
// (4,000 × 3,000 px, GPS position, make and model, time in its EXIF): none of it may leave the
// browser, and the email's attachment is at most 1,600 px on its longer side.

const adminDb = adminFirestore();

const sender = (tag: string) => `e2e-picture-${tag}-${Date.now().toString(36)}@example.com`;

async function fillIn(page: Page, language: Language, email: string, subject: string) {
  const texts = contactTexts[language];
  await page.getByLabel(texts.email).fill(email);
  await page.getByLabel(texts.name).fill('Marco Rossi');
  await page.getByLabel(texts.subject).fill(subject);
  await page.getByLabel(texts.message).fill('The app shows an error when I save a catch: the screenshot is attached.');
  await suggestionsSettled(page, subject);
}

async function mailFrom(address: string): Promise<ReceivedMail[]> {
  return (await receivedMail()).filter((mail) => mail.replyTo === address);
}

// What a language changes is the control's words, not what happens to the picture: each test
// runs in each language once and in each project once (English on desktop and Italian on a
// phone for the journey, the other way round for the refused file: projectFor), not four times.

for (const language of languages) {
  test.describe(`in ${language}`, () => {
    test.use({ locale: locales[language] });
    const texts = pictureTexts[language];

    test(
      'a phone photo with GPS goes as a picture of at most 1,600 px with no EXIF, and reaches the team attached',
      { tag: projectFor(language, '@desktop') },
      async ({ page }, testInfo) => {
        const photo = await gpsPhoto();
        const email = sender(`${testInfo.project.name}-${language}`);
        const subject = `Picture ${language} ${Date.now().toString(36)}`;
        await open(page, paths.support);
        await expect(page.getByText(texts.add, { exact: true })).toBeVisible();
        await expectNoAxeViolations(page);
        await fillIn(page, language, email, subject);

        const input = page.getByLabel(texts.add);
        await input.setInputFiles(photo);
        await expect(page.getByText(texts.ready)).toBeVisible();
        // The preview is the picture as it will be sent: 1,600 × 1,200 px.
        const preview = page.getByRole('img', { name: texts.preview });
        await expect(preview).toBeVisible();
        type Drawn = { naturalWidth: number; naturalHeight: number };
        expect(
          await preview.evaluate((image) => [(image as Drawn).naturalWidth, (image as Drawn).naturalHeight]),
        ).toEqual([1600, 1200]);
        await expect(page.getByText(/^1[.,]600 × 1[.,]200 pixel/)).toBeVisible();
        // The button now replaces the picture; it names the same input.
        await expect(page.getByLabel(texts.replace)).toHaveAttribute('type', 'file');
        await expectNoAxeViolations(page);
        await keepScreenshot(page, testInfo.outputPath('picture-ready.png'), { fullPage: true });

        await page.getByRole('button', { name: contactTexts[language].send }).click();
        const dialog = page.getByRole('dialog', { name: contactTexts[language].sent });
        await expect(dialog).toBeVisible();
        const shown = (await dialog.getByText(contactTexts[language].reference).textContent())
          ?.replace(contactTexts[language].reference, '')
          .trim();
        expect(shown).toMatch(referencePattern);
        await dialog.getByRole('button', { name: 'Ok' }).click();
        // Sent: the form has forgotten the picture with the message.
        await expect(page.getByText(texts.add, { exact: true })).toBeVisible();
        await expect(preview).toHaveCount(0);

        await expect.poll(async () => (await mailFrom(email)).length, { timeout: 30_000 }).toBe(1);
        const [mail] = await mailFrom(email);
        const documentId = /Document: Mail\/(\S+)/.exec(mail?.text ?? '')?.[1] ?? '';

        // What the browser wrote: WebP (or JPEG), 1,600 × 1,200, within the limit, no EXIF.
        const stored = (await adminDb().collection(collections.mail).doc(documentId).get()).get(
          contactPicture.field,
        ) as Uint8Array;
        expect(stored.length).toBeLessThanOrEqual(contactPicture.maxBytes);
        const written = await readPicture(stored);
        expect(['webp', 'jpeg']).toContain(written.format);
        expect(written).toMatchObject({ width: 1600, height: 1200, exif: false });

        // What the team received: one attachment, the reference's WebP, at most 1,600 px, no EXIF.
        expect(mail?.attachments.map(({ filename, contentType }) => ({ filename, contentType }))).toEqual([
          { filename: `${shown ?? ''}.webp`, contentType: 'image/webp' },
        ]);
        const attached = await readPicture(Buffer.from(mail?.attachments[0]?.base64 ?? '', 'base64'));
        expect(attached).toMatchObject({ format: 'webp', exif: false });
        expect(Math.max(attached.width ?? Infinity, attached.height ?? Infinity)).toBeLessThanOrEqual(
          contactPicture.maxSide,
        );
      },
    );

    test(
      'a PDF named .jpg is refused on the form, clearly; removing a picture gives the button back',
      { tag: projectFor(language, '@phone') },
      async ({ page }) => {
        await open(page, paths.support);
        const input = page.getByLabel(texts.add);
        await input.setInputFiles(pdfNamedJpg());
        await expect(page.getByText(texts.notPicture)).toBeVisible();
        await expect(input).toHaveAttribute('aria-invalid', 'true');
        // The problem is read with the control.
        await expect(input).toHaveAccessibleDescription(texts.notPicture);
        await expectNoAxeViolations(page);

        // A picture after it clears the problem; removing the picture brings the focus back.
        await input.setInputFiles(await gpsPhoto());
        await expect(page.getByText(texts.ready)).toBeVisible();
        await expect(page.getByText(texts.notPicture)).toHaveCount(0);
        await page.getByRole('button', { name: texts.remove }).click();
        await expect(page.getByRole('img', { name: texts.preview })).toHaveCount(0);
        await expect(page.getByLabel(texts.add)).toBeFocused();
        await expect(page.getByLabel(texts.add)).not.toHaveAttribute('aria-invalid');
        await expectNoAxeViolations(page);
      },
    );

    test(
      'a photo whose file is written again after it was chosen is said to be unread, never damaged, and is prepared when chosen again',
      { tag: projectFor(language, '@phone') },
      async ({ page }) => {
        // The control's script part is held back while the chosen file is written again (as a
        // gallery syncing it would, or another test writing the same file did): Chromium then
        // refuses every read of that choice, and the decode fails without a damaged byte.
        let release: () => void = () => undefined;
        const held = new Promise<void>((resolve) => {
          release = resolve;
        });
        await page.route(/\/picture-control-[\w-]+\.js$/, async (route) => {
          await held;
          await route.continue();
        });
        await open(page, paths.support);
        const input = page.getByLabel(texts.add);
        const photo = await gpsPhoto();
        await input.setInputFiles(photo);
        // Chromium notes the chosen file's size and time when a script first asks for them: asked
        // here, before the file is written again, so every later read of this choice is refused.
        expect(await page.evaluate("document.querySelector('input[type=file]').files[0].lastModified > 0")).toBe(true);
        const later = new Date(Date.now() + 60_000);
        utimesSync(photo, later, later);
        release();
        await expect(page.getByText(texts.notRead)).toBeVisible();
        await expect(page.getByText(texts.damaged)).toHaveCount(0);
        await expect(input).toHaveAttribute('aria-invalid', 'true');
        await expect(input).toHaveAccessibleDescription(texts.notRead);

        // Chosen again, the file as it is now is prepared.
        await input.setInputFiles(photo);
        await expect(page.getByText(texts.ready)).toBeVisible();
        await expect(page.getByText(texts.notRead)).toHaveCount(0);
      },
    );
  });
}
