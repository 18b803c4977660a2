import { expect, test as base, type Page, type ViewportSize } from '@playwright/test';
import { missingWidth } from './widths.ts';

// React's production build reports a server/client mismatch while hydrating a prerendered page
// as "Minified React error #418" (text), #423/#425 (content), #419 (fell back to client
// rendering); the development build says "hydrat…". Any of them, or an uncaught page error, fails
// the test that saw it.
const hydrationProblem = /Minified React error #(?:418|419|423|425)\b|hydrat/i;

/** Runs `body`, failing if `page` reported a hydration problem or an uncaught error meanwhile. */
async function watched(page: Page, body: () => Promise<void>): Promise<void> {
  const problems: string[] = [];
  const onConsole = (message: { type(): string; text(): string }) => {
    if (hydrationProblem.test(message.text())) problems.push(`${message.type()}: ${message.text()}`);
  };
  const onError = (error: Error) => problems.push(`page error: ${error.message}`);
  page.on('console', onConsole);
  page.on('pageerror', onError);
  try {
    await body();
  } finally {
    page.off('console', onConsole);
    page.off('pageerror', onError);
  }
  expect(problems, 'hydration problems and uncaught errors on the page').toEqual([]);
}

/** One page per language, screen size and start-up script, kept for a worker's tests (`reusedPage`). */
type PagePool = (options: {
  locale: string | undefined;
  viewport: ViewportSize | null;
  initScript: string | undefined;
}) => Promise<Page>;

export const test = base.extend<
  { reusedPage: Page; initScript: string | undefined; widthChosen: undefined },
  { pagePool: PagePool }
>({
  // Every test runs at the width its tag names (support/widths.ts), never at both by default.
  widthChosen: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's needs from this pattern: none
    async ({}, use, testInfo) => {
      const missing = missingWidth(testInfo.tags);
      if (missing) throw new Error(missing);
      await use(undefined);
    },
    { auto: true },
  ],
  // A script every document of the test's page runs before its own (a string: the root's
  // TypeScript has no DOM types), set with test.use.
  initScript: [undefined, { option: true }],
  page: async ({ page, initScript }, use) => {
    if (initScript) await page.addInitScript(initScript);
    await watched(page, () => use(page));
  },
  pagePool: [
    async ({ browser }, use, workerInfo) => {
      const { baseURL, isMobile, hasTouch } = workerInfo.project.use;
      const pages = new Map<string, Promise<Page>>();
      await use((options) => {
        const key = JSON.stringify(options);
        let page = pages.get(key);
        if (!page) {
          const { locale, viewport, initScript } = options;
          page = browser
            .newContext({ baseURL, isMobile, hasTouch, ...(locale ? { locale } : {}), viewport })
            .then(async (context) => {
              if (initScript) await context.addInitScript(initScript);
              return context.newPage();
            });
          pages.set(key, page);
        }
        return page;
      });
      await Promise.all([...pages.values()].map(async (page) => (await page).context().close()));
    },
    { scope: 'worker' },
  ],
  // For tests that open one address each and look at what it draws, where a fresh browser
  // context per address would only cost time: the worker's page for the test's language and
  // screen, which the test navigates (cookies and storage carry over from the addresses before).
  reusedPage: async ({ pagePool, locale, viewport, initScript }, use) => {
    const page = await pagePool({ locale, viewport, initScript });
    await watched(page, () => use(page));
  },
});

export { expect };
