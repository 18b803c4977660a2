import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';
import { receivedMail } from './support/inbox.ts';
import { gpsPhoto } from './support/pictures.ts';
import { keepScreenshot } from './support/screenshots.ts';
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
import { localizedPath } from '../web/src/config/paths.ts';
import { siteStorage } from '../web/src/config/storage.ts';
import { buildContactMessage, contactPicture } from '../functions/src/contracts/contact-message.ts';
import enContact from '../web/src/locales/en/contact.json' with { type: 'json' };
import itContact from '../web/src/locales/it/contact.json' with { type: 'json' };
import enOutbox from '../web/src/locales/en/outbox.json' with { type: 'json' };
import itOutbox from '../web/src/locales/it/outbox.json' with { type: 'json' };

// A message written without signal (issue 78): Send keeps it on the phone, says so, and sends
// it when the connection returns, under the id the phone made, so the team's inbox has it once
// also when an answer was lost on the way; one the database refuses is shown, to be sent again.
// Through the real emulators and the real SMTP inbox.

const saved = { en: enContact.support.saved, it: itContact.support.saved };
const outbox = { en: enOutbox.outbox, it: itOutbox.outbox };

/** An outbox note's text for `subject`, as a pattern (the reference is the server's). */
const noteText = (text: string, subject: string) =>
  new RegExp(
    text
      .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
      .replace('\\{\\{subject\\}\\}', subject)
      .replace('\\{\\{reference\\}\\}', '([0-9A-Z]{3}-[0-9A-Z]{3})'),
  );

const databases = (page: Page) =>
  page.evaluate<string[]>('indexedDB.databases().then((list) => list.map((database) => database.name))');

const mailFrom = async (address: string) => (await receivedMail()).filter((mail) => mail.replyTo === address);

async function writeMessage(page: Page, language: Language, email: string, subject: string) {
  const texts = contactTexts[language];
  await open(page, localizedPath(paths.support, language));
  await page.getByLabel(texts.email).fill(email);
  await page.getByLabel(texts.name).fill('Marco Rossi');
  await page.getByLabel(texts.subject).fill(subject);
  await page.getByLabel(texts.message).fill('No signal at the lake: the catch log will not save.');
  await suggestionsSettled(page, subject);
}

