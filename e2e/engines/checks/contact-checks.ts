import { join } from 'node:path';
import { expect, it } from 'vitest';
import type { Language } from '../../../web/src/config/languages.ts';
import { localizedPath, paths } from '../../../web/src/config/paths.ts';
import { referencePattern } from '../../../functions/src/contracts/contact-message.ts';
import { collections } from '../../../functions/src/contracts/collections.ts';
import { gpsPhoto, readPicture } from '../../support/pictures.ts';
import { headings } from '../../support/texts.ts';
import type { EngineSession } from '../session.ts';
import { open, sendMessage, typeMessage } from '../steps.ts';
import { emailWhere, waitFor } from '../waiting.ts';

/** The Contact Us form sends, with a picture too, and the help finds articles for a visitor's words. */
export function contactChecks(session: EngineSession): void {
  it(
    'the contact form, opened by the app, sends; the dialog gives the reference the email starts with',
    () => sendsFromTheApp(session),
    90_000,
  );
  it(
    'the contact form sends a phone photo with GPS as a picture of at most 1,600 px with no EXIF, attached to the email',
    () => sendsAPicture(session),
    90_000,
  );
  it(
    'the help search forgives a typo; the Contact Us subject suggests an article and is kept after reading it',
    () => findsArticles(session),
    60_000,
  );
}

async function sendsFromTheApp({ page, engine, screenshots }: EngineSession) {
  const subject = `${engine} check ${Date.now().toString(36)}`;
  await open(page, `${paths.support}?platform=ios&version=3.0.1`, 'en', headings.support.en);
  await waitFor(
    page,
    `document.querySelector('[name=platform]')?.value === 'ios' && document.querySelector('[name=appVersion]')?.value === '3.0.1'`,
    "the app's device and version were not filled in",
  );
  await typeMessage(page, `${engine}@example.com`, subject, `Sent from ${page.version}.`);
  const reference = await sendMessage(page);
  await page.screenshot(join(screenshots, 'contact-sent.png'));
  expect(reference).toMatch(referencePattern);
  const mail = await emailWhere(`with the subject ${subject}`, (received) => received.subject.endsWith(subject));
  expect(mail.subject).toBe(`[${reference}] ${subject}`);
  expect(mail.text).toContain('Device: iOS\nApp version: 3.0.1\n');
  expect(await page.errors()).toEqual([]);
}

async function sendsAPicture({ page, engine, screenshots, db }: EngineSession) {
  const subject = `${engine} picture ${Date.now().toString(36)}`;
  await open(page, paths.support, 'en', headings.support.en);
  await typeMessage(page, `${engine}-picture@example.com`, subject, `A screenshot from ${page.version}.`);
  await page.chooseFile('input[type=file]', await gpsPhoto());
  await waitFor(page, `document.querySelector('.picture-field__preview')?.naturalWidth === 1600`, 'no preview');
  await page.screenshot(join(screenshots, 'contact-picture.png'));
  const reference = await sendMessage(page);
  const mail = await emailWhere(`with the subject ${subject}`, (received) => received.subject.endsWith(subject));
  expect(mail.attachments.map(({ filename, contentType }) => [filename, contentType])).toEqual([
    [`${reference}.webp`, 'image/webp'],
  ]);
  const attached = await readPicture(Buffer.from(mail.attachments[0]?.base64 ?? '', 'base64'));
  expect(attached).toMatchObject({ format: 'webp', width: 1600, height: 1200, exif: false });
  // What this engine wrote to Firestore (WebP or JPEG): the same size, no EXIF either.
  const documentId = /Document: Mail\/(\S+)/.exec(mail.text)?.[1] ?? '';
  const stored = (await db.collection(collections.mail).doc(documentId).get()).get('picture') as Uint8Array;
  expect(await readPicture(stored)).toMatchObject({ width: 1600, height: 1200, exif: false });
  expect(await page.errors()).toEqual([]);
}

async function findsArticles({ page, screenshots }: EngineSession) {
  const article = (language: Language) => localizedPath('/help/cancel-pro', language);
  await open(page, localizedPath(paths.help, 'it'), 'it', headings.help.it);
  await page.type('input[type=search]', 'abbonamneto');
  await waitFor(
    page,
    `document.querySelector('.help-search__results a[href="${article('it')}"]')`,
    'the search did not find the subscription article for a misspelt word',
  );
  await page.screenshot(join(screenshots, 'help-search.png'));

  await open(page, paths.support, 'en', headings.support.en);
  await page.type('[name=subject]', 'cancel Pro');
  const suggestion = `.help-suggestions a[href="${article('en')}"]`;
  await waitFor(page, `document.querySelector('${suggestion}')`, 'the subject suggested no article');
  await page.screenshot(join(screenshots, 'help-suggestions.png'));
  await page.click(suggestion);
  await waitFor(page, `location.pathname === '${article('en')}'`, 'the suggestion did not open the article');
  await page.evaluate('history.back()');
  await waitFor(
    page,
    `document.querySelector('[name=subject]')?.value === 'cancel Pro'`,
    'the subject was not there after coming back',
  );
  expect(await page.errors()).toEqual([]);
}
