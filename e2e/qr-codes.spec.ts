import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import jsqr from 'jsqr';
import sharp from 'sharp';
import { open, paths, reachPart } from './support/site.ts';

type Store = 'googlePlay' | 'appStore';

/** The stores of a list of badges, in the order shown. */
async function storesIn(page: Page, badges: string): Promise<Array<string | null>> {
  const links = await page.locator(badges).all();
  return Promise.all(links.map((link) => link.getAttribute('data-store')));
}

/** The download page's entries, the home banner and the footer all show `order`. */
async function expectStoreOrder(page: Page, order: Store[]) {
  // The page is prerendered in the specification's order: the device's store moves first just
  // after hydration, so wait for it rather than read once.
  await expect.poll(() => storesIn(page, '.download__entry a.store-badge')).toEqual(order);
  // The footer hydrates as it nears the screen (components/hydrate-when-near.tsx).
  await reachPart(page, page.locator('footer'));
  await expect.poll(() => storesIn(page, '.footer a.store-badge')).toEqual(order);
}

// Each QR code on the download page, as drawn on screen, decodes to its store badge's link.
test('each QR code decodes to its badge link, in the specification order', { tag: '@desktop' }, async ({ page }) => {
  await open(page, paths.downloadApp);
  await expectStoreOrder(page, ['googlePlay', 'appStore']);
  const codes = page.locator('.download__qr svg[data-store]');
  await expect(codes).toHaveCount(2);
  for (const code of await codes.all()) {
    await expect(code).toBeVisible();
    const store = await code.getAttribute('data-store');
    const badge = page.locator(`.download__entry a.store-badge[data-store="${store ?? ''}"]`);
    const href = await badge.getAttribute('href');
    expect(href).toMatch(/^https:\/\//);
    const png = await code.screenshot();
    const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    // jsqr is CommonJS: its function is the module's `default` (and the module itself at run time).
    const decoded = jsqr.default(
      new Uint8ClampedArray(data.buffer, data.byteOffset, data.length),
      info.width,
      info.height,
    );
    expect(decoded?.data, `the ${store ?? ''} QR code`).toBe(href);
  }
});

// The phone project is a 390 × 844 touch screen; the user agent says which phone it is.
const phones: Array<{ device: string; userAgent: string; order: Store[] }> = [
  {
    device: 'an Android phone',
    userAgent:
      'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
    order: ['googlePlay', 'appStore'],
  },
  {
    device: 'an iPhone',
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
    order: ['appStore', 'googlePlay'],
  },
];

for (const { device, userAgent, order } of phones) {
  test.describe(`on ${device}`, { tag: '@phone' }, () => {
    test.use({ userAgent });

    test(`${order[0] ?? ''} comes first and no QR code is shown`, async ({ page }) => {
      await open(page, paths.downloadApp);
      await expectStoreOrder(page, order);
      // Still in the page (the same HTML for everyone), but not shown: a phone cannot scan its own screen.
      const codes = page.locator('.download__qr svg[data-store]');
      await expect(codes).toHaveCount(2);
      for (const code of await codes.all()) await expect(code).toBeHidden();
      for (const or of await page.locator('.download__or').all()) await expect(or).toBeHidden();
      await expect(page.locator('.download__entry a.store-badge').first()).toBeVisible();

      await open(page, paths.home);
      await expect.poll(() => storesIn(page, '.home-banner a.store-badge')).toEqual(order);
    });
  });
}

// A tablet is a touch screen too, but a phone can scan the codes on it.
test.describe('on an iPad asking for desktop sites', { tag: '@phone' }, () => {
  test.use({
    viewport: { width: 820, height: 1180 },
    userAgent:
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
  });

  test('the App Store comes first and the QR codes stay', async ({ page }) => {
    // An iPad reports 5 touch points; Chromium's touch emulation reports 1, as some Windows
    // laptops do. A Mac reports 0.
    await page.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, 'maxTouchPoints', { get: () => 5 });
    });
    await open(page, paths.downloadApp);
    await expectStoreOrder(page, ['appStore', 'googlePlay']);
    for (const code of await page.locator('.download__qr svg[data-store]').all()) await expect(code).toBeVisible();
  });
});
