import { expect, test as base } from '@playwright/test';

// React's production build reports a server/client mismatch while hydrating a prerendered page
// as "Minified React error #418" (text), #423/#425 (content), #419 (fell back to client
// rendering); the development build says "hydrat…". Any of them, or an uncaught page error, fails
// the test that saw it.
const hydrationProblem = /Minified React error #(?:418|419|423|425)\b|hydrat/i;

export const test = base.extend<{ hydration: undefined }>({
  hydration: [
    async ({ page }, use) => {
      const problems: string[] = [];
      page.on('console', (message) => {
        if (hydrationProblem.test(message.text())) problems.push(`${message.type()}: ${message.text()}`);
      });
      page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
      await use(undefined);
      expect(problems, 'hydration problems and uncaught errors on the page').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
