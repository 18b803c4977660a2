import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expectNoAxeViolations } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';
import { languages, locales, open, paths, waitForApp } from './support/site.ts';
import { helpTexts, helpTextPattern } from './support/texts.ts';
import { localizedPath } from '../web/src/config/paths.ts';
import {
  helpPagesCache,
  helpPartsCache,
  networkTimeoutSeconds,
  serviceWorkerPath,
} from '../web/src/features/help/copy/help-copy-terms.ts';
import type { Page } from '@playwright/test';
import enKept from '../web/src/locales/en/help-copy.json' with { type: 'json' };
import itKept from '../web/src/locales/it/help-copy.json' with { type: 'json' };

const keptTexts = { en: enKept.helpCopy, it: itKept.helpCopy };

// The help centre after one visit, without a connection: the service worker keeps it (the
// pages in the visitor's language, the parts they load), a page shown from the copy says so,
// the search finds articles, and a network that never answers falls back to the copy in time.

const article = 'app-not-working';
const searched = 'app-version';
/** Words that find it, as a visitor types them. */
const query = { en: 'version number', it: 'versione app' } as const;

/** Waits until the help centre's copy is kept on this device (the page marks it, use-help-copy.ts). */
async function copyKept(page: Page) {
  await expect(page.locator('html')).toHaveAttribute('data-help-copy', /\d{4}-/, { timeout: 60_000 });
}

/** The addresses the copy holds, in both of its caches. */
const copied = (page: Page) =>
  page.evaluate<string[]>(
    `Promise.all(${JSON.stringify([helpPagesCache, helpPartsCache])}.map((name) => caches.open(name).then((cache) => cache.keys())))
      .then((lists) => lists.flat().map((request) => new URL(request.url).pathname))`,
  );

// The site's service worker runs in this file's tests (the other files block it).
test.use({ serviceWorkers: 'allow' });

for (const language of languages) {
  test.describe(`in ${language}`, () => {
    test.use({ locale: locales[language] });
    const texts = helpTexts[language];
    const offlineNote = helpTextPattern(texts.page.copyOffline);

    test(
      'after one visit, the help centre is read and searched without a connection',
      { tag: '@widths' },
      async ({ page, context }) => {
        test.setTimeout(120_000);
        await open(page, localizedPath(paths.help, language));
        await copyKept(page);
        // Pages and parts only: nothing of /api, nothing of another page.
        const help = localizedPath(paths.help, language);
        for (const path of await copied(page))
          expect(path).toMatch(new RegExp(`^(${help}(/|$)|/static/|/__help-copy$)`));

        await context.setOffline(true);
        await page.goto(localizedPath(`/help/${article}`, language));
        await expect(page.locator('main h1')).toHaveText(helpTextPattern(texts.articles[article].title));
        await expect(page.getByRole('status').filter({ hasText: offlineNote })).toBeVisible();
        await waitForApp(page);

        await page.goto(help);
        await waitForApp(page);
        await page.getByRole('searchbox').fill(query[language]);
        const result = page.locator('.help-search__results').getByRole('link', {
          name: helpTextPattern(texts.articles[searched].title),
        });
        await result.click();
        await expect(page.locator('main h1')).toHaveText(helpTextPattern(texts.articles[searched].title));
      },
    );

    test(
      'a network that never answers shows the copy within seconds',
      { tag: '@widths' },
      async ({ page, context }) => {
        test.setTimeout(90_000);
        await open(page, localizedPath(paths.help, language));
        await copyKept(page);
        const address = localizedPath(`/help/${article}`, language);
        await context.route(`**${address}`, () => undefined);
        const started = Date.now();
        await page.goto(address, { waitUntil: 'commit' });
        await expect(page.locator('main h1')).toHaveText(helpTextPattern(texts.articles[article].title));
        expect(Date.now() - started).toBeLessThan((networkTimeoutSeconds + 4) * 1000);
        await expect(page.getByRole('status').filter({ hasText: offlineNote })).toBeVisible();
      },
    );
  });
}

// The other language on request: an English reader keeps the Italian help centre too, and reads
// it without a connection. An Italian browser is served Italian at the English addresses
// (Hosting's i18n: its languages), so it is offered no copy of them: the copy would not be English.
test(
  'the other language is kept on request, and read from the copy without a connection',
  { tag: '@phone' },
  async ({ page, context }) => {
    test.setTimeout(120_000);
    await open(page, paths.help);
    await copyKept(page);
    const end = page.locator('.help-copy--kept');
    await expect(end).toContainText(keptTexts.en.copyKept.split('{{date}}')[0] ?? '');
    await end.getByRole('button', { name: keptTexts.en.keepOther.replace('{{language}}', 'Italian') }).click();
    await expect(end.getByRole('status')).toContainText(
      keptTexts.en.keptOther.replace('{{language}}', 'Italian').split('{{date}}')[0] ?? '',
      { timeout: 60_000 },
    );
    await expectNoAxeViolations(page);
    const italianHelp = localizedPath(paths.help, 'it');
    expect((await copied(page)).filter((path) => path.startsWith(`${italianHelp}/`)).length).toBeGreaterThan(10);
    await context.setOffline(true);
    await page.goto(localizedPath(`/help/${article}`, 'it'));
    await expect(page.locator('main h1')).toHaveText(helpTextPattern(helpTexts.it.articles[article].title));
    await context.setOffline(false);
  },
);

test.describe('in an Italian browser', () => {
  test.use({ locale: locales.it });
  test(
    'the English addresses are not offered: Hosting serves it Italian there',
    { tag: '@desktop' },
    async ({ page }) => {
      await open(page, localizedPath(paths.help, 'it'));
      await copyKept(page);
      const end = page.locator('.help-copy--kept');
      await expect(end).toContainText(keptTexts.it.copyKept.split('{{date}}')[0] ?? '');
      await expect(end.getByRole('button')).toHaveCount(0);
    },
  );
});

// A deploy while a help page is open: the Hosting emulator serves the site's files as they are
// on disk, so the worker's file is changed there, as a deploy changes it, and put back after.
// Once, in English: the offer's words are the only thing a language changes.
test(
  'a deploy while a help page is open: the page offers the new version and keeps what the visitor typed',
  { tag: '@desktop' },
  async ({ page }) => {
    test.setTimeout(120_000);
    const texts = helpTexts.en;
    await open(page, paths.help);
    await copyKept(page);
    await page.getByRole('searchbox').fill(query.en);
    const workerFile = join(import.meta.dirname, '..', 'web', 'dist', serviceWorkerPath.slice(1));
    const deployed = readFileSync(workerFile, 'utf8');
    writeFileSync(workerFile, `${deployed}\n// the next build\n`);
    try {
      await page.evaluate('navigator.serviceWorker.getRegistration().then((registration) => registration.update())');
      const offer = page.getByRole('status').filter({ hasText: texts.page.updateReady });
      await expect(offer).toBeVisible({ timeout: 30_000 });
      // Offered, never forced: the page stays, with what was typed.
      await expect(page.getByRole('searchbox')).toHaveValue(query.en);
      await offer.getByRole('button', { name: texts.page.update }).click();
      await expect(offer).toHaveCount(0);
      await waitForApp(page);
      const running = await page.evaluate<string>(
        'fetch(navigator.serviceWorker.controller.scriptURL).then((response) => response.text())',
      );
      expect(running).toContain('// the next build');
    } finally {
      writeFileSync(workerFile, deployed);
    }
  },
);
