// What the accessibility statement says about how the site is checked, taken from the test
// suite rather than typed into a text: the checks the suite runs (each tied to the code that
// runs it by scripts/lib/accessibility-checks.test.ts), the versions of the tools installed
// for them, how many addresses and page templates they cover, and the last time `npm test` passed in full on
// this machine (scripts/test.ts writes `.last-green-run.json`); and the statement's dates
// (config/accessibility-statement.ts), written in words in each language here rather than by
// the browser's first date format. vite.config.ts passes it to the statement page as
// `__ACCESSIBILITY__`.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { accessibilityStatement } from '../src/config/accessibility-statement.ts';
import { languages, type Language } from '../src/config/languages.ts';
import { everyPath, pageTemplateCount } from '../src/config/site-pages.ts';

/** The checks, in the order the statement lists them. */
export const accessibilityCheckIds = ['axe', 'html', 'reflow', 'keyboard', 'engines', 'lighthouse'] as const;
export type AccessibilityCheckId = (typeof accessibilityCheckIds)[number];

/** The tool each check runs, by its npm package (its installed version is stated). */
const packages: Partial<Record<AccessibilityCheckId, string>> = {
  axe: 'axe-core',
  html: 'vnu-jar',
  lighthouse: 'lighthouse',
};

/** Where `npm test` records its last full green run (ignored by git). */
export const lastGreenRunFile = '.last-green-run.json';
export type GreenRun = { date: string; commit: string };

export type AccessibilityChecks = {
  checks: Array<{ id: AccessibilityCheckId; version?: string }>;
  /** Every address (each page and the not-found page, in each language): HTML and texts checked on each. */
  addresses: number;
  /**
   * Page templates (layouts), the not-found page's included: the browser checks open each in
   * each language, and a few of the pages that share one (e2e/support/addresses.ts).
   */
  templates: number;
  /**
   * The last full green run, its date as each language writes it; null when none is recorded
   * (a build on a machine where `npm test` has not passed): the statement then lists the
   * checks without a date.
   */
  lastGreenRun: { date: Record<Language, string>; commit: string } | null;
  /** The statement's dates as each language writes them: prepared, last reviewed, the law applying. */
  dates: Record<StatementDate, Record<Language, string>>;
};

export type StatementDate = 'prepared' | 'reviewed' | 'lawAppliesSince';

/** A date (YYYY-MM-DD, or a full ISO time) in words, as each language writes it: "25 novembre 2026". */
export function inWords(date: string): Record<Language, string> {
  if (!/^\d{4}-\d\d-\d\d/.test(date) || Number.isNaN(Date.parse(date)))
    throw new Error(`${date} is not a date (YYYY-MM-DD): config/accessibility-statement.ts`);
  return Object.fromEntries(
    languages.map((language) => [
      language,
      new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(date)),
    ]),
  ) as Record<Language, string>;
}

const root = join(import.meta.dirname, '..', '..');

function installedVersion(name: string): string | undefined {
  try {
    const require = createRequire(join(root, 'package.json'));
    return (JSON.parse(readFileSync(require.resolve(`${name}/package.json`), 'utf8')) as { version: string }).version;
  } catch {
    return undefined;
  }
}

/** The recorded green run, if there is one and it is well-formed. */
export function readGreenRun(dir = root): GreenRun | undefined {
  const file = join(dir, lastGreenRunFile);
  if (!existsSync(file)) return undefined;
  const run = JSON.parse(readFileSync(file, 'utf8')) as Partial<GreenRun>;
  if (typeof run.date !== 'string' || !/^\d{4}-\d\d-\d\d/.test(run.date) || typeof run.commit !== 'string')
    return undefined;
  return { date: run.date, commit: run.commit };
}

export function accessibilityChecksAtBuild(dir = root, statement = accessibilityStatement): AccessibilityChecks {
  const run = readGreenRun(dir);
  return {
    checks: accessibilityCheckIds.map((id) => {
      const version = packages[id] ? installedVersion(packages[id]) : undefined;
      return version ? { id, version } : { id };
    }),
    addresses: (Object.keys(everyPath).length + 1) * languages.length,
    templates: pageTemplateCount,
    lastGreenRun: run ? { date: inWords(run.date), commit: run.commit.slice(0, 7) } : null,
    dates: {
      prepared: inWords(statement.prepared),
      reviewed: inWords(statement.reviewed),
      lawAppliesSince: inWords(statement.law.appliesSince),
    },
  };
}
