import { expect, type Page } from '@playwright/test';

// WCAG 2.2 SC 1.4.10 Reflow: at 320 CSS px wide nothing scrolls sideways and nothing is cut
// off at the sides. 320 px is how wide a 1280 px desktop window is at 400 % zoom, which is what
// the criterion describes: so a page opened at the desktop width is narrowed to 320 px, as a
// visitor zooming in does, and measured with everything it loads lower down (pages.spec.ts, in
// the same visit as its other checks). Not the phone project: its mobile emulation lets
// Chromium widen the fixed nav bar to an overflowing page (hiding the very overflow looked
// for), and its coarse pointer hides the QR codes that a zoomed desktop lays out.

/** The width a 1280 px window has at 400 % zoom. */
export const reflowWidth = 320;

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

/**
 * Narrows the page to `reflowWidth` (and 640 px high), checks that nothing sticks out, and gives
 * it back its own size.
 */
export async function expectReflows(page: Page) {
  const own = page.viewportSize();
  await page.setViewportSize({ width: reflowWidth, height: 640 });
  try {
    await expectNothingOutside(page);
  } finally {
    if (own) await page.setViewportSize(own);
  }
}

async function expectNothingOutside(page: Page) {
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
