// The page's first script. Every page arrives prerendered and complete, so the app (React, the
// texts, the page's script part: about 100 kB) is fetched only once the page is painted with
// its most important images (`fetchpriority="high"`: the largest one of the page): on a
// phone's connection they get the bandwidth first, and the app makes the page interactive
// right after. The style sheet is imported here so it stays a <link> in the HTML.
import './styles.css';
import { nextTask } from './utils/next-task';

/** Resolves when every high-priority image has loaded (or failed), or after `timeoutMs`. */
function priorityImagesLoaded(timeoutMs: number): Promise<void> {
  const pending = [...document.querySelectorAll<HTMLImageElement>('img[fetchpriority="high"]')].filter(
    (image) => !image.complete,
  );
  const loaded = pending.map(
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
 * Resolves after the browser has painted a frame (the one after the next), or after 200 ms:
 * a tab opened in the background paints nothing until it is shown, and its app should be
 * ready when it is.
 */
function painted(): Promise<void> {
  return Promise.race([
    new Promise<void>((resolve) => {
      requestAnimationFrame(() => {
        requestAnimationFrame(() => resolve());
      });
    }),
    new Promise<void>((resolve) => setTimeout(resolve, 200)),
  ]);
}

/** Resolves at the visitor's first touch, click, key or focus: they want the page to respond. */
function firstInteraction(): Promise<void> {
  return new Promise((resolve) => {
    for (const type of ['pointerdown', 'keydown', 'focusin'] as const) {
      addEventListener(type, () => resolve(), { once: true, capture: true, passive: true });
    }
  });
}

void Promise.race([priorityImagesLoaded(2500).then(painted), firstInteraction()]).then(async () => {
  const app = import('./main');
  await preloadModules();
  return app;
});
