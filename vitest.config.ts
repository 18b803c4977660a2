import { configDefaults, defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

// Unit tests of both packages and of the root scripts: `npx vitest run` at the root runs them all.
//
// A worker runs file after file in one module graph (isolate: false): a fresh graph for every
// file cost about 0.7 s a file in start-up, the larger part of the step (the whole run: 65 s →
// 26 s, 124 → 48 s of CPU on two cores). What a test changes on the globals, it changes for its
// own test only (restoreMocks, unstubGlobals, unstubEnvs). A file that needs modules of its own
// is named `*.isolated.test.ts(x)` and runs in a graph of its own: one that replaces a module
// (vi.mock), loads one only after patching a global it keeps (a logger that holds the console's
// methods), or needs a module's state fresh (the notice store, which a page keeps across its
// routes). scripts/lib/unit-isolation.test.ts finds the first two kinds.

/** Test files that run in a module graph of their own, and all the others. */
export const isolatedTests = '**/*.isolated.test.{ts,tsx}';
const sharedTests = '**/!(*.isolated).test.{ts,tsx}';

/** The packages, each with the config its own `vitest run` reads. */
const packages = [
  { name: 'web', config: './web/vite.config.ts' },
  { name: 'functions', config: './functions/vitest.config.ts' },
  { name: 'scripts' },
] as const;

export default defineConfig({
  test: {
    projects: packages.flatMap(({ name, ...rest }): TestProjectInlineConfiguration[] => {
      const base = 'config' in rest ? { extends: rest.config } : {};
      return [
        {
          ...base,
          test: {
            name,
            root: name,
            isolate: false,
            restoreMocks: true,
            unstubGlobals: true,
            unstubEnvs: true,
            exclude: [...configDefaults.exclude, isolatedTests],
          },
        },
        // (An extended config's include and this one's would add up: the others are left out.)
        { ...base, test: { name: `${name}-isolated`, root: name, exclude: [...configDefaults.exclude, sharedTests] } },
      ];
    }),
  },
});
