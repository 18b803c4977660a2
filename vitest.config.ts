import { defineConfig } from 'vitest/config';

// Unit tests of both packages and of the root scripts: `npx vitest run` at the root runs them all.
export default defineConfig({
  test: {
    projects: ['web', 'functions', 'scripts'],
  },
});
