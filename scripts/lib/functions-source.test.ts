import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { root } from './project.ts';

// Plain Node runs the scripts (`npm run …`): it strips the types of a .ts file but does not
// find `./x.ts` behind the `./x.js` the functions' source imports its siblings by. Vitest does,
// so a script that imports such a module statically passes every test and fails when run
// (the mail benchmarks and spam-score did, once a contract imported a sibling). The rule: a
// script imports from functions/src statically only a module without relative imports;
// anything else it imports dynamically after loadFunctionsSource() (functions-source.ts).

/** The scripts `npm run` starts: scripts/*.ts, tests aside. */
function entryScripts(): string[] {
  const dir = join(root, 'scripts');
  return readdirSync(dir)
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
    .map((name) => join(dir, name));
}

/** The modules a file imports statically for their values (not `import type`), by path. */
function staticValueImports(source: string): string[] {
  return [...source.matchAll(/^import\s+(?!type\s)([^;]*?)\s+from\s+'([^']+)';/gms)].map((match) => match[2] ?? '');
}

/** The relative `.js` imports of a module of the functions' source (what Node cannot find). */
function siblingJsImports(source: string): string[] {
  return [...source.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+\.js)'/g)].map((match) => match[1] ?? '');
}

describe('scripts load the functions’ source as plain Node can', () => {
  it('finds a static import of a module that imports a sibling as .js, and nothing else', () => {
    const script = [
      "import type { A } from '../functions/src/a.ts';",
      "import { b, type C } from '../functions/src/b.ts';",
      "import {\n  d,\n} from './lib/d.ts';",
      "const { e } = await import('../functions/src/e.ts');",
    ].join('\n');
    expect(staticValueImports(script)).toEqual(['../functions/src/b.ts', './lib/d.ts']);
    expect(siblingJsImports("import { x } from './x.js';\nimport y from '../y.js';\nimport z from 'z';")).toEqual([
      './x.js',
      '../y.js',
    ]);
  });

  it('no script reaches statically a module of functions/src that imports its siblings', () => {
    // From each script, through the static imports of the project's own files (a dynamic
    // import made after loadFunctionsSource() is not followed: the hook is in place by then).
    const functionsSource = join(root, 'functions', 'src');
    const offenders = new Set<string>();
    const seen = new Set<string>();
    const visit = (file: string, from: string) => {
      if (!relative(functionsSource, file).startsWith('..')) {
        const siblings = siblingJsImports(readFileSync(file, 'utf8'));
        if (siblings.length > 0) {
          offenders.add(`${relative(root, from)} → ${relative(root, file)} (imports ${siblings.join(', ')})`);
        }
        return;
      }
      if (seen.has(file)) return;
      seen.add(file);
      const source = readFileSync(file, 'utf8');
      for (const specifier of staticValueImports(source)) {
        if (specifier.startsWith('.') && specifier.endsWith('.ts')) visit(resolve(dirname(file), specifier), file);
      }
    };
    for (const script of entryScripts()) visit(script, script);
    expect(seen.size).toBeGreaterThan(entryScripts().length);
    expect([...offenders], 'import these after loadFunctionsSource(), with await import(…)').toEqual([]);
  });
});
