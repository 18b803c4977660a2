// `npm run check`: the loop a developer runs between changes, in minutes: typecheck, lint
// (ESLint and Prettier, each with a cache in node_modules/.cache, so a second run reads only
// the files changed since), the unit tests, and the rules checks (scripts/rules-check.ts, on
// firestore.rules in an emulator of its own). Three lines of work side by side, each one's
// output shown when it ends; the last line sums them up. `-- --changed` runs the unit tests
// of what changed against HEAD alone (Vitest's --changed: the test files that import a
// changed file). `npm test` runs all of this and everything else.
import { join } from 'node:path';
import { root } from './lib/project.ts';
import { capture } from './lib/processes.ts';
import { lintCommands, typecheckCommands, unitCommand, type Command } from './lib/step-commands.ts';

const changed = process.argv.includes('--changed');

type Line = { title: string; commands: Command[] };

const lines: Line[] = [
  {
    title: 'typecheck, unit tests',
    commands: [...typecheckCommands(), unitCommand(changed ? ['--changed', 'HEAD'] : [])],
  },
  {
    title: 'lint',
    commands: lintCommands({ cached: true }),
  },
  { title: 'rules checks', commands: [[process.execPath, join('scripts', 'rules-check.ts'), 'firestore.rules']] },
];

const started = Date.now();
const results = await Promise.all(
  lines.map(async ({ title, commands }) => {
    const lineStart = Date.now();
    let ok = true;
    let output = '';
    for (const [command, ...args] of commands) {
      const result = await capture(command, args, { cwd: root, env: { ...process.env, FORCE_COLOR: '1' } });
      output += result.stdout + result.stderr;
      if (result.code !== 0) {
        ok = false;
        break;
      }
    }
    const seconds = Math.round((Date.now() - lineStart) / 1000);
    console.log(`\n━━ ${title} (${String(seconds)}s) ━━\n${output.trimEnd()}`);
    return { title, ok, seconds };
  }),
);
const failed = results.filter(({ ok }) => !ok);
console.log(
  `\n${results.map(({ title, ok, seconds }) => `${ok ? '✔' : '✖'} ${title} ${String(seconds)}s`).join(' · ')}`,
);
console.log(
  failed.length === 0
    ? `✔ npm run check passed in ${String(Math.round((Date.now() - started) / 1000))}s`
    : `✖ npm run check failed: ${failed.map(({ title }) => title).join(', ')}`,
);
process.exit(failed.length === 0 ? 0 : 1);
