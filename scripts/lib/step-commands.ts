// The commands of the checks that both `npm test` (scripts/test.ts) and `npm run check`
// (scripts/check.ts) run, written once: the typecheck of every project, ESLint and Prettier
// (with their caches in node_modules/.cache for the loop between changes) and the unit tests.
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { root } from './project.ts';
import { typecheckCompiler, typecheckProjects } from './typecheck.ts';

export type Command = [string, ...string[]];

/** A command of the project's npm dependencies. */
export const bin = (name: string): string => join(root, 'node_modules', '.bin', name);

/** `tsc -p` on each TypeScript project, one after another. */
export const typecheckCommands = (): Command[] =>
  typecheckProjects.map((project): Command => [join(root, typecheckCompiler), '-p', project]);

/** ESLint then Prettier on the whole repository; `cached`: each reads only what changed since its last run. */
export function lintCommands({ cached }: { cached: boolean }): Command[] {
  const cache = join(root, 'node_modules', '.cache');
  return [
    [bin('eslint'), '--max-warnings=0', ...(cached ? ['--cache', '--cache-location', join(cache, 'eslint')] : []), '.'],
    [bin('prettier'), '--check', '--log-level=warn', ...(cached ? ['--cache'] : []), '.'],
  ];
}

/**
 * Every unit test (the root's Vitest projects), with `extra` arguments. One worker per core:
 * Vitest leaves one free by default (on two cores 37 s → 23 s).
 */
export const unitCommand = (extra: string[] = []): Command => [
  bin('vitest'),
  'run',
  `--maxWorkers=${String(availableParallelism())}`,
  ...extra,
];
