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
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
