import { expect, test } from '@playwright/test';
import jsqr from 'jsqr';
import sharp from 'sharp';
import { open, paths } from './support/site.ts';

// Each QR code on the download page, as drawn on screen, decodes to its store badge's link.
test('each QR code decodes to its badge link', async ({ page }) => {
  await open(page, paths.downloadApp);
  const codes = page.locator('.download__qr svg[data-store]');
  await expect(codes).toHaveCount(2);
  for (const code of await codes.all()) {
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
