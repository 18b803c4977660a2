import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatFailed, formatSlowest, readTimings } from './test-timings.ts';

// The two report shapes as the runners write them (trimmed to the fields read).
describe('the test timings', () => {
  it('reads vitest’s and Playwright’s reports and names the slowest first', () => {
    const dir = mkdtempSync(join(tmpdir(), 'timings-'));
    writeFileSync(
      join(dir, 'emulators.json'),
      JSON.stringify({
        testResults: [
          {
            name: '/work/x/tests/emulators/mail-flood.test.ts',
            assertionResults: [
              { fullName: 'a flood › drains', duration: 41_000 },
              { fullName: 'a flood › counts', duration: 12 },
            ],
          },
        ],
      }),
    );
    writeFileSync(
      join(dir, 'e2e.json'),
      JSON.stringify({
        suites: [
          {
            title: 'contact.spec.ts',
            specs: [],
            suites: [
              {
                title: 'the form',
                specs: [
                  {
                    title: 'sends',
                    tests: [
                      { projectName: 'desktop', results: [{ duration: 9_000 }] },
                      { projectName: 'phone', results: [{ duration: 50_000 }, { duration: 1_000 }] },
                    ],
                  },
                ],
              },
            ],
          },
        ],
      }),
    );
    const timings = readTimings(dir);
    expect(timings).toHaveLength(4);
    const text = formatSlowest(timings, 3);
    expect(text.split('\n')).toEqual([
      'The 3 slowest of 4 tests:',
      '    51.0 s  e2e        [phone] contact.spec.ts › the form › sends',
      '    41.0 s  emulators  tests/emulators/mail-flood.test.ts › a flood › drains',
      '     9.0 s  e2e        [desktop] contact.spec.ts › the form › sends',
    ]);
  });

  it('names the tests that failed with the first line of why, colour codes taken out', () => {
    const dir = mkdtempSync(join(tmpdir(), 'timings-'));
    writeFileSync(
      join(dir, 'emulators.json'),
      JSON.stringify({
        testResults: [
          {
            name: '/work/x/tests/emulators/mail-abuse.test.ts',
            status: 'failed',
            assertionResults: [
              { fullName: 'quota › stops', duration: 9, status: 'passed', failureMessages: [] },
              {
                fullName: 'quota › alerts once',
                duration: 5,
                status: 'failed',
                failureMessages: ['\nAssertionError: expected \u001b[32m2\u001b[39m to be 1\n    at x.test.ts:3'],
              },
            ],
          },
          {
            name: '/work/x/tests/emulators/setup.test.ts',
            status: 'failed',
            message: 'Hook timed out',
            assertionResults: [],
          },
        ],
      }),
    );
    writeFileSync(
      join(dir, 'e2e.json'),
      JSON.stringify({
        suites: [
          {
            title: 'contact.spec.ts',
            specs: [
              {
                title: 'sends',
                tests: [
                  { projectName: 'desktop', status: 'expected', results: [{ status: 'passed', duration: 1 }] },
                  {
                    projectName: 'phone',
                    status: 'unexpected',
                    results: [
                      { status: 'timedOut', duration: 2, error: { message: 'Test timeout of 30000ms exceeded.' } },
                    ],
                  },
                ],
              },
            ],
          },
        ],
      }),
    );
    expect(formatFailed(readTimings(dir)).split('\n')).toEqual([
      '3 failed:',
      '  ✖ e2e        [phone] contact.spec.ts › sends',
      '      Test timeout of 30000ms exceeded.',
      '  ✖ emulators  tests/emulators/mail-abuse.test.ts › quota › alerts once',
      '      AssertionError: expected 2 to be 1',
      '  ✖ emulators  tests/emulators/setup.test.ts (the file)',
      '      Hook timed out',
    ]);
  });

  it('names at most the first `most` failures and counts the rest', () => {
    const failures = Array.from({ length: 5 }, (_, index) => ({
      step: 'unit',
      name: `t${String(index)}`,
      ms: 1,
      failure: 'no',
    }));
    expect(formatFailed(failures, 2).split('\n')).toEqual([
      '5 failed:',
      '  ✖ unit       t0',
      '      no',
      '  ✖ unit       t1',
      '      no',
      "  … and 3 more (in each step's output above)",
    ]);
  });

  it('says nothing of failures when every test passed', () => {
    const dir = mkdtempSync(join(tmpdir(), 'timings-'));
    writeFileSync(
      join(dir, 'unit.json'),
      JSON.stringify({
        testResults: [
          {
            name: '/w/web/a.test.ts',
            status: 'passed',
            assertionResults: [{ fullName: 'a', duration: 1, status: 'passed' }],
          },
        ],
      }),
    );
    expect(formatFailed(readTimings(dir))).toBe('');
  });

  it('says so when no step wrote a report', () => {
    expect(formatSlowest(readTimings(join(tmpdir(), 'no-such-timings')))).toBe('The 0 slowest of 0 tests:');
  });
});
