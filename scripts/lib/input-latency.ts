// How long one interaction with a page takes to answer, as the browser itself measures it:
// the Event Timing API gives each input event of an interaction a duration from the input to
// the next frame painted after its handlers ran (rounded to 8 ms), and an interaction's
// latency is its longest event, as INP takes it. Measured on a phone-sized Chromium with the
// CPU slowed 4×, right after the app's `data-ready` mark.
import type { Browser, Page } from '@playwright/test';
import type { Language } from '../../web/src/config/languages.ts';
import type { RoutePath } from '../../web/src/config/paths.ts';
import { readyMark } from './start-up-tasks.ts';

/** The CPU slowdown of a mid-range phone, as Lighthouse's mobile settings simulate it. */
const cpuSlowdown = 4;
/** The smallest duration the Event Timing API reports. */
const reportedFromMs = 16;

export type Interaction = {
  name: string;
  route: RoutePath;
  lang: Language;
  /** Does what a visitor does; the page is ready and the observer listening. */
  act: (page: Page) => Promise<void>;
};

/** A visitor's scroll, then this long before the tap: scrolling is not part of the interaction. */
const scrollSettleMs = 250;

/**
 * Taps the middle of the last element `selector` matches, as a finger does: the touch goes
 * straight to the browser. (A locator's `tap()` first checks what is under the point with
 * listeners it adds to the page, work on the page's slowed main thread that no visitor's tap
 * carries: it added about 10 ms to the carousel arrows' latency.)
 */
async function tap(page: Page, selector: string) {
  const box = await page.locator(selector).last().boundingBox();
  if (!box) throw new Error(`Nothing to tap: ${selector} is not on screen.`);
  await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
}

/** Scrolls the last element `selector` matches into view, as the visitor would, then taps it. */
async function tapInView(page: Page, selector: string) {
  await page.locator(selector).last().scrollIntoViewIfNeeded();
  await page.waitForTimeout(scrollSettleMs);
  await tap(page, selector);
}

/** What the benchmark does: the inputs a visitor makes first, on the pages they are on. */
export const interactions: readonly Interaction[] = [
  {
    name: 'open the menu',
    route: '/',
    lang: 'en',
    act: (page) => tap(page, '.nav-bar__toggle'),
  },
  {
    name: 'slideshow arrow',
    route: '/',
    lang: 'it',
    act: (page) => tapInView(page, '.slideshow__carousel .carousel-arrow'),
  },
  {
    name: 'background carousel arrow',
    route: '/',
    lang: 'en',
    act: (page) => tapInView(page, '.hero-carousel .carousel-arrow'),
  },
  {
    name: 'type into the message',
    route: '/support',
    lang: 'it',
    act: async (page) => {
      await tapInView(page, 'textarea[name="message"]');
      await page.keyboard.type('Il meteo non si aggiorna', { delay: 30 });
    },
  },
  {
    name: 'pick the other language',
    route: '/features',
    lang: 'en',
    // The keyboard moves a closed select to its next option (English, then Italian): a
    // trusted input event, which a scripted selectOption is not.
    act: async (page) => {
      await page.locator('.nav-bar__language select').focus();
      await page.keyboard.press('ArrowDown');
    },
  },
];

/**
 * Collects the timing of every input event that belongs to an interaction, from before the
 * page's own scripts run (page script text: this project's scripts are typed without the DOM).
 */
const observer = `
  window.benchEvents = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (entry.interactionId) {
      const { name, duration, startTime, processingStart, processingEnd } = entry;
      window.benchEvents.push({ name, duration, startTime, processingStart, processingEnd });
    }
  }).observe({ type: 'event', durationThreshold: ${String(reportedFromMs)}, buffered: true });
`;

/** One input event as the Event Timing API times it, in milliseconds since navigation. */
type EventTiming = {
  name: string;
  duration: number;
  startTime: number;
  processingStart: number;
  processingEnd: number;
};

/**
 * The slowest input event of an interaction: its latency and where the time went (waiting for
 * the main thread, the page's handlers, then rendering and painting the next frame).
 */
export type Latency = { ms: number; event: string; delayMs: number; processingMs: number; presentationMs: number };

/**
 * Opens `url` on a phone (a fresh browser context of a phone's size and touch, in `locale`,
 * its CPU slowed as a mid-range phone's), with `initScript` run before the page's own scripts,
 * waits for the app's ready mark, then hands the page to `use`; closes the context after.
 */
export async function onPhone<T>(
  browser: Browser,
  url: string,
  { locale, initScript }: { locale: string; initScript: string },
  use: (page: Page) => Promise<T>,
): Promise<T> {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale,
  });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
    await page.addInitScript({ content: initScript });
    await page.goto(url);
    await page.waitForFunction((mark) => performance.getEntriesByName(mark).length > 0, readyMark, { timeout: 30_000 });
    return await use(page);
  } finally {
    await context.close();
  }
}

/**
 * The latency of the slowest input event `interaction.act` caused on a fresh load of `url`,
 * `afterReadyMs` after the ready mark (`reportedFromMs` when every one was shorter than the
 * API reports).
 */
export async function measureInteraction(
  browser: Browser,
  url: string,
  interaction: Interaction,
  afterReadyMs = 0,
): Promise<Latency> {
  return onPhone(browser, url, { locale: interaction.lang, initScript: observer }, async (page) => {
    if (afterReadyMs > 0) await page.waitForTimeout(afterReadyMs);
    await interaction.act(page);
    // The frame after the last input, and the observer's delivery after it.
    await page.waitForTimeout(1000);
    const events = await page.evaluate(() => (globalThis as { benchEvents?: unknown }).benchEvents);
    if (!Array.isArray(events)) throw new Error(`No input events were recorded on ${url}.`);
    const slowest = (events as EventTiming[]).reduce<EventTiming | undefined>(
      (worst, entry) => (!worst || entry.duration > worst.duration ? entry : worst),
      undefined,
    );
    if (!slowest) return { ms: reportedFromMs, event: '(none)', delayMs: 0, processingMs: 0, presentationMs: 0 };
    return {
      ms: slowest.duration,
      event: slowest.name,
      delayMs: slowest.processingStart - slowest.startTime,
      processingMs: slowest.processingEnd - slowest.processingStart,
      presentationMs: slowest.startTime + slowest.duration - slowest.processingEnd,
    };
  });
}
