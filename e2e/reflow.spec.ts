import type { Page } from '@playwright/test';
import { localizedPath } from '../web/src/config/paths.ts';
import { everyPath } from '../web/src/config/site-pages.ts';
import { expect, test } from './support/fixtures.ts';
import { browserRouteNames } from './support/addresses.ts';
import { languages, locales, waitForApp } from './support/site.ts';

// WCAG 2.2 SC 1.4.10 Reflow: at 320 CSS px wide nothing scrolls sideways and nothing is cut
// off at the sides. Every template in both languages (support/addresses.ts), with everything
// it loads lower down.
//
// 320 px is how wide a 1280 px desktop window is at 400 % zoom, which is what the criterion
// describes, so this runs in the desktop project (@desktop) with a narrow window: the phone
// project's mobile emulation lets Chromium widen the fixed nav bar to an overflowing page
// (hiding the very overflow looked for), and its coarse pointer hides the QR codes that a
// zoomed desktop lays out.

type Outside = { element: string; left: number; right: number };
type Measured = { scrollWidth: number; clientWidth: number; outside: Outside[] };

// A string, not a function: the root's TypeScript has no DOM types. A box counts as far as
// its ancestors show it: a carousel strip or a scroll box clips what it holds (the thumbnails
// waiting their turn), and a fixed bar is measured too, although it never widens the page.
// A box moved wholly out of view to the left (the contact form's trap for bots) is hidden on
// purpose: no one can scroll to it and it widens nothing. Only the outermost box sticking out
// is named, not each of its parts.
const measure = `(() => {
  const root = document.documentElement;
  const outside = [];
  const named = [];
  for (const element of document.body.querySelectorAll('*')) {
    const box = element.getBoundingClientRect();
    if (box.width === 0 || box.height === 0 || box.right <= 0) continue;
    if (named.some((outer) => outer.contains(element))) continue;
    let left = box.left;
    let right = box.right;
    for (let parent = element.parentElement; parent && parent !== root; parent = parent.parentElement) {
      if (getComputedStyle(parent).overflowX === 'visible') continue;
      const clip = parent.getBoundingClientRect();
      left = Math.max(left, clip.left);
      right = Math.min(right, clip.right);
    }
    if (right <= left) continue;
    if (left < -0.5 || right > root.clientWidth + 0.5) {
      named.push(element);
      const classes = typeof element.className === 'string' ? element.className.trim() : '';
      outside.push({
        element: element.localName + (classes ? '.' + classes.split(/\\s+/).join('.') : ''),
        left: Math.round(box.left),
        right: Math.round(box.right),
      });
    }
  }
  return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth, outside };
})()`;

/** Loads what the page has further down, then measures it at the top (the nav bar as first seen). */
async function measureReflow(page: Page): Promise<Measured> {
  await page.evaluate('window.scrollTo(0, document.body.scrollHeight)');
  await page.waitForLoadState('networkidle');
  await page.evaluate('window.scrollTo(0, 0)');
  return page.evaluate<Measured>(measure);
}

async function expectReflow(page: Page) {
  const { scrollWidth, clientWidth, outside } = await measureReflow(page);
  const boxes = outside.map(({ element, left, right }) => `${element} from ${left} to ${right} px`);
  expect
    .soft(
      scrollWidth,
      `the page is ${scrollWidth - clientWidth} px wider than the screen; sticking out:\n  ${boxes.join('\n  ')}`,
    )
    .toBeLessThanOrEqual(clientWidth);
  expect(boxes, `elements sticking out of the ${clientWidth} px screen`).toEqual([]);
}

test.describe('reflow at 320 px', { tag: '@desktop' }, () => {
  test.use({ viewport: { width: 320, height: 640 } });

  for (const language of languages) {
    test.describe(`in ${language}`, () => {
      test.use({ locale: locales[language] });

      for (const name of browserRouteNames()) {
        const path = localizedPath(everyPath[name], language);
        test(`${path} fits the width`, async ({ reusedPage: page }) => {
          const response = await page.goto(path);
          expect(response?.status()).toBe(200);
          await expect(page.locator('main h1')).toBeVisible();
          await waitForApp(page);
          await expectReflow(page);
        });
      }

      const unknown = language === 'en' ? '/no/such/page' : '/it/no/such/page';
      test(`the not-found page (${unknown}) fits the width`, async ({ reusedPage: page }) => {
        const response = await page.goto(unknown);
        expect(response?.status()).toBe(404);
        await expect(page.locator('main h1')).toBeVisible();
        await waitForApp(page);
        await expectReflow(page);
      });
    });
  }
});
