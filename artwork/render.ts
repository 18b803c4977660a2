// Rendering HTML/SVG to PNG with the system's Chromium, and encoding to AVIF and WebP with sharp.
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';
import sharp from 'sharp';

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(chromiumPath)) {
    throw new Error(
      `Chromium is needed and ${chromiumPath} does not exist: install it (Debian: apt-get install chromium) or set CHROMIUM_PATH.`,
    );
  }
  return chromium.launch({
    executablePath: chromiumPath,
    // Same text rasterisation whatever the host's font settings say.
    args: [
      '--font-render-hinting=none',
      '--disable-lcd-text',
      '--force-color-profile=srgb',
      '--disable-gpu',
      '--disable-partial-raster',
      '--disable-checker-imaging',
      '--num-raster-threads=1',
    ],
  });
}

export interface RenderOptions {
  width: number;
  height: number;
  scale: number;
  transparent?: boolean;
}

/**
 * Renders a full HTML document at width × height CSS pixels, `scale` device pixels each. Each
 * render has a browser of its own: caches shared between pages (glyphs, raster) can otherwise
 * change a few pixels from run to run.
 */
export async function renderHtml(html: string, options: RenderOptions): Promise<Buffer> {
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage({
      viewport: { width: options.width, height: options.height },
      deviceScaleFactor: options.scale,
    });
    await page.setContent(html, { waitUntil: 'load' });
    await page.evaluate('document.fonts.ready.then(() => true)');
    // let layout, paint and raster settle (a loaded machine otherwise shows in a few pixels)
    await page.evaluate('new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done(true))))');
    await page.waitForTimeout(300);
    // Chromium may still be finishing some tiles (filters, large SVGs) at the first screenshot:
    // take them until two in a row are the same.
    const shoot = () =>
      page.screenshot({ type: 'png', omitBackground: options.transparent === true, animations: 'disabled' });
    let previous = await shoot();
    for (let attempt = 0; attempt < 6; attempt++) {
      const next = await shoot();
      if (next.equals(previous)) return next;
      previous = next;
    }
    return previous;
  } finally {
    await browser.close();
  }
}

/** An SVG picture as a page of exactly its size. */
export function svgPage(svg: string, width: number, height: number): string {
  return `<!doctype html><html><head><meta charset="utf-8"><style>html,body{margin:0;padding:0;width:${width}px;height:${height}px;overflow:hidden;background:#000}svg{display:block}</style></head><body>${svg}</body></html>`;
}

export type Format = 'avif' | 'webp';
export const formats: readonly Format[] = ['avif', 'webp'];

export interface Quality {
  avif: number;
  webp: number;
}

/** Scales a PNG down to `width` (keeping its aspect) and encodes it. */
export async function encode(
  png: Buffer,
  width: number,
  height: number,
  format: Format,
  quality: Quality,
): Promise<Buffer> {
  const image = sharp(png).resize(width, height, { kernel: 'lanczos3', fit: 'fill' });
  return format === 'avif'
    ? image.avif({ quality: quality.avif, effort: 4, chromaSubsampling: '4:2:0' }).toBuffer()
    : image.webp({ quality: quality.webp, alphaQuality: 90, effort: 6, smartSubsample: true }).toBuffer();
}
