import { join } from 'node:path';
import { expect, it } from 'vitest';
import { paths } from '../../../web/src/config/paths.ts';
import { siteStorage } from '../../../web/src/config/storage.ts';
import { hostingOrigin } from '../../../tests/support/emulators.ts';
import { helpTexts, headings } from '../../support/texts.ts';
import enContact from '../../../web/src/locales/en/contact.json' with { type: 'json' };
import type { EngineSession } from '../session.ts';
import { open, typeMessage } from '../steps.ts';
import { switchableOrigin } from '../switchable-origin.ts';
import { emailWhere, hydrated, waitFor } from '../waiting.ts';

/** Without a connection: the help centre read from its copy, a message kept on the phone and sent once. */
export function offlineChecks(session: EngineSession): void {
  it(
    'the help centre, once visited, is read and searched from its copy when the network is cut',
    () => readsHelpOffline(session),
    120_000,
  );
  it(
    'a message sent while the database cannot be reached is kept on the phone, then received once',
    () => keepsAMessage(session),
    90_000,
  );
}

const article = 'app-not-working';
const databases = `indexedDB.databases().then((list) => list.map((database) => database.name))`;

async function readsHelpOffline({ page, engine, screenshots }: EngineSession) {
  const site = await switchableOrigin(hostingOrigin);
  try {
    await page.goto(`${site.origin}${paths.help}`);
    await waitFor(page, hydrated, 'the help centre did not start');
    expect(await page.evaluate<boolean>(`'serviceWorker' in navigator`), `${engine} runs no service worker`).toBe(true);
    await waitFor(page, `document.documentElement.dataset.helpCopy`, 'the help centre was not copied', 60_000);
    site.cut();
    // Another page of the help centre, never opened: from the copy, saying so.
    await page.goto(`${site.origin}${paths.help}/${article}`);
    const title = helpTexts.en.articles[article].title;
    await waitFor(page, `document.querySelector('main h1')?.textContent === ${JSON.stringify(title)}`, 'no article');
    await waitFor(page, hydrated, 'the article from the copy did not start');
    await waitFor(
      page,
      `document.documentElement.hasAttribute('data-offline-copy')`,
      'the page does not say it is a copy',
    );
    await page.screenshot(join(screenshots, 'help-offline.png'));
    // The search, from the copy too.
    await page.goto(`${site.origin}${paths.help}`);
    await waitFor(page, hydrated, 'the help centre from the copy did not start');
    await page.type('input[type=search]', 'version number');
    await waitFor(page, `document.querySelector('.help-search__results a')`, 'the search found nothing offline');
    expect(await page.errors()).toEqual([]);
  } finally {
    await site.close();
  }
}

async function keepsAMessage({ page, engine, screenshots }: EngineSession) {
  const subject = `${engine} kept ${Date.now().toString(36)}`;
  // A form the checks before left typed in (the tab's draft) would be filled in again.
  await page.goto(`${hostingOrigin}/robots.txt`);
  await page.evaluate(`sessionStorage.removeItem(${JSON.stringify(siteStorage.contactDraft.name)})`);
  await open(page, paths.support, 'en', headings.support.en);
  await typeMessage(page, `${engine}-kept@example.com`, subject, `Kept by ${page.version}.`);
  // The database cannot be reached: the page's writes to it fail as they do without a
  // connection (the drivers cannot take an engine offline, and Firestore's address is the
  // build's); everything else is the engine's own: IndexedDB, its list, Web Locks.
  await page.evaluate(`(() => {
    const real = window.fetch;
    window.realFetch = real;
    window.fetch = (input, init) =>
      String(input.url ?? input).includes(':commit') ? Promise.reject(new TypeError('Network error')) : real(input, init);
  })()`);
  await page.click('form button[type=submit]');
  await waitFor(
    page,
    `document.querySelector('dialog.dialog[open] h2')?.textContent === ${JSON.stringify(enContact.support.saved.title)}`,
    'the "Saved on this phone" dialog did not open',
  );
  expect(await page.evaluate<string[]>(databases)).toEqual([siteStorage.contactOutbox.name]);
  await page.screenshot(join(screenshots, 'contact-saved.png'));
  await page.click('dialog.dialog[open] button');
  await waitFor(page, `document.querySelector('.outbox-notes [data-state=saved]')`, 'the saved message is not shown');
  await page.evaluate(`(() => { window.fetch = window.realFetch; window.dispatchEvent(new Event('online')); })()`);
  await waitFor(
    page,
    `document.querySelector('.outbox-notes [data-state=received]')`,
    'the message was not sent',
    30_000,
  );
  const mail = await emailWhere(`with the subject ${subject}`, (received) => received.subject.endsWith(subject));
  const shown = await page.evaluate<string>(
    `document.querySelector('.outbox-notes [data-state=received]').textContent`,
  );
  expect(shown).toContain(/^\[(\S+)\]/.exec(mail.subject)?.[1] ?? 'no reference');
  await page.screenshot(join(screenshots, 'contact-received.png'));
  expect(await page.evaluate<string[]>(databases)).toEqual([]);
  expect(await page.errors()).toEqual([]);
}
