import { defineConfig } from 'vitest/config';

// emulators/: tests against the running emulators (Hosting, Firestore, Functions), run by
// `npm test` under `firebase emulators:exec`. start/: `npm start` itself, run on its own.
export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ['**/*.test.ts'],
    environment: 'node',
    // One database and one SMTP port for all files: run the files one after another.
    fileParallelism: false,
    // The files share one worker and its loaded modules (each loads firebase-admin and the
    // functions' code: 4 s a file otherwise). Each file names its own Firebase app and ends
    // what it started.
    isolate: false,
    // An empty database at the start of each emulator test file (support/fresh-database.ts).
    setupFiles: ['support/fresh-database.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
