import { defineConfig } from 'vitest/config';

// Tests against the running emulators (Hosting, Firestore, Functions); `npm test` runs them
// under `firebase emulators:exec`, which sets FIRESTORE_EMULATOR_HOST and friends.
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
