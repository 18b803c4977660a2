// Browser tests: Debian's Chromium headless shell (never a downloaded browser) against the built site served
// by the Hosting emulator, with Firestore, Functions and a real SMTP inbox on loopback. Run
// under `firebase emulators:exec` by `npm test` (step e2e); see e2e/support/ for the inbox.
import { defineConfig } from '@playwright/test';
import { testChromiumArgs, testChromiumPath } from '../scripts/lib/test-chromium.ts';
import { today } from './support/addresses.ts';
import { desktopSkips, phoneRuns } from './support/widths.ts';

// The day's sample of pages is pinned before any worker starts (support/addresses.ts).
today();

const desktop = { viewport: { width: 1280, height: 800 } };
const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
/** Files whose tests run with no other beside them. */
const alone = '**/*.alone.spec.ts';

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: '../test-results/e2e',
  globalSetup: './support/global-setup.ts',
  fullyParallel: true,
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  // The list as it runs, and each test's time for npm test's summary (scripts/lib/test-timings.ts).
  reporter: [['list'], ['json', { outputFile: '../test-results/timings/e2e.json' }]],
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: 'http://127.0.0.1:5000',
    browserName: 'chromium',
    launchOptions: { executablePath: testChromiumPath, args: testChromiumArgs },
    locale: 'en-GB',
    trace: 'off',
    // Only the tests of the help centre's copy run its service worker (help-copy.spec.ts, the
    // storage test): in every other test a help page would copy the help centre, about 130
    // requests to the one Hosting emulator, beside the test.
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
  },
  projects: [
    // Each test's width is its tag (support/widths.ts): @desktop, @phone, or @widths for both.
    { name: 'desktop', grepInvert: desktopSkips, testIgnore: alone, use: desktop },
    { name: 'phone', grep: phoneRuns, testIgnore: alone, use: phone },
    // Tests that change what every page shows (a known-problem notice), once every other test
    // is done, each width after the other.
    {
      name: 'alone-desktop',
      testMatch: alone,
      grepInvert: desktopSkips,
      dependencies: ['desktop', 'phone'],
      use: desktop,
    },
    { name: 'alone-phone', testMatch: alone, grep: phoneRuns, dependencies: ['alone-desktop'], use: phone },
  ],
});
