// WebKit as WebKitGTK's MiniBrowser through its WebDriver (selenium-webdriver), on a virtual
// display (xvfb-run), in the operations of drivers.ts.
import { spawn, type ChildProcess } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { Builder, By, type WebDriver } from 'selenium-webdriver';
import { freePort } from '../../scripts/lib/free-port.ts';
import { screenshotsKept } from '../support/screenshots.ts';
import type { EnginePage, LaunchOptions } from './drivers.ts';
import { eventually } from './eventually.ts';

export const miniBrowserBinary = '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';
export const webkitDriverBinary = '/usr/bin/WebKitWebDriver';

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

/** The driver of a MiniBrowser of its own; `stop` ends the driver, its display and the browser. */
async function startWebKit(proxy: string | undefined): Promise<{ driver: WebDriver; stop: () => void }> {
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
  try {
    await waitForDriver(port, driverProcess);
    const driver = await new Builder()
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
    return { driver, stop };
  } catch (error) {
    stop();
    throw error;
  }
}

/** EnginePage.evaluate in WebKit. */
function evaluateIn<T>(driver: WebDriver, expression: string): Promise<T> {
  return driver.executeScript<T>(`return (${expression});`);
}

/**
 * EnginePage.setWidth in WebKit. The MiniBrowser window is larger than its page by its toolbar
 * and borders.
 */
async function setWidth(driver: WebDriver, width: number, height: number): Promise<number> {
  const [innerWidth, innerHeight, outerWidth, outerHeight] = await evaluateIn<number[]>(
    driver,
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
  let reads = [await evaluateIn<number>(driver, 'window.innerWidth')];
  for (const deadline = Date.now() + 3_000; Date.now() < deadline;) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    reads = [...reads, await evaluateIn<number>(driver, 'window.innerWidth')].slice(-3);
    if (reads.length === 3 && reads.every((read) => read === reads[0]) && reads[0] !== innerWidth) break;
  }
  return reads.at(-1) ?? 0;
}

/** EnginePage.clickInPopup in WebKit; `note` is told each step. */
async function clickInPopup(
  driver: WebDriver,
  note: (step: string) => void,
  open: () => Promise<void>,
  selector: string,
  text: string,
) {
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
      // Only once the popup has loaded (as for Firefox, firefox-driver.ts).
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
}

export async function launchWebKit({ proxy, note = () => undefined }: LaunchOptions): Promise<EnginePage> {
  const { driver, stop } = await startWebKit(proxy);
  // A command that waits for a page (a click that navigates, or one in a window that closes
  // meanwhile) gives up after 20 s instead of WebDriver's 300 s, so a stuck wait fails its own
  // test, not the next ones that the same driver would keep waiting.
  await driver.manage().setTimeouts({ pageLoad: 20_000, script: 20_000 });
  const capabilities = await driver.getCapabilities();
  const version = `WebKitGTK ${String(capabilities.get('browserVersion'))}`;
  await setWidth(driver, 1280, 800);
  return {
    engine: 'webkit',
    version,
    async goto(url) {
      await driver.get(url);
      await driver.executeScript(recordErrors);
    },
    evaluate: <T>(expression: string) => evaluateIn<T>(driver, expression),
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
    clickInPopup: (open, selector, text) => clickInPopup(driver, note, open, selector, text),
    setWidth: (width, height) => setWidth(driver, width, height),
    async screenshot(file) {
      if (screenshotsKept()) await writeFile(file, await driver.takeScreenshot(), 'base64');
    },
    errors: () => evaluateIn<string[]>(driver, 'window.__engineErrors || []'),
    async close() {
      try {
        await driver.quit();
      } finally {
        stop();
      }
    },
  };
}
