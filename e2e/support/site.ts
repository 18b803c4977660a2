import { expect, type Locator, type Page } from '@playwright/test';
import { appAdsPath, paths, type RouteName } from '../../web/src/config/paths.ts';
import { everyPath } from '../../web/src/config/site-pages.ts';
import { languages } from '../../web/src/config/languages.ts';
import { headings, untranslatedKey, type Language } from './texts.ts';

export { appAdsPath, headings, languages, paths };
export type { Language };

/** The browser locale that makes the site pick a language on a first visit. */
export const locales: Record<Language, string> = { en: 'en-GB', it: 'it-IT' };

export const routeNames = Object.keys(everyPath) as RouteName[];

/** The labels of the contact form's fields and buttons. */
export const contactTexts: Record<
  Language,
  {
    email: string;
    name: string;
    subject: string;
    message: string;
    platform: string;
    version: string;
    send: string;
    sent: string;
    reference: string;
    failed: string;
  }
> = {
  en: {
    email: 'Your email',
    name: 'Your name',
    subject: 'Subject',
    message: 'Comment or message',
    platform: 'Device',
    version: 'App version',
    send: 'Send message',
    sent: 'Message sent',
    reference: 'Your reference:',
    failed: 'Your message was not sent.',
  },
  it: {
    email: 'La tua email',
    name: 'Il tuo nome',
    subject: 'Oggetto',
    message: 'Commento o messaggio',
    platform: 'Dispositivo',
    version: "Versione dell'app",
    send: 'Invia messaggio',
    sent: 'Messaggio inviato',
    reference: 'Il tuo riferimento:',
    failed: 'Il messaggio non è stato inviato.',
  },
};

/**
 * For a check whose language changes only its words and whose project only its layout: the
 * project tag that runs it in `language`, so that over both languages it runs once in each
 * project (`first` for the first language, the other project for the second). Two such checks
 * given opposite `first`s cover every language and project pair between them.
 */
export function projectFor(language: Language, first: '@desktop' | '@phone'): '@desktop' | '@phone' {
  return language === languages[0] ? first : first === '@desktop' ? '@phone' : '@desktop';
}

/** The Contact Us form's picture control, typed out on purpose. */
export const pictureTexts: Record<
  Language,
  {
    add: string;
    replace: string;
    ready: string;
    preview: string;
    notPicture: RegExp;
    notRead: RegExp;
    damaged: RegExp;
    remove: string;
  }
> = {
  en: {
    add: 'Add a screenshot or photo',
    replace: 'Choose another picture',
    ready: 'Ready to send, without location or camera details.',
    preview: 'The picture that will be sent with your message',
    notPicture: /This file is not a picture\./,
    notRead: /This file could not be read: .* Choose it again\./,
    damaged: /may be damaged/,
    remove: 'Remove the picture',
  },
  it: {
    add: 'Aggiungi uno screenshot o una foto',
    replace: "Scegli un'altra immagine",
    ready: "Pronta per l'invio, senza posizione né dati della fotocamera.",
    preview: "L'immagine che verrà inviata con il tuo messaggio",
    notPicture: /Questo file non è un'immagine\./,
    notRead: /Non è stato possibile leggere questo file: .* Sceglilo di nuovo\./,
    damaged: /danneggiata/,
    remove: "Rimuovi l'immagine",
  },
};

/**
 * Waits until the app has started on the page (`<html data-ready>`): prerendered pages show
 * their content before that, but their controls work only once it has. With a paused page
 * clock, frames and timers move only when the test moves the clock, so it is moved a frame at
 * a time until the app is up (a few frames: the app starts after the first paint).
 */
export async function waitForApp(page: Page, { pausedClock = false } = {}) {
  const html = page.locator('html');
  for (let frame = 0; pausedClock && frame < 200 && (await html.getAttribute('data-ready')) === null; frame++) {
    await page.clock.runFor(16);
  }
  await expect(html).toHaveAttribute('data-ready', '');
}

/**
 * Brings a part of the page that hydrates when it nears the screen (the home page's slideshow,
 * every page's footer: components/hydrate-when-near.tsx) into view, as a visitor scrolling to it
 * does, and waits until it has hydrated (its wrapper's `data-hydrated`).
 */
export async function reachPart(page: Page, part: Locator, { pausedClock = false } = {}) {
  await part.scrollIntoViewIfNeeded();
  const wrapper = page.locator('.later-part').filter({ has: part });
  for (let frame = 0; pausedClock && frame < 200 && (await wrapper.getAttribute('data-hydrated')) === null; frame++) {
    await page.clock.runFor(16);
  }
  await expect(wrapper).toHaveAttribute('data-hydrated', '');
}

/** Opens a path, waits until its page (not the loading placeholder) is shown and the app runs. */
export async function open(page: Page, path: string, options: { pausedClock?: boolean } = {}) {
  await page.goto(path);
  await expect(page.locator('main h1')).toBeVisible();
  await waitForApp(page, options);
}

/**
 * Waits until the Contact Us page's help suggestions show their answers for `subject`, found
 * or none (they come a moment after the last key and push what is below them down): after
 * this, nothing moves under the next click.
 */
export async function suggestionsSettled(page: Page, subject: string) {
  await expect(page.locator('.help-suggestions')).toHaveAttribute('data-searched', subject.trim());
}

/** The page shows no translation key in place of a text. */
export async function expectNoUntranslatedKeys(page: Page) {
  const text = await page.locator('body').innerText();
  expect(text).not.toMatch(untranslatedKey);
}
