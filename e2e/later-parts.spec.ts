import { readChunks } from '../tests/budgets/bundle.ts';
import { expect, test } from './support/fixtures.ts';
import { open, paths, reachPart } from './support/site.ts';

// The parts of a page below its first screen that hydrate when they near it (the home page's
// screenshot slideshow, every page's footer: components/hydrate-when-near.tsx): their code comes
// only then, and a tap that comes before it is not lost.

/** The script files holding a module of the site whose path contains `needle` (the built site's chunk list). */
function filesHolding(needle: string): string[] {
  return readChunks()
    .filter((chunk) => chunk.modules.some((module) => module.includes(needle)))
    .map((chunk) => `/${chunk.file}`);
}
const slideshowFiles = filesHolding('src/components/home/screenshot-slideshow.tsx');
const footerFiles = filesHolding('src/components/layout/footer.tsx');
const activeSlide = '.slideshow__carousel .slide--active';

test(
  'taps on the slideshow’s arrow before its code arrives still move it',
  { tag: '@widths' },
  async ({ page, isMobile }) => {
    expect(slideshowFiles).toHaveLength(1);
    // The slideshow's script part is held back until the tap has been made.
    let release = () => {};
    const tapped = new Promise<undefined>((resolve) => {
      release = () => {
        resolve(undefined);
      };
    });
    let asked = false;
    await page.route(
      (url) => slideshowFiles.includes(url.pathname),
      async (route) => {
        asked = true;
        await tapped;
        await route.continue();
      },
    );
    await open(page, paths.home);
    const next = page.locator('.slideshow__carousel .carousel-arrow').last();
    await next.scrollIntoViewIfNeeded();
    await expect.poll(() => asked, { message: 'the slideshow’s code was not asked for when it came near' }).toBe(true);
    // Two taps: on its own the slideshow would take 10 s to move two steps.
    for (let tap = 0; tap < 2; tap++) await (isMobile ? next.tap() : next.click());
    await expect(page.locator(activeSlide)).toHaveAttribute('data-slide', '01');
    release();
    await expect(page.locator('.later-part').filter({ has: next })).toHaveAttribute('data-hydrated', '');
    await expect(page.locator(activeSlide)).toHaveAttribute('data-slide', '03', { timeout: 4_000 });
  },
);

test(
  'a phone that never scrolls downloads none of the slideshow’s or the footer’s code',
  { tag: '@phone' },
  async ({ page }) => {
    expect(footerFiles).toHaveLength(1);
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    await open(page, paths.home);
    await page.waitForLoadState('networkidle');
    expect(requested.filter((path) => slideshowFiles.includes(path))).toEqual([]);
    expect(requested.filter((path) => footerFiles.includes(path))).toEqual([]);
    // Reached, each comes and hydrates.
    await reachPart(page, page.locator('.slideshow__carousel'));
    expect(requested.filter((path) => slideshowFiles.includes(path))).toEqual(slideshowFiles);
    await reachPart(page, page.locator('footer'));
    expect(requested.filter((path) => footerFiles.includes(path))).toEqual(footerFiles);
  },
);
