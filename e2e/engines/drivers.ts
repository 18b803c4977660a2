// The two engines besides Chromium, driven through the browsers Debian ships (nothing is
// downloaded): Gecko as Firefox ESR over WebDriver BiDi (puppeteer-core), WebKit as WebKitGTK's
// MiniBrowser through its WebDriver (selenium-webdriver), on a virtual display (xvfb-run).
// Both are wrapped in the few operations the checks need, so one suite runs on either.
// Each in a module of its own (firefox-driver.ts, webkit-driver.ts).
import { existsSync } from 'node:fs';
import { firefoxBinary, launchFirefox } from './firefox-driver.ts';
import { launchWebKit, miniBrowserBinary, webkitDriverBinary } from './webkit-driver.ts';

export { firefoxBinary } from './firefox-driver.ts';
export { miniBrowserBinary } from './webkit-driver.ts';

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
