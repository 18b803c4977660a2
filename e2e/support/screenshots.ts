// Screenshots the browser suites keep for people to look at (e2e-screenshots/, ignored by git).
// They assert nothing: a CI run, where no one looks at them, takes none (E2E_SCREENSHOTS=1 takes
// them there too, E2E_SCREENSHOTS=0 leaves them out anywhere). No Playwright here: the Firefox
// and WebKit suite asks too.

/** Whether this run keeps its screenshots. */
export function screenshotsKept(environment: NodeJS.ProcessEnv = process.env): boolean {
  const asked = environment.E2E_SCREENSHOTS;
  return asked === undefined || asked === '' ? !environment.CI : asked === '1';
}

type Screenshotted = { screenshot(options: { path: string }): Promise<unknown> };

/** Keeps a screenshot of `target` at `path` (with Playwright's `options`) when the run keeps them. */
export async function keepScreenshot<Target extends Screenshotted>(
  target: Target,
  path: string,
  options?: Omit<NonNullable<Parameters<Target['screenshot']>[0]>, 'path'>,
): Promise<void> {
  if (screenshotsKept()) await target.screenshot({ ...options, path });
}
