// The two engines besides Chromium, driven through the browsers Debian ships (nothing is
// downloaded): Gecko as Firefox ESR over WebDriver BiDi (puppeteer-core), WebKit as WebKitGTK's
// MiniBrowser through its WebDriver (selenium-webdriver), on a virtual display (xvfb-run).
// Both are wrapped in the few operations the checks need, so one suite runs on either.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import puppeteer, { type ElementHandle, type Page } from 'puppeteer-core';
import { Builder, By, type WebDriver } from 'selenium-webdriver';
import { screenshotsKept } from '../support/screenshots.ts';

export type EngineName = 'firefox' | 'webkit';

export interface EnginePage {
  readonly engine: EngineName;
  /** The browser's own name and version, for the report. */
  readonly version: string;
  goto(url: string): Promise<void>;
  /** The value of a JavaScript expression in the page (a string: the root has no DOM types). */
  evaluate<T>(expression: string): Promise<T>;
  /** A real click (hit-tested by the browser) on the first element matching `selector`. */
  click(selector: string): Promise<void>;
  /** Types into the first element matching `selector`, key by key. */
  type(selector: string, text: string): Promise<void>;
  /** Chooses `file` (a path) in the file input matching `selector`, as the file picker would. */
  chooseFile(selector: string, file: string): Promise<void>;
  /**
   * Runs `open` (an action that opens a popup window), then, in the popup, really clicks the
   * first element matching `selector` whose text contains `text`, and comes back to the page.
   */
  clickInPopup(open: () => Promise<void>, selector: string, text: string): Promise<void>;
  /** Sets the width of the page's viewport and returns the width the engine gave it. */
  setWidth(width: number, height: number): Promise<number>;
  /** Keeps a screenshot of the page at `file` for people to look at, when the run keeps them (support/screenshots.ts). */
  screenshot(file: string): Promise<void>;
  /** Uncaught errors and unhandled rejections of the current page so far. */
  errors(): Promise<string[]>;
  close(): Promise<void>;
}

export const firefoxBinary = '/usr/bin/firefox-esr';
export const miniBrowserBinary = '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';
const webkitDriverBinary = '/usr/bin/WebKitWebDriver';

/** Why an engine cannot run here, or undefined when it can. */
export function missing(engine: EngineName): string | undefined {
  const needed = engine === 'firefox' ? [firefoxBinary] : [webkitDriverBinary, miniBrowserBinary, '/usr/bin/xvfb-run'];
  const absent = needed.filter((file) => !existsSync(file));
  if (absent.length === 0) return undefined;
  const packages = engine === 'firefox' ? 'firefox-esr' : 'webkit2gtk-driver xvfb';
  return `${absent.join(', ')} not found: apt-get install ${packages} (bash .ci/run does)`;
}

/**
 * `proxy`: `host:port` of an HTTPS proxy with a certificate of its own (offline-google.ts).
 * `note`: told each step inside an operation of several (a popup's), for a failure's account.
 */
export type LaunchOptions = { proxy?: string; note?: (step: string) => void };

export async function launch(engine: EngineName, options: LaunchOptions = {}): Promise<EnginePage> {
  const problem = missing(engine);
  if (problem) throw new Error(problem);
  return engine === 'firefox' ? launchFirefox(options) : launchWebKit(options);
}

/** Polls `find` until it gives a value; fails with `what` after 15 s. */
async function eventually<T>(find: () => Promise<T | undefined>, what: string): Promise<T> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const found = await find();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(what);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

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

