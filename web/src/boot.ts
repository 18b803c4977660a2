// The page's first script. Every page arrives prerendered and complete, so the app (React, the
// texts, the page's script part: about 100 kB) is fetched only once the page is on screen with
// the images of its first screen (the largest one, `fetchpriority="high"`, first): on a phone's
// connection they get the bandwidth first, and the app makes the page interactive right after. The style sheet is imported here so it stays a <link> in the HTML.
import './styles.css';
import { nextTask } from './utils/next-task';

/**
 * The images of the page's first screen, fetched at once (`loading="eager"`: the largest one of
 * the page, `fetchpriority="high"`, and those after it).
 */
function firstScreenImages(): HTMLImageElement[] {
  return [...document.querySelectorAll<HTMLImageElement>('img[loading="eager"]')];
}

/** Resolves when every one of `images` has loaded (or failed), or after `timeoutMs`. */
function imagesLoaded(images: HTMLImageElement[], timeoutMs: number): Promise<void> {
  const loaded = images
    .filter((image) => !image.complete)
    .map(
      (image) =>
        new Promise<void>((resolve) => {
          // Decoded, not only downloaded: the next frame shows it.
          image.addEventListener('load', () => void image.decode().then(resolve, resolve), { once: true });
          image.addEventListener('error', () => resolve(), { once: true });
        }),
    );
  return Promise.race([
    Promise.all(loaded).then(() => undefined),
    new Promise<void>((resolve) => setTimeout(resolve, timeoutMs)),
  ]);
}

/**
 * Starts fetching the script parts the prerenderer listed for this page, side by side. One
 * request per task: starting a fetch costs the main thread a few milliseconds (more on a
 * slow phone), which for every part at once made one long task.
 */
async function preloadModules() {
  for (const href of (document.documentElement.dataset.modules ?? '').split(' ').filter(Boolean)) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    document.head.append(link);
    await nextTask();
  }
}

/**
 * Resolves once the page's largest paint is on the visitor's screen: the browser reports it
 * (a `largest-contentful-paint` entry, timed when the frame is shown, which on a slow device
 * comes well after the frame was drawn) for one of `images`, or for something at least as large
 * as the largest of them on screen (any paint when none of them is). Where the browser reports
 * no such entry, after it has drawn a frame (the one after the next). In both cases after at
 * most `timeoutMs`: a tab opened in the background paints nothing until it is shown, and its app
 * should be ready when it is.
 */
function largestPaintShown(images: HTMLImageElement[], timeoutMs: number): Promise<void> {
  return new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, timeoutMs);
    if (!PerformanceObserver.supportedEntryTypes.includes('largest-contentful-paint')) {
      requestAnimationFrame(() => {
        requestAnimationFrame(() => {
          clearTimeout(timer);
          resolve();
        });
      });
      return;
    }
    const area = Math.max(0, ...images.map(visibleArea));
    const observer = new PerformanceObserver((list) => {
      const shown = (list.getEntries() as LargestContentfulPaint[]).some(
        (entry) => (entry.element instanceof HTMLImageElement && images.includes(entry.element)) || entry.size >= area,
      );
      if (!shown) return;
      observer.disconnect();
      clearTimeout(timer);
      resolve();
    });
    observer.observe({ type: 'largest-contentful-paint', buffered: true });
  });
}

/** The part of an element inside the viewport, in square CSS pixels. */
function visibleArea(element: Element): number {
  const box = element.getBoundingClientRect();
  const width = Math.min(box.right, innerWidth) - Math.max(box.left, 0);
  const height = Math.min(box.bottom, innerHeight) - Math.max(box.top, 0);
  return Math.max(0, width) * Math.max(0, height);
}

/** Resolves at the visitor's first touch, click, key or focus: they want the page to respond. */
function firstInteraction(): Promise<void> {
  return new Promise((resolve) => {
    for (const type of ['pointerdown', 'keydown', 'focusin'] as const) {
      addEventListener(type, () => resolve(), { once: true, capture: true, passive: true });
    }
  });
}

/** Resolves at the visitor's first scroll. */
function firstScroll(): Promise<void> {
  return new Promise((resolve) => {
    addEventListener('scroll', () => resolve(), { once: true, passive: true });
  });
}

const images = firstScreenImages();
const shown = Promise.race([imagesLoaded(images, 2500).then(() => largestPaintShown(images, 500)), firstInteraction()]);
// Below its first screen, a page's lazy images wait for this mark (styles.css, "held"): at its
// first layout the browser fetches every lazy image within a screen or two of the visitor's,
// alongside the largest one; held, they leave it the bandwidth.
void Promise.race([shown, firstScroll()]).then(() => {
  document.documentElement.dataset.shown = '';
});
void shown.then(async () => {
  const app = import('./main');
  await preloadModules();
  return app;
});
