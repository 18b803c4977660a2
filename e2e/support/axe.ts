import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { timings } from '../../web/src/config/constants.ts';

const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * Whether the page's colours are the ones a visitor reads: no CSS transition running, and the
 * nav bar already what the scroll position makes it (solid past the top, unless its menu is
 * open). axe measures colours as they are drawn, and the bar half way from clear to solid (the
 * page scrolled to a focused control a moment ago) has a colour no visitor reads.
 */
const coloursSettled = `(() => {
  const running = document.getAnimations().some(
    (animation) => animation.constructor.name === 'CSSTransition' && animation.playState === 'running',
  );
  const bar = document.querySelector('.nav-bar');
  const menuOpen = document.querySelector('.nav-bar [aria-expanded="true"]') !== null;
  const barSettled =
    !bar || menuOpen || bar.classList.contains('nav-bar--solid') === window.scrollY > ${String(timings.navScrollThresholdPx)};
  return !running && barSettled;
})()`;

/**
 * Whether a frame of the page comes from another origin (the Auth emulator's helper on the
 * Account page). axe tests such a frame only in its default mode, which gathers each frame's
 * part in a blank page of its own; a page without one is tested alike by axe run in it once
 * (its "legacy mode": the same rules, nodes and results, in half the time).
 */
function hasOtherOriginFrame(page: Page): boolean {
  const own = new URL(page.url()).origin;
  return page.frames().some((frame) => {
    const url = frame.url();
    return /^https?:/.test(url) && new URL(url).origin !== own;
  });
}

/**
 * axe-core on the page as it is now (its colours settled): no WCAG 2.2 A/AA violation, each one
 * listed if any. axe reads colours as they are drawn for as long as it runs (seconds on a slow
 * machine), and a slideshow that moves on meanwhile fades its next slide in: a colour between two
 * that no visitor reads (seen: a caption at 2.78:1 half way in). So while it runs the page is
 * asked for reduced motion, as a visitor may ask: the carousels hold still and would swap without
 * a fade (hooks/use-carousel.ts); the colours at rest are the same.
 */
export async function expectNoAxeViolations(page: Page) {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const results = await settledAxe(page).finally(() => page.emulateMedia({ reducedMotion: null }));
  const summary = results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact ?? ''}): ${violation.help}\n` +
      violation.nodes.map((node) => `    ${node.target.join(' ')}: ${node.failureSummary ?? ''}`).join('\n'),
  );
  expect(summary, summary.join('\n')).toEqual([]);
}

/** axe's results once the page's colours are settled (`coloursSettled`). */
async function settledAxe(page: Page) {
  await expect.poll(() => page.evaluate<boolean>(coloursSettled), { intervals: [50] }).toBe(true);
  return new AxeBuilder({ page }).withTags(wcagTags).setLegacyMode(!hasOtherOriginFrame(page)).analyze();
}
