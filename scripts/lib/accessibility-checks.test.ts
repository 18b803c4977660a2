import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  accessibilityCheckIds,
  accessibilityChecksAtBuild,
  inWords,
  lastGreenRunFile,
  readGreenRun,
  type AccessibilityCheckId,
} from '../../web/build/accessibility-checks.ts';
import { accessibilityStatement } from '../../web/src/config/accessibility-statement.ts';
import { languages } from '../../web/src/config/languages.ts';
import { moduleOf } from '../../web/src/config/paths.ts';
import { everyPath } from '../../web/src/config/site-pages.ts';
import { root } from './project.ts';

const read = (file: string) => readFileSync(join(root, file), 'utf8');

// Each check the accessibility statement names, and the code of the suite that runs it: a
// statement that outlives its check fails here.
const ranBy: Record<AccessibilityCheckId, () => void> = {
  axe: () => {
    expect(read('e2e/support/axe.ts')).toMatch(/wcag22aa/);
    expect(read('e2e/pages.spec.ts')).toMatch(
      /browserRouteNames[\s\S]*expectNoAxeViolations[\s\S]*\/no\/such\/page[\s\S]*expectNoAxeViolations/,
    );
  },
  html: () => {
    expect(read('scripts/test.ts')).toMatch(/id: 'html'/);
    expect(read('scripts/check-html.ts')).toMatch(/vnu/);
  },
  reflow: () => {
    expect(read('e2e/support/reflow.ts')).toMatch(/reflowWidth = 320\b/);
    expect(read('e2e/pages.spec.ts')).toMatch(
      /browserRouteNames[\s\S]*expectReflows\(page\)[\s\S]*\/no\/such\/page[\s\S]*expectReflows\(page\)/,
    );
  },
  keyboard: () => {
    expect(read('e2e/accessibility.spec.ts')).toMatch(/keyboard\.press\('Tab'\)/);
  },
  engines: () => {
    expect(read('scripts/test.ts')).toMatch(/id: 'engines'/);
    for (const engine of ['firefox', 'webkit']) {
      expect(read(`e2e/engines/${engine}-pages.test.ts`)).toContain(`engineSuite('${engine}', 'pages')`);
    }
  },
  lighthouse: () => {
    expect(read('scripts/test.ts')).toMatch(/id: 'lighthouse'[^}]*lighthouse\.ts'[^}]*'--assert'/);
    expect(read('scripts/lighthouse.ts')).toMatch(/const asserted = \['accessibility'/);
  },
};

describe('the accessibility statement’s checks', () => {
  it.each(accessibilityCheckIds)('%s is run by the suite', (id) => {
    ranBy[id]();
  });

  it('states the installed tools’ versions and how many addresses every check covers', () => {
    const built = accessibilityChecksAtBuild();
    expect(built.checks.map((check) => check.id)).toEqual([...accessibilityCheckIds]);
    for (const id of ['axe', 'html', 'lighthouse'])
      expect(built.checks.find((check) => check.id === id)?.version, id).toMatch(/^\d+\.\d+/);
    expect(built.addresses).toBe((Object.keys(everyPath).length + 1) * languages.length);
    expect(built.templates).toBe(
      new Set([...Object.keys(everyPath), 'notFound'].map((name) => moduleOf(name as 'notFound'))).size,
    );
  });

  it('states the last full green run npm test recorded, and none when there is none', () => {
    const dir = mkdtempSync(join(tmpdir(), 'green-run-'));
    try {
      expect(readGreenRun(dir)).toBeUndefined();
      expect(accessibilityChecksAtBuild(dir).lastGreenRun).toBeNull();
      writeFileSync(
        join(dir, lastGreenRunFile),
        JSON.stringify({ date: '2026-11-25T17:00:00.000Z', commit: 'abcdef0123' }),
      );
      expect(accessibilityChecksAtBuild(dir).lastGreenRun).toEqual({
        date: { en: 'November 25, 2026', it: '25 novembre 2026' },
        commit: 'abcdef0',
      });
      writeFileSync(join(dir, lastGreenRunFile), JSON.stringify({ date: 'yesterday', commit: 1 }));
      expect(readGreenRun(dir)).toBeUndefined();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('writes the statement’s dates in words in each language, from its configuration', () => {
    const statement = { ...accessibilityStatement, prepared: '2026-03-02', reviewed: '2026-11-26' };
    expect(accessibilityChecksAtBuild(undefined, statement).dates).toEqual({
      prepared: { en: 'March 2, 2026', it: '2 marzo 2026' },
      reviewed: { en: 'November 26, 2026', it: '26 novembre 2026' },
      lawAppliesSince: { en: 'June 28, 2025', it: '28 giugno 2025' },
    });
    expect(() => inWords('last week')).toThrow(/not a date/);
    expect(() => inWords('2026-13-45')).toThrow(/not a date/);
  });

  it('was reviewed no earlier than it was prepared, and not in the future', () => {
    const { prepared, reviewed } = accessibilityStatement;
    expect(reviewed >= prepared, `${reviewed} is before ${prepared}`).toBe(true);
    expect(Date.parse(reviewed)).toBeLessThanOrEqual(Date.now());
  });
});
