// The Chromium the tests drive: Debian's headless shell (package chromium-headless-shell), the
// same Blink and V8 as Debian's Chromium without the desktop browser around them, which is what
// Playwright itself runs for headless tests. The browser tests' 97 pages of pages, account and
// contact took 177 CPU-seconds in it against 264 in the full browser, the same tests passing.
// Lighthouse's assertions run in it too (scripts/lighthouse.ts --assert); whatever measures
// speed (Lighthouse's performance, the benchmarks) keeps the full browser visitors run.
import { existsSync } from 'node:fs';

const headlessShell = '/usr/bin/chromium-headless-shell';

/** CHROMIUM_PATH, else the headless shell, else (a machine without it) Debian's full Chromium. */
export const testChromiumPath =
  process.env.CHROMIUM_PATH ?? (existsSync(headlessShell) ? headlessShell : '/usr/bin/chromium');

/** The flags every test's Chromium starts with (the toolchain notes say why each). */
export const testChromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
