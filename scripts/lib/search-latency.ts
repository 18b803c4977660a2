// How soon the help page's search shows what a visitor types, on a phone-sized Chromium with
// its CPU slowed 4× (a mid-range phone, as Lighthouse simulates one): from each key's input
// event to the frame that shows the results for the words typed so far. The page marks the
// words its results are for (`data-searched` on the search box's region); a frame is taken
// as painted when a task queued from its animation frame runs.
import type { Browser } from '@playwright/test';
import { onPhone } from './input-latency.ts';

/** The words typed, a key at a time, and the pause between keys (a quick thumb). */
export const searchTyping = { en: 'cancel pro', it: 'annullare pro', keyDelayMs: 120 } as const;

/** The fewest letters the search looks up (features/help/search/use-help-search.ts). */
const minimumWords = 2;

/** Notes each key's time and each time the results change, from before the page's scripts run. */
const observer = `
  window.benchKeys = [];
  window.benchShown = [];
  addEventListener('input', (event) => {
    if (event.target instanceof HTMLInputElement && event.target.type === 'search')
      window.benchKeys.push({ words: event.target.value.trim(), at: event.timeStamp });
  }, true);
  new MutationObserver((changes) => {
    for (const change of changes) {
      const words = change.target.getAttribute('data-searched');
      if (!words) continue;
      requestAnimationFrame(() => setTimeout(() => window.benchShown.push({ words, at: performance.now() })));
    }
  }).observe(document, { subtree: true, attributeFilter: ['data-searched'] });
`;

export type SearchLatency = {
  /** From the key that made the first searchable words to their results on screen. */
  firstMs: number;
  /** The same for every key after it whose results were shown. */
  laterMs: number[];
};

/**
 * Opens `url` (the help page), taps the search box and types `searchTyping`'s words in
 * `language`: at once (`warm` false: the search and its index load as the visitor types), or
 * once the search has loaded (`warm`).
 */
export async function measureSearch(
  browser: Browser,
  url: string,
  language: 'en' | 'it',
  warm: boolean,
): Promise<SearchLatency> {
  return onPhone(browser, url, { locale: language, initScript: observer }, async (page) => {
    const box = page.getByRole('searchbox');
    await box.tap();
    if (warm) await page.waitForLoadState('networkidle');
    await page.keyboard.type(searchTyping[language], { delay: searchTyping.keyDelayMs });
    const last = searchTyping[language].trim();
    await page.waitForFunction(
      (words) =>
        (globalThis as { benchShown?: Array<{ words: string }> }).benchShown?.some((shown) => shown.words === words),
      last,
      { timeout: 30_000 },
    );
    const { keys, shown } = await page.evaluate(() => {
      const marks = globalThis as {
        benchKeys?: Array<{ words: string; at: number }>;
        benchShown?: Array<{ words: string; at: number }>;
      };
      return { keys: marks.benchKeys ?? [], shown: marks.benchShown ?? [] };
    });
    // The first results, whichever words they were for (typing on while the search loads
    // skips some), timed from the first key that made words long enough to search.
    const searchable = keys.findIndex(({ words }) => words.length >= minimumWords);
    const first = keys[searchable];
    const firstShown = shown[0];
    if (!first || !firstShown) throw new Error(`No results were shown on ${url}.`);
    const laterMs = keys.slice(searchable + 1).flatMap(({ words, at }) => {
      const painted = shown.find((entry) => entry.words === words && entry.at >= at);
      return painted ? [painted.at - at] : [];
    });
    return { firstMs: firstShown.at - first.at, laterMs };
  });
}
