import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';
import { keepScreenshot } from './support/screenshots.ts';
import { brokenImages, scrollThrough } from './support/page-scripts.ts';
import { clean, watchPolicies } from './support/policies.ts';
import { recordViolations } from './support/policy-violations.ts';
import { expectReflows } from './support/reflow.ts';
import { site } from '../web/src/config/site.ts';
import { localizedPath } from '../web/src/config/paths.ts';
import { everyPath } from '../web/src/config/site-pages.ts';
import { browserRouteNames } from './support/addresses.ts';
import { contactLine, legalLine, screenshotName } from './support/texts.ts';
import { appAdsPath, expectNoUntranslatedKeys, headings, languages, locales, waitForApp } from './support/site.ts';

// Every page template in both languages, and the day's sample of the pages that share one
// (support/addresses.ts), at its own address (`/features`, `/it/features`), opened once at each
// width, where the layout, the images loaded and the parts that hydrate differ. In that one
// visit the page shows its heading in its language with the operator's footer lines; the app
// starts; axe-core finds no WCAG A/AA violation; every image it draws loads (lazy ones once
// scrolled to); nothing trips the Content-Security-Policy or the Permissions-Policy, recorded
// from before the first byte is parsed until the network is idle after the scroll
// (support/policies.ts); a screenshot is kept for people to look at
// (e2e-screenshots/<project>/<language>-<route>.jpg, ignored by git); and at the desktop width,
// narrowed to 320 px as a visitor zooming to 400 % does, nothing sticks out (support/reflow.ts). What each address says on
// its own (head, links, valid HTML, headers, the language negotiated at a plain address) is
// checked for every address without a browser (tests/emulators/seo.test.ts, hosting.test.ts,
// headers.test.ts, the HTML check).
const screenshots = join(import.meta.dirname, '..', 'e2e-screenshots');

/** Scrolls through the page and back (lazy images load), then waits until the network is idle. */
async function scrollAndSettle(page: Page) {
  await page.evaluate(scrollThrough);
  await expect.poll(() => page.evaluate<string[]>(brokenImages)).toEqual([]);
  await page.waitForLoadState('networkidle');
}

for (const language of languages) {
  test.describe(`in ${language}`, { tag: '@widths' }, () => {
    test.use({ locale: locales[language], initScript: recordViolations });

    for (const name of browserRouteNames()) {
      const path = localizedPath(everyPath[name], language);
      test(`${path} shows its page with every image, axe-clean, within its policies, reflowing on a desktop`, async ({
        reusedPage: page,
      }, testInfo) => {
        const recorded = watchPolicies(page);
        const response = await page.goto(path);
        expect(response?.status()).toBe(200);
        await expect(page.locator('html')).toHaveAttribute('lang', language);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(headings[name][language]);
        await waitForApp(page);
        await expectNoUntranslatedKeys(page);
        const footer = page.getByRole('contentinfo');
        await expect(footer).toContainText(site.operatorName);
        await expect(footer).toContainText(legalLine[language]);
        await expect(footer).toContainText(contactLine[language]);
        await expectNoAxeViolations(page);

        await scrollAndSettle(page);
        expect(await recorded()).toEqual(clean);
        // JPEG: Chromium encodes a long page in less than half the time of a PNG.
        await keepScreenshot(page, join(screenshots, testInfo.project.name, `${screenshotName(language, name)}.jpg`), {
          fullPage: true,
          animations: 'disabled',
          quality: 85,
        });
        if (!testInfo.project.use.isMobile) await expectReflows(page);
      });
    }

    const unknown = language === 'en' ? '/no/such/page' : '/it/no/such/page';
    test(`an unknown path (${unknown}) shows the not-found page, axe-clean, within its policies, reflowing on a desktop`, async ({
      reusedPage: page,
    }, testInfo) => {
      const recorded = watchPolicies(page);
      const response = await page.goto(unknown);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(headings.notFound[language]);
      await waitForApp(page);
      await expectNoUntranslatedKeys(page);
      await expect(page.getByRole('contentinfo')).toContainText(legalLine[language]);
      await expectNoAxeViolations(page);
      await scrollAndSettle(page);
      expect(await recorded()).toEqual(clean);
      if (!testInfo.project.use.isMobile) await expectReflows(page);
    });
  });
}

for (const language of languages) {
  test.describe(`in ${language}`, { tag: '@desktop' }, () => {
    test.use({ locale: locales[language] });
    // The router gives every address shaped like an article's to the article page's part, which
    // knows the articles: one that names none starts as the not-found page Hosting served.
    const unknownArticle = `${localizedPath(everyPath.help, language)}/no-such-article`;
    test(`an article address that names none (${unknownArticle}) answers 404 and starts as the not-found page`, async ({
      reusedPage: page,
    }) => {
      const response = await page.goto(unknownArticle);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(headings.notFound[language]);
      await waitForApp(page);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(headings.notFound[language]);
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    });
  });
}

test(`${appAdsPath} is the plain-text file`, { tag: '@desktop' }, async ({ page }) => {
  const response = await page.goto(appAdsPath);
  expect(response?.status()).toBe(200);
  expect(response?.headers()['content-type']).toMatch(/^text\/plain/);
  await expect(page.locator('#root')).toHaveCount(0);
  expect((await response?.text())?.trim()).not.toBe('');
});
