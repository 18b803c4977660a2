import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { root } from './project.ts';

// The unit tests share a module graph per worker (vitest.config.ts), but for the files named
// `*.isolated.test.ts(x)`. A file that replaces a module, or imports one only once it has patched
// a global, needs a graph of its own: in a shared one the module may already be loaded, by
// whichever file ran before it in that worker, and the test would pass or fail by the order.
const needsOwnGraph: Array<[RegExp, string]> = [
  [/\bvi\.(?:mock|doMock|unmock|doUnmock)\(/, 'replaces a module'],
  [/\bvi\.resetModules\(/, 'resets the modules'],
  [/^(?:const|let|await)\b.*\bawait import\(/m, 'imports a module after setting something up'],
];

/** Every unit test file of the packages and scripts, relative to the root. */
function unitTestFiles(): string[] {
  return ['web/src', 'functions/src', 'scripts'].flatMap((folder) =>
    readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.test\.tsx?$/.test(file) && !file.includes('node_modules'))
      .map((file) => join(folder, file)),
  );
}

describe('the unit tests’ module graphs', () => {
  it('finds the test files', () => {
    const files = unitTestFiles();
    expect(files.length).toBeGreaterThan(50);
    expect(files).toContain('scripts/lib/unit-isolation.test.ts');
  });

  it('gives a graph of its own to every file that needs one', () => {
    const shared = unitTestFiles().filter((file) => !/\.isolated\.test\.tsx?$/.test(file));
    const misplaced = shared.flatMap((file) => {
      const text = readFileSync(join(root, file), 'utf8');
      return needsOwnGraph.filter(([pattern]) => pattern.test(text)).map(([, why]) => `${file}: ${why}`);
    });
    expect(misplaced, 'rename each to *.isolated.test.ts(x)').toEqual([]);
  });

  it('names no other file as isolated than a test file ending so', () => {
    const odd = unitTestFiles().filter((file) => file.includes('.isolated.') && !/\.isolated\.test\.tsx?$/.test(file));
    expect(odd).toEqual([]);
  });
});
