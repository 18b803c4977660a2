import { defineConfig } from 'vitest/config';

// The Gecko and WebKit checks (engine-suite.ts), run by `npm test` (step engines) under
// `firebase emulators:exec` with the same test inbox as the Chromium suite. The two engines
// run side by side, one file each; the checks within an engine run in order on one page.
export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ['*.test.ts'],
    environment: 'node',
    // Side by side also on two cores (Vitest's default leaves one core free, and would run
    // the two engines one after the other): each mostly waits on its browser.
    maxWorkers: 2,
    globalSetup: ['../support/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
