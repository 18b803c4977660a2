import { defineConfig } from 'vitest/config';

// The Gecko and WebKit checks (engine-suite.ts), run by `npm test` (step engines) under
// `firebase emulators:exec` with the same test inbox as the Chromium suite. Each engine has two
// files (its pages, its journeys), all four side by side; the checks within a file run in
// order on one page.
export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ['*.test.ts'],
    environment: 'node',
    // The four files (two engines, pages and journeys) side by side, also on two cores
    // (Vitest's default leaves one core free): each mostly waits on its browser.
    maxWorkers: 4,
    globalSetup: ['../support/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
