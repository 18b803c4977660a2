// What the engines' checks do on the site's pages, over the driver's few operations.
import { expect } from 'vitest';
import { languageCookie, type Language } from '../../web/src/config/languages.ts';
import { hostingOrigin } from '../../tests/support/emulators.ts';
import { brokenImages, scrollThrough } from '../support/page-scripts.ts';
import type { EnginePage } from './drivers.ts';
import { headingText, hydrated, matches, waitFor } from './waiting.ts';

/** Opens a path and waits until its page is shown in `language` and the app runs. */
export async function open(page: EnginePage, path: string, language: Language, heading: string | RegExp) {
  await page.goto(`${hostingOrigin}${path}`);
  await waitFor(page, `document.querySelector('main h1')`, `${path} shows no heading`);
  const text = await page.evaluate<string>(headingText);
  expect(matches(text, heading), `${path}: heading "${text}"`).toBe(true);
  expect(await page.evaluate<string>('document.documentElement.lang')).toBe(language);
  await waitFor(page, hydrated, `${path}: the app did not start (no data-ready)`);
}

/** Saves the language choice as the site's language selector does (web/src/app/), or forgets it. */
export async function chooseLanguage(page: EnginePage, language: Language | undefined) {
  await page.goto(`${hostingOrigin}/robots.txt`);
  const value = language ?? '; max-age=0';
  await page.evaluate(`document.cookie = '${languageCookie}=${value}; path=/; SameSite=Lax'`);
}

export async function expectNoBrokenImageOrError(page: EnginePage, path: string) {
  let broken: string[];
  const deadline = Date.now() + 10_000;
  // Each pass brings every image on screen: a lazy image whose source the browser chose
  // again after a resize (a phone's width) loads only once it is seen after that choice,
  // which a busy engine may make after the pass before went by.
  do {
    await page.evaluate(scrollThrough);
    broken = await page.evaluate<string[]>(brokenImages);
  } while (broken.length > 0 && Date.now() < deadline);
  expect(broken, `${path}: images not shown`).toEqual([]);
  expect(await page.errors(), `${path}: errors on the page`).toEqual([]);
}

/**
 * Types a message into the Contact Us form shown, then waits for the help suggestions for its
 * subject (found or none): nothing moves under the next click.
 */
export async function typeMessage(page: EnginePage, email: string, subject: string, message: string) {
  await page.type('[name=email]', email);
  await page.type('[name=name]', 'Marco Rossi');
  await page.type('[name=subject]', subject);
  await page.type('[name=message]', message);
  await waitFor(
    page,
    `document.querySelector('.help-suggestions')?.dataset.searched === ${JSON.stringify(subject)}`,
    'the help suggestions did not settle',
  );
}

/** Sends the form and waits for the "Message sent" dialog; resolves to the reference it gives. */
export async function sendMessage(page: EnginePage): Promise<string> {
  await page.click('form button[type=submit]');
  await waitFor(page, `document.querySelector('dialog.dialog[open]')`, 'the "Message sent" dialog did not open');
  return page.evaluate<string>(
    `document.querySelector('dialog.dialog[open] .dialog__reference-code')?.textContent ?? ''`,
  );
}
