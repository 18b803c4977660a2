import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from './support/fixtures.ts';
import { brokenImages, scrollThrough } from './support/page-scripts.ts';
import { site } from '../web/src/config/site.ts';
import { browserRouteNames } from './support/addresses.ts';
import { contactLine, legalLine, screenshotName } from './support/texts.ts';
import {
  appAdsPath,
  expectNoUntranslatedKeys,
  headings,
  languages,
  locales,
  open,
  paths,
  projectFor,
} from './support/site.ts';

// Every template in both languages (support/addresses.ts) shows its page in the browser, with
// the operator's legal line in the footer and every image; a screenshot of each is kept for
// people to look at
// (e2e-screenshots/<project>/<language>-<route>.jpg, ignored by git).
const screenshots = join(import.meta.dirname, '..', 'e2e-screenshots');

for (const language of languages) {
  test.describe(`in ${language}`, () => {
    test.use({ locale: locales[language] });

    for (const name of browserRouteNames()) {
      // A screenshot at each width: the layouts differ.
      test(`${paths[name]} shows its page`, { tag: '@widths' }, async ({ reusedPage: page }, testInfo) => {
        await open(page, paths[name]);
        await expect(page.locator('html')).toHaveAttribute('lang', language);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(headings[name][language]);
        await expectNoUntranslatedKeys(page);
        await expect(page.getByRole('contentinfo')).toContainText(site.operatorName);
        await expect(page.getByRole('contentinfo')).toContainText(legalLine[language]);
        await expect(page.getByRole('contentinfo')).toContainText(contactLine[language]);
        // Every image drawn is shown (lazy ones once scrolled to), so the screenshot is the page.
        await page.evaluate(scrollThrough);
        await expect.poll(() => page.evaluate<string[]>(brokenImages)).toEqual([]);
        const folder = join(screenshots, testInfo.project.name);
        mkdirSync(folder, { recursive: true });
        // JPEG: Chromium encodes a long page in less than half the time of a PNG.
        await page.screenshot({
          path: join(folder, `${screenshotName(language, name)}.jpg`),
          fullPage: true,
          animations: 'disabled',
          quality: 85,
        });
      });
    }

    test(
      'an unknown path shows the not-found page',
      { tag: projectFor(language, '@phone') },
      async ({ reusedPage: page }) => {
        const response = await page.goto('/no/such/page');
        expect(response?.status()).toBe(404);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(headings.notFound[language]);
        await expectNoUntranslatedKeys(page);
        await expect(page.getByRole('contentinfo')).toContainText(legalLine[language]);
      },
    );
  });
}

test(`${appAdsPath} is the plain-text file`, { tag: '@desktop' }, async ({ page }) => {
  const response = await page.goto(appAdsPath);
  expect(response?.status()).toBe(200);
  expect(response?.headers()['content-type']).toMatch(/^text\/plain/);
  await expect(page.locator('#root')).toHaveCount(0);
  expect((await response?.text())?.trim()).not.toBe('');
});
