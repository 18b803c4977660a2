// Gecko as Firefox ESR over WebDriver BiDi (puppeteer-core), in the operations of drivers.ts.
import puppeteer, { type Browser, type ElementHandle, type Page } from 'puppeteer-core';
import { screenshotsKept } from '../support/screenshots.ts';
import type { EnginePage, LaunchOptions } from './drivers.ts';
import { eventually } from './eventually.ts';

export const firefoxBinary = '/usr/bin/firefox-esr';

/**
 * Sets the page's size. Puppeteer sends the size and a screen-orientation override side by
 * side; Firefox ESR 140 (Debian's) refuses the orientation, and that refusal can come back
 * before the size has been applied. So the refusal alone is ignored, and the page is then
 * given up to 5 s to take the new width (an error if it never does).
 */
async function setFirefoxViewport(page: Page, width: number, height: number) {
  try {
    await page.setViewport({ width, height });
  } catch (error) {
    if (!(error instanceof Error && error.message.includes('setScreenOrientationOverride'))) throw error;
    const deadline = Date.now() + 5000;
    while ((await page.evaluate('window.innerWidth')) !== width) {
      if (Date.now() > deadline)
        throw new Error(`Firefox did not take the width of ${String(width)} px`, { cause: error });
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

function startFirefox(proxy: string | undefined): Promise<Browser> {
  const [proxyHost, proxyPort] = proxy?.split(':') ?? [];
  return puppeteer.launch({
    browser: 'firefox',
    executablePath: firefoxBinary,
    headless: true,
    // The proxy's certificate is made for the run.
    acceptInsecureCerts: proxy !== undefined,
    // No update checks, telemetry or other background requests on a machine without internet;
    // HTTPS only through the proxy when there is one (loopback is never proxied).
    extraPrefsFirefox: {
      ...(proxy
        ? { 'network.proxy.type': 1, 'network.proxy.ssl': proxyHost, 'network.proxy.ssl_port': Number(proxyPort) }
        : { 'network.proxy.type': 0 }),
      'app.update.enabled': false,
      'toolkit.telemetry.enabled': false,
    },
  });
}

/** EnginePage.clickInPopup in Firefox; `note` is told each step. */
async function firefoxClickInPopup(
  page: Page,
  note: (step: string) => void,
  open: () => Promise<void>,
  selector: string,
  text: string,
) {
  const opened = new Promise<Page | null>((resolve) => page.once('popup', resolve));
  await open();
  note('pressed; waiting for the popup');
  const popup = await opened;
  if (!popup) throw new Error('firefox: the popup has no page');
  note('popup opened');
  // Only once the popup has loaded: a page may give its elements their handlers in a script
  // at its end (the Auth emulator's widget does), and a click before that is lost.
  const find = `document.readyState !== 'complete' ? -1 : [...document.querySelectorAll(${JSON.stringify(selector)})].findIndex((node) => (node.textContent ?? '').includes(${JSON.stringify(text)}))`;
  const index = await eventually(async () => {
    const found = (await popup.evaluate(find)) as number;
    return found >= 0 ? found : undefined;
  }, `firefox: no ${selector} with "${text}" in the popup`);
  const element = (await popup.$$(selector))[index];
  if (!element) throw new Error(`firefox: ${selector} went away`);
  note(`clicking ${selector} in the popup`);
  await element.click();
}

export async function launchFirefox({ proxy, note = () => undefined }: LaunchOptions): Promise<EnginePage> {
  const browser = await startFirefox(proxy);
  const page = await browser.newPage();
  await setFirefoxViewport(page, 1280, 800);
  let errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error instanceof Error ? error.message : String(error)));
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) errors = [];
  });
  const version = await browser.version();
  return {
    engine: 'firefox',
    version,
    async goto(url) {
      await page.goto(url, { waitUntil: 'load' });
    },
    evaluate: <T>(expression: string) => page.evaluate(expression) as Promise<T>,
    async click(selector) {
      await page.click(selector);
    },
    async type(selector, text) {
      await page.type(selector, text);
    },
    async chooseFile(selector, file) {
      const input = await page.$(selector);
      if (!input) throw new Error(`firefox: no ${selector}`);
      await (input as ElementHandle<never>).uploadFile(file);
    },
    clickInPopup: (open, selector, text) => firefoxClickInPopup(page, note, open, selector, text),
    async setWidth(width, height) {
      await setFirefoxViewport(page, width, height);
      return page.evaluate('window.innerWidth') as Promise<number>;
    },
    async screenshot(file) {
      if (screenshotsKept()) await page.screenshot({ path: file, fullPage: true });
    },
    errors: () => Promise.resolve([...errors]),
    async close() {
      await browser.close();
    },
  };
}
