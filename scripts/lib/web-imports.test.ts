import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { root } from './project.ts';

// The import graph of the site's code (web/src, tests aside): ESLint holds which folder may
// import which (eslint.config.js: none upward, no feature into another); this holds what a
// folder rule cannot see, that no module reaches itself again through what it imports. A
// type-only import is left out: it is gone from the built code.

const webSrc = join(root, 'web', 'src');
const isTest = (file: string) => /\.test\.tsx?$/.test(file);

function sourceFiles(): string[] {
  return readdirSync(webSrc, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !file.endsWith('.d.ts') && !isTest(file))
    .map((file) => join(webSrc, file));
}

/** The specifiers a module imports at run time: static imports and re-exports (not type-only), dynamic imports. */
function runtimeSpecifiers(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (
      ts.isImportDeclaration(node) &&
      node.importClause?.phaseModifier !== ts.SyntaxKind.TypeKeyword &&
      ts.isStringLiteral(node.moduleSpecifier)
    )
      found.push(node.moduleSpecifier.text);
    else if (
      ts.isExportDeclaration(node) &&
      !node.isTypeOnly &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    )
      found.push(node.moduleSpecifier.text);
    else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    )
      found.push(node.arguments[0].text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The file of web/src a relative specifier names, if it names one. */
function resolved(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = resolve(dirname(from), specifier);
  const candidates = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')];
  return candidates.find(
    (candidate) => candidate.startsWith(webSrc) && /\.tsx?$/.test(candidate) && existsSync(candidate),
  );
}

/** The import graph: each module and the modules of web/src it imports at run time. */
function importGraph(): Map<string, string[]> {
  return new Map(
    sourceFiles().map((file) => [
      file,
      runtimeSpecifiers(file).flatMap((specifier) => resolved(file, specifier) ?? []),
    ]),
  );
}

/** Every cycle found by a depth-first walk, each as the modules around it (relative to web/src). */
function cycles(graph: Map<string, string[]>): string[][] {
  const done = new Set<string>();
  const path: string[] = [];
  const onPath = new Set<string>();
  const found: string[][] = [];
  const walk = (module: string) => {
    if (onPath.has(module)) {
      found.push(
        [...path.slice(path.indexOf(module)), module].map((file) => relative(webSrc, file).split(sep).join('/')),
      );
      return;
    }
    if (done.has(module)) return;
    path.push(module);
    onPath.add(module);
    for (const next of graph.get(module) ?? []) walk(next);
    onPath.delete(module);
    path.pop();
    done.add(module);
  };
  for (const module of graph.keys()) walk(module);
  return found;
}

describe('the import graph of web/src', () => {
  it('is read whole: every module, and the imports between them', () => {
    const graph = importGraph();
    expect(graph.size).toBeGreaterThan(150);
    const contactHooks = graph.get(join(webSrc, 'features', 'contact', 'use-contact-form.ts')) ?? [];
    expect(contactHooks).toContain(join(webSrc, 'visit', 'contact-link.ts'));
  });

  it('has no cycle', () => {
    expect(cycles(importGraph())).toEqual([]);
  });

  it('finds a cycle where there is one', () => {
    const [a, b, c] = ['a.ts', 'b.ts', 'c.ts'].map((file) => join(webSrc, file));
    if (!a || !b || !c) throw new Error('three modules');
    expect(
      cycles(
        new Map([
          [a, [b]],
          [b, [c]],
          [c, [a]],
        ]),
      ),
    ).toEqual([['a.ts', 'b.ts', 'c.ts', 'a.ts']]);
  });
});
