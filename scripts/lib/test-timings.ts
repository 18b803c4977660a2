// The time each test took, read from the JSON reports the test runners write during `npm test`
// (vitest's and Playwright's own reporters), so the end of the run names the slowest tests and
// a suite that grows with the content is seen when it grows, and names the tests that failed
// (with the first line of why), also when a log is cut to its last lines.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Where each step's runner writes its report: `<dir>/<step>.json`. */
export const timingsDir = join('test-results', 'timings');

export type TestTiming = {
  step: string;
  name: string;
  ms: number;
  /** Why it failed (the first line of the runner's message); absent when it passed or was skipped. */
  failure?: string;
};

type VitestReport = {
  testResults?: Array<{
    name?: string;
    status?: string;
    message?: string;
    assertionResults?: Array<{
      fullName?: string;
      duration?: number | null;
      status?: string;
      failureMessages?: string[] | null;
    }>;
  }>;
};
type PlaywrightResult = { duration?: number; status?: string; error?: { message?: string } };
type PlaywrightSuite = {
  title?: string;
  file?: string;
  specs?: Array<{
    title?: string;
    tests?: Array<{ projectName?: string; status?: string; results?: PlaywrightResult[] }>;
  }>;
  suites?: PlaywrightSuite[];
};
type PlaywrightReport = { suites?: PlaywrightSuite[] };

/** The first line of a runner's message that says something (colour codes taken out). */
function firstLine(message: string | undefined): string {
  const lines = (message ?? '')
    // eslint-disable-next-line no-control-regex -- the terminal's colour codes
    .replace(/\u001b\[[0-9;]*m/g, '')
    .split('\n')
    .map((line) => line.trim());
  const line = lines.find(Boolean) ?? 'failed (no message)';
  return line.length > 300 ? `${line.slice(0, 299)}…` : line;
}

function fromVitest(step: string, report: VitestReport): TestTiming[] {
  return (report.testResults ?? []).flatMap((file) => {
    const path = (file.name ?? '').replace(/^.*?\/(?=(?:tests|e2e|web|functions|scripts)\/)/, '');
    const tests: TestTiming[] = (file.assertionResults ?? []).map((test) => ({
      step,
      name: `${path} › ${test.fullName ?? ''}`,
      ms: test.duration ?? 0,
      ...(test.status === 'failed' ? { failure: firstLine(test.failureMessages?.join('\n')) } : {}),
    }));
    // A file that failed outside its tests (a hook, an import) has no failed test to name.
    const failedAlone = file.status === 'failed' && !tests.some(({ failure }) => failure);
    return failedAlone
      ? [...tests, { step, name: `${path} (the file)`, ms: 0, failure: firstLine(file.message) }]
      : tests;
  });
}

function fromPlaywright(step: string, suites: readonly PlaywrightSuite[], path: string[] = []): TestTiming[] {
  return suites.flatMap((suite) => {
    const here = [...path, suite.title ?? ''].filter(Boolean);
    const own = (suite.specs ?? []).flatMap((spec) =>
      (spec.tests ?? []).map((test) => {
        const results = test.results ?? [];
        const failed = results.find(({ status }) => status === 'failed' || status === 'timedOut');
        return {
          step,
          name: `[${test.projectName ?? ''}] ${[...here, spec.title ?? ''].join(' › ')}`,
          ms: results.reduce((sum, result) => sum + (result.duration ?? 0), 0),
          ...(test.status === 'unexpected' || test.status === 'flaky'
            ? {
                failure: `${test.status === 'flaky' ? '(passed on a retry) ' : ''}${firstLine(failed?.error?.message)}`,
              }
            : {}),
        };
      }),
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

/** The tests that failed (the first `most`), each with why: '' when none did. */
export function formatFailed(timings: readonly TestTiming[], most = 20): string {
  const failed = timings.filter(({ failure }) => failure !== undefined);
  if (failed.length === 0) return '';
  const lines = failed
    .slice(0, most)
    .map(({ step, name, failure }) => `  ✖ ${step.padEnd(10)} ${name}\n      ${failure ?? ''}`);
  const more =
    failed.length > most ? [`  … and ${String(failed.length - most)} more (in each step's output above)`] : [];
  return [`${String(failed.length)} failed:`, ...lines, ...more].join('\n');
}
