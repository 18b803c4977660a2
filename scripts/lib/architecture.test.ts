import { readdirSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { root } from './project.ts';

// ARCHITECTURE.md names every production module of the functions in one line each, under "The
// functions' modules" (`- \`email/runner.ts\`: …`, the path relative to functions/src). This
// holds that list to the folder: a module added without its line fails the first test, and a
// line left behind by a module renamed or removed fails the second.

const functionsSrc = join(root, 'functions', 'src');

/** The paragraph the list starts with; it runs to the next paragraph that opens in bold. */
const listHeading = "**The functions' modules.**";

/** A path in backticks that reads as a module of functions/src: `index.ts`, `email/runner.ts`. */
const modulePath = /^(?:[\w-]+\/)*[\w-]+\.ts$/;

/** Every production module of functions/src, relative to it: its .ts files but the tests and the test data (*-samples.ts). */
function productionModules(): string[] {
  return readdirSync(functionsSrc, { recursive: true, encoding: 'utf8' })
    .map((file) => file.split(sep).join('/'))
    .filter(
      (file) =>
        file.endsWith('.ts') && !file.endsWith('.d.ts') && !file.endsWith('.test.ts') && !file.endsWith('-samples.ts'),
    )
    .sort();
}

/** The lines of ARCHITECTURE.md's module list, its heading paragraph included. */
function moduleList(): string[] {
  const lines = readFileSync(join(root, 'ARCHITECTURE.md'), 'utf8').split('\n');
  const start = lines.findIndex((line) => line.startsWith(listHeading));
  if (start < 0) throw new Error(`ARCHITECTURE.md has no paragraph that starts with ${listHeading}`);
  const after = lines.slice(start + 1).findIndex((line) => line.startsWith('**'));
  return lines.slice(start, after < 0 ? undefined : start + 1 + after);
}

/** The module each line of the list is about: the path in backticks it starts with. */
const listedModules = (list: readonly string[]) => list.flatMap((line) => /^- `([^`]+)`/.exec(line)?.[1] ?? []);

/** Every path of a module the list names in backticks, in a line's description too. */
const namedPaths = (list: readonly string[]) =>
  list.flatMap((line) =>
    [...line.matchAll(/`([^`]+)`/g)].flatMap(([, token = '']) => (modulePath.test(token) ? [token] : [])),
  );

const quoted = (path: string) => `\`${path}\``;

describe("ARCHITECTURE.md's list of the functions' modules", () => {
  it('names every production module of functions/src in a line of its own', () => {
    const modules = productionModules();
    expect(modules.length).toBeGreaterThan(50);
    expect(modules).toContain('email/runner.ts');
    const listed = new Set(listedModules(moduleList()));
    const missing = modules.filter((module) => !listed.has(module)).map(quoted);
    expect(missing, `not in ARCHITECTURE.md under ${listHeading}`).toEqual([]);
  });

  it('names no module that is gone, and each module in one line only', () => {
    const modules = new Set(productionModules());
    const list = moduleList();
    const gone = [...new Set(namedPaths(list))].filter((path) => !modules.has(path)).map(quoted);
    expect.soft(gone, `named under ${listHeading}, but no production module of functions/src`).toEqual([]);
    const listed = listedModules(list);
    const twice = listed.filter((module, index) => listed.indexOf(module) !== index).map(quoted);
    expect.soft(twice, `in more than one line under ${listHeading}`).toEqual([]);
  });
});