for (const language of languages) {
  test.describe(`in ${language}`, () => {
    test.use({ locale: locales[language] });
    const texts = contactTexts[language];

    test(
      'a message with a picture sent without a connection is saved on the phone, then received once when it returns',
      { tag: projectFor(language, '@desktop') },
      async ({ page, context }, testInfo) => {
        const email = `e2e-outbox-${testInfo.project.name}-${language}-${Date.now().toString(36)}@example.com`;
        const subject = `Offline ${language} ${Date.now().toString(36)}`;
        await writeMessage(page, language, email, subject);
        await page.getByLabel(pictureTexts[language].add).setInputFiles(await gpsPhoto());
        await expect(page.getByText(pictureTexts[language].ready)).toBeVisible();

        await context.setOffline(true);
        await page.getByRole('button', { name: texts.send }).click();
        const dialog = page.getByRole('dialog', { name: saved[language].title });
        await expect(dialog).toBeVisible();
        await expect(dialog).toContainText(saved[language].text);
        await expect(dialog).toContainText(saved[language].safari);
        await expectNoAxeViolations(page);
        await dialog.getByRole('button').click();
        // The form is empty again; the message waits on the phone, and says so.
        await expect(page.getByLabel(texts.message)).toHaveValue('');
        const notes = page.getByRole('complementary', { name: outbox[language].label });
        await expect(notes.getByRole('status')).toHaveText(noteText(outbox[language].saved, subject));
        expect(await databases(page)).toEqual([siteStorage.contactOutbox.name]);
        await expectNoAxeViolations(page);
        await keepScreenshot(page, testInfo.outputPath('outbox-saved.png'));

        await context.setOffline(false);
        await expect(notes.getByRole('status')).toHaveText(noteText(outbox[language].received, subject), {
          timeout: 20_000,
        });
        const reference = noteText(outbox[language].received, subject).exec(
          (await notes.getByRole('status').textContent()) ?? '',
        )?.[1];
        await expect.poll(async () => (await mailFrom(email)).length, { timeout: 30_000 }).toBe(1);
        const [mail] = await mailFrom(email);
        expect(mail?.subject).toBe(`[${reference ?? ''}] ${subject}`);
        expect(mail?.attachments.map(({ filename }) => filename)).toEqual([`${reference ?? ''}.webp`]);
        // Received: nothing is kept on the phone any more.
        expect(await databases(page)).toEqual([]);
        await notes.getByRole('button', { name: outbox[language].close }).click();
        await expect(notes).toBeHidden();
        // Still one a moment later.
        await page.waitForTimeout(1000);
        expect(await mailFrom(email)).toHaveLength(1);
      },
    );

    test(
      'a send whose answer was lost is sent again under the same id: the team receives it once',
      { tag: projectFor(language, '@phone') },
      async ({ page }, testInfo) => {
        const email = `e2e-lost-${testInfo.project.name}-${language}-${Date.now().toString(36)}@example.com`;
        const subject = `Lost answer ${language} ${Date.now().toString(36)}`;
        await writeMessage(page, language, email, subject);
        // The first write reaches the database; its answer never reaches the phone.
        const bodies: string[] = [];
        await page.route('**/documents:commit**', async (route) => {
          bodies.push(route.request().postData() ?? '');
          if (bodies.length === 1) {
            await route.fetch();
            await route.abort('connectionreset');
          } else await route.continue();
        });
        await page.getByRole('button', { name: texts.send }).click();
        await expect(page.getByRole('dialog', { name: saved[language].title })).toBeVisible();
        await page.getByRole('dialog').getByRole('button').click();
        const notes = page.getByRole('complementary', { name: outbox[language].label });
        await expect(notes.getByRole('status')).toHaveText(noteText(outbox[language].received, subject), {
          timeout: 30_000,
        });
        expect(bodies.length).toBeGreaterThanOrEqual(2);
        const names = bodies.map(
          (body) => (JSON.parse(body) as { writes: [{ update: { name: string } }] }).writes[0].update.name,
        );
        expect(new Set(names).size).toBe(1);
        await expect.poll(async () => (await mailFrom(email)).length, { timeout: 30_000 }).toBe(1);
        await page.waitForTimeout(1000);
        expect(await mailFrom(email)).toHaveLength(1);
        expect(await databases(page)).toEqual([]);
      },
    );
  });
}

test(
  'a kept message the database now refuses is shown, never dropped, and goes back into the form',
  { tag: '@desktop' },
  async ({ page }) => {
    const texts = contactTexts.en;
    await open(page, paths.support);
    // A message kept on this phone whose picture is past the limit the rules hold (a release
    // that changed the limits, or storage written by hand): the form never makes one.
    const message = buildContactMessage({
      name: 'Marco Rossi',
      email: 'e2e-refused@example.com',
      subject: 'Refused',
      message: 'Kept on the phone.',
      language: 'en',
      platform: 'android',
    });
    const kept = { id: 'RefusedRefusedRefuse', message, savedAt: Date.now() };
    await page.evaluate(`new Promise((resolve, reject) => {
      const request = indexedDB.open(${JSON.stringify(siteStorage.contactOutbox.name)}, 1);
      request.onupgradeneeded = () => request.result.createObjectStore('messages', { keyPath: 'id' });
      request.onsuccess = () => {
        const transaction = request.result.transaction('messages', 'readwrite');
        const picture = new Uint8Array(${String(contactPicture.maxBytes + 1)});
        transaction.objectStore('messages').put({ ...${JSON.stringify(kept)}, picture });
        transaction.oncomplete = () => { request.result.close(); resolve(); };
        transaction.onerror = () => reject(transaction.error);
      };
    })`);
    await open(page, paths.support);
    const notes = page.getByRole('complementary', { name: outbox.en.label });
    await expect(notes.getByRole('status')).toContainText(noteText(outbox.en.refused, 'Refused'), {
      timeout: 20_000,
    });
    await expectNoAxeViolations(page);
    // Still kept after another visit, until the visitor takes it back.
    await open(page, paths.support);
    await expect(notes.getByRole('status')).toContainText(noteText(outbox.en.refused, 'Refused'));
    await notes.getByRole('button', { name: outbox.en.putBack }).click();
    await expect(page.getByLabel(texts.subject)).toHaveValue('Refused');
    await expect(page.getByLabel(texts.message)).toHaveValue('Kept on the phone.');
    await expect(page.getByLabel(texts.platform)).toHaveValue('android');
    await expect(notes).toBeHidden();
    expect(await databases(page)).toEqual([]);
  },
);
