import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatSlowest, readTimings } from './test-timings.ts';

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

  it('says so when no step wrote a report', () => {
    expect(formatSlowest(readTimings(join(tmpdir(), 'no-such-timings')))).toBe('The 0 slowest of 0 tests:');
  });
});