async function launchFirefox({ proxy, note = () => undefined }: LaunchOptions): Promise<EnginePage> {
  const [proxyHost, proxyPort] = proxy?.split(':') ?? [];
  const browser = await puppeteer.launch({
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
    async clickInPopup(open, selector, text) {
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
    },
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

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function waitForDriver(port: number, driver: ChildProcess): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if (driver.exitCode !== null) throw new Error(`WebKitWebDriver exited with code ${String(driver.exitCode)}`);
    try {
      const response = await fetch(`http://127.0.0.1:${String(port)}/status`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('WebKitWebDriver did not answer within 20 s');
}

// Classic WebDriver cannot run a script before the page's own, so the listeners go in as soon
// as a page has loaded. The app starts after the first paint (web/src/boot.ts), so they are
// there before it runs; an error earlier than that leaves the page without `data-ready`, which
// the checks catch.
const recordErrors = `
  if (!window.__engineErrors) {
    window.__engineErrors = [];
    window.addEventListener('error', (event) => window.__engineErrors.push(String(event.message)));
    window.addEventListener('unhandledrejection', (event) =>
      window.__engineErrors.push('unhandled rejection: ' + String(event.reason && event.reason.message || event.reason)));
  }
`;

async function launchWebKit({ proxy, note = () => undefined }: LaunchOptions): Promise<EnginePage> {
  const port = await freePort();
  // A display of its own for the MiniBrowser window; a new process group, so that closing
  // stops xvfb-run, Xvfb, the driver and the browser together.
  const driverProcess = spawn(
    'xvfb-run',
    ['-a', '-s', '-screen 0 1600x1200x24', webkitDriverBinary, `--port=${String(port)}`],
    { detached: true, stdio: 'ignore' },
  );
  const stop = () => {
    if (driverProcess.pid !== undefined && driverProcess.exitCode === null) {
      try {
        process.kill(-driverProcess.pid, 'SIGTERM');
      } catch {
        // already gone
      }
    }
  };
  let driver: WebDriver;
  try {
    await waitForDriver(port, driverProcess);
    driver = await new Builder()
      .usingServer(`http://127.0.0.1:${String(port)}`)
      .withCapabilities({
        browserName: 'MiniBrowser',
        'webkitgtk:browserOptions': {
          binary: miniBrowserBinary,
          args: [
            '--automation',
            ...(proxy
              ? [`--proxy=http://${proxy}`, '--ignore-host=127.0.0.1', '--ignore-host=localhost', '--ignore-tls-errors']
              : []),
          ],
        },
        // With a proxy, every request but loopback goes through it (it answers Google's loader
        // only); its certificate is made for the run.
        ...(proxy ? { acceptInsecureCerts: true } : {}),
      })
      .build();
  } catch (error) {
    stop();
    throw error;
  }
  // A command that waits for a page (a click that navigates, or one in a window that closes
  // meanwhile) gives up after 20 s instead of WebDriver's 300 s, so a stuck wait fails its own
  // test, not the next ones that the same driver would keep waiting.
  await driver.manage().setTimeouts({ pageLoad: 20_000, script: 20_000 });
  const capabilities = await driver.getCapabilities();
  const version = `WebKitGTK ${String(capabilities.get('browserVersion'))}`;
  const evaluate = async <T>(expression: string) => (await driver.executeScript(`return (${expression});`)) as T;
  /** The MiniBrowser window is larger than its page by its toolbar and borders. */
  const setWidth = async (width: number, height: number) => {
    const [innerWidth, innerHeight, outerWidth, outerHeight] = await evaluate<number[]>(
      '[window.innerWidth, window.innerHeight, window.outerWidth, window.outerHeight]',
    );
    await driver
      .manage()
      .window()
      .setRect({
        width: width + (outerWidth ?? 0) - (innerWidth ?? 0),
        height: height + (outerHeight ?? 0) - (innerHeight ?? 0),
      });
    // The window takes a moment to take its new size: the width once three reads 50 ms apart
    // agree (at most 3 s), so that the next resize starts from the size this one gave.
    let reads = [await evaluate<number>('window.innerWidth')];
    for (const deadline = Date.now() + 3_000; Date.now() < deadline;) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      reads = [...reads, await evaluate<number>('window.innerWidth')].slice(-3);
      if (reads.length === 3 && reads.every((read) => read === reads[0]) && reads[0] !== innerWidth) break;
    }
    return reads.at(-1) ?? 0;
  };
  await setWidth(1280, 800);
  return {
    engine: 'webkit',
    version,
    async goto(url) {
      await driver.get(url);
      await driver.executeScript(recordErrors);
    },
    evaluate,
    async click(selector) {
      await driver.findElement(By.css(selector)).click();
    },
    async type(selector, text) {
      await driver.findElement(By.css(selector)).sendKeys(text);
    },
    async chooseFile(selector, file) {
      // WebDriver chooses a file by sending its path to the input.
      await driver.findElement(By.css(selector)).sendKeys(file);
    },
    async clickInPopup(open, selector, text) {
      const home = await driver.getWindowHandle();
      const before = new Set(await driver.getAllWindowHandles());
      await open();
      note('pressed; waiting for the popup');
      const popup = await eventually(
        async () => (await driver.getAllWindowHandles()).find((handle) => !before.has(handle)),
        'webkit: no popup opened',
      );
      note('popup opened; switching to it');
      await driver.switchTo().window(popup);
      try {
        const element = await eventually(async () => {
          // Only once the popup has loaded (as for Firefox above).
          if ((await driver.executeScript('return document.readyState')) !== 'complete') return undefined;
          for (const candidate of await driver.findElements(By.css(selector)))
            if ((await candidate.getText()).includes(text)) return candidate;
          return undefined;
        }, `webkit: no ${selector} with "${text}" in the popup`);
        note(`clicking ${selector} in the popup`);
        // The press ends the popup (the widget answers the page and closes its window): the
        // driver may call the click failed, or wait for a load that never comes, once the
        // window is gone. The click did its work then; the page says whether it signed in.
        await element.click().catch(async (error: unknown) => {
          note(`the click answered ${String(error)}`);
          if ((await driver.getAllWindowHandles()).includes(popup)) throw error;
        });
      } finally {
        note('switching back to the page');
        await driver.switchTo().window(home);
      }
    },
    setWidth,
    async screenshot(file) {
      if (screenshotsKept()) await writeFile(file, await driver.takeScreenshot(), 'base64');
    },
    errors: () => evaluate<string[]>('window.__engineErrors || []'),
    async close() {
      try {
        await driver.quit();
      } finally {
        stop();
      }
    },
  };
}
