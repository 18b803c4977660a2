import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { siteNoticePath, type SiteNotice } from '../functions/src/contracts/site-notice.ts';
import { localizedPath } from '../web/src/config/paths.ts';
import { everyPath } from '../web/src/config/site-pages.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';
import { keepScreenshot } from './support/screenshots.ts';
import { languages, locales, open, paths, projectFor } from './support/site.ts';

// The known problem on the pages, with the notice's read answered by the test (the emulator
// suite runs the operator's command and the real read: tests/emulators/site-notice.test.ts;
// setting a real notice here would show it to every other test running beside this one).

/** The heading above a notice, as the site's texts word it. */
const heading = (language: string): string =>
  (
    JSON.parse(
      readFileSync(join(import.meta.dirname, '..', 'web', 'src', 'locales', language, 'common.json'), 'utf8'),
    ) as {
      knownProblem: { heading: string };
    }
  ).knownProblem.heading;
const notice: SiteNotice = {
  id: 'Q2x9LmTz81KpRw3vBn0c',
  text: {
    en: 'Sign-in <b>fails</b> on Android 15 since 9:00 & a fix is on its way.',
    it: "L'accesso <b>non riesce</b> su Android 15 dalle 9:00 e la correzione è in arrivo.",
  },
  since: '2026-01-01T00:00:00.000Z',
  until: null,
  help: 'app-not-working',
  state: 'investigating',
  updates: [],
  part: null,
  articles: ['app-not-working'],
};

/** Answers the page's read of the notice; resolves once per read with the count so far. */
async function answerNotice(page: Page, body: { notice: SiteNotice | null }) {
  const reads: string[] = [];
  await page.route(`**${siteNoticePath}`, async (route) => {
    reads.push(route.request().url());
    await route.fulfill({ json: body, headers: { 'Cache-Control': 'no-store' } });
  });
  return reads;
}

for (const language of languages) {
  test.describe(`in ${language}`, () => {
    test.use({ locale: locales[language] });

    test(
      'a known problem shows above the form, on the help centre and on its article, as text, axe-clean',
      { tag: projectFor(language, '@phone') },
      async ({ page }, testInfo) => {
        await answerNotice(page, { notice });
        for (const path of [paths.support, paths.help, everyPath['help/app-not-working']]) {
          await open(page, localizedPath(path, language));
          const box = page.locator('.known-problem');
          await expect(box.getByRole('heading', { name: heading(language) })).toBeVisible();
          // The operator's markup is shown as typed, never as markup.
          await expect(box.locator('p')).toHaveText(notice.text[language] ?? '');
          await expect(box.locator('b')).toHaveCount(0);
          await expect(box).toHaveAttribute('aria-live', 'polite');
          await expectNoAxeViolations(page);
        }
        // The form stays usable below it.
        await open(page, localizedPath(paths.support, language));
        await expect(page.locator('.known-problem__box')).toBeVisible();
        await keepScreenshot(page, `e2e-screenshots/known-problem-${language}-${testInfo.project.name}.png`);
        await expect(page.locator('form').getByRole('textbox').first()).toBeEditable();
      },
    );

    // Whether anything shifts depends on the layout: both widths.
    test(
      'an article the notice does not name, and a page without a notice, show nothing and shift nothing',
      { tag: '@widths' },
      async ({ page }) => {
        const named = await answerNotice(page, { notice });
        await open(page, localizedPath(everyPath['help/reset-password'], language));
        await expect.poll(() => named.length).toBeGreaterThan(0);
        await page.waitForTimeout(200);
        await expect(page.locator('.known-problem')).toBeEmpty();
        await page.unrouteAll({ behavior: 'wait' });

        const none = await answerNotice(page, { notice: null });
        await open(page, localizedPath(paths.support, language));
        const form = page.locator('form').first();
        const before = await form.boundingBox();
        await expect.poll(() => none.length).toBeGreaterThan(0);
        await page.waitForTimeout(200);
        await expect(page.locator('.known-problem')).toBeEmpty();
        expect(await form.boundingBox()).toEqual(before);
        // Chromium's own count of layout shifts since the page began: none.
        const shifts = await page.evaluate(
          () =>
            new Promise<number>((resolve) => {
              new PerformanceObserver((list) => {
                resolve(list.getEntries().length);
              }).observe({ type: 'layout-shift', buffered: true } as unknown as { type: 'mark'; buffered: boolean });
              setTimeout(() => {
                resolve(0);
              }, 500);
            }),
        );
        expect(shifts).toBe(0);
      },
    );
  });
}
