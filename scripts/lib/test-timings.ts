// The time each test took, read from the JSON reports the test runners write during `npm test`
// (vitest's and Playwright's own reporters), so the end of the run names the slowest tests and
// a suite that grows with the content is seen when it grows.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Where each step's runner writes its report: `<dir>/<step>.json`. */
export const timingsDir = join('test-results', 'timings');

export type TestTiming = { step: string; name: string; ms: number };

type VitestReport = {
  testResults?: Array<{ name?: string; assertionResults?: Array<{ fullName?: string; duration?: number | null }> }>;
};
type PlaywrightSuite = {
  title?: string;
  file?: string;
  specs?: Array<{ title?: string; tests?: Array<{ projectName?: string; results?: Array<{ duration?: number }> }> }>;
  suites?: PlaywrightSuite[];
};
type PlaywrightReport = { suites?: PlaywrightSuite[] };

function fromVitest(step: string, report: VitestReport): TestTiming[] {
  return (report.testResults ?? []).flatMap((file) =>
    (file.assertionResults ?? []).map((test) => ({
      step,
      name: `${(file.name ?? '').replace(/^.*?\/(?=(?:tests|e2e|web|functions|scripts)\/)/, '')} › ${test.fullName ?? ''}`,
      ms: test.duration ?? 0,
    })),
  );
}

function fromPlaywright(step: string, suites: readonly PlaywrightSuite[], path: string[] = []): TestTiming[] {
  return suites.flatMap((suite) => {
    const here = [...path, suite.title ?? ''].filter(Boolean);
    const own = (suite.specs ?? []).flatMap((spec) =>
      (spec.tests ?? []).map((test) => ({
        step,
        name: `[${test.projectName ?? ''}] ${[...here, spec.title ?? ''].join(' › ')}`,
        ms: (test.results ?? []).reduce((sum, result) => sum + (result.duration ?? 0), 0),
      })),
    );
    return [...own, ...fromPlaywright(step, suite.suites ?? [], here)];
  });
}

/** Every test's time in the reports under `dir`, whichever runner wrote each. */
export function readTimings(dir: string): TestTiming[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .flatMap((file) => {
      const step = file.replace(/\.json$/, '');
      const report = JSON.parse(readFileSync(join(dir, file), 'utf8')) as VitestReport & PlaywrightReport;
      return report.testResults ? fromVitest(step, report) : fromPlaywright(step, report.suites ?? []);
    });
}

/** The `most` slowest tests, one line each: seconds, step, name. */
export function formatSlowest(timings: readonly TestTiming[], most = 10): string {
  const slowest = [...timings].sort((a, b) => b.ms - a.ms).slice(0, most);
  const lines = slowest.map(
    ({ step, name, ms }) => `  ${(ms / 1000).toFixed(1).padStart(6)} s  ${step.padEnd(10)} ${name}`,
  );
  return [`The ${String(slowest.length)} slowest of ${String(timings.length)} tests:`, ...lines].join('\n');
}
