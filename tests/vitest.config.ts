import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { ownProjectEnvironment } from './support/lanes.ts';

// emulators/: tests against the running emulators (Hosting, Firestore, Functions), run by
// `npm test` under `firebase emulators:exec`. start/: `npm start` itself, run on its own.
// budgets/: the built site's bytes.
//
// Two projects, each run one file at a time, side by side in `npm test` (support/lanes.ts):
// `site`, the files on the site's Firebase project (its Hosting, its functions' triggers, its
// Auth accounts), and `own-project`, emulators/own-project/, the files that call the mail
// modules themselves, on a Firestore project of their own with SMTP servers of their own.
const shared: TestProjectInlineConfiguration['test'] = {
  root: import.meta.dirname,
  environment: 'node',
  // The files share one worker and its loaded modules (each loads firebase-admin and the
  // functions' code: 4 s a file otherwise). Each file names its own Firebase app and ends
  // what it started.
  isolate: false,
  // An empty database at the start of each emulator test file (support/fresh-database.ts).
  setupFiles: ['support/fresh-database.ts'],
  testTimeout: 30_000,
  hookTimeout: 30_000,
};

export default defineConfig({
  test: {
    // One database and one SMTP port per project: a project runs its files one after another.
    fileParallelism: false,
    projects: [
      {
        // The site's modules tested against the emulators name the contracts as the site does (@contracts/…).
        resolve: { tsconfigPaths: true },
        test: { ...shared, name: 'site', include: ['**/*.test.ts'], exclude: ['emulators/own-project/**'] },
      },
      {
        test: {
          ...shared,
          name: 'own-project',
          include: ['emulators/own-project/*.test.ts'],
          env: ownProjectEnvironment,
        },
      },
    ],
  },
});
