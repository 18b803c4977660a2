// `npm run budget`: builds the site as `npm test` does and prints what each route downloads
// (JavaScript, gzip -9 and brotli). The assertions live in tests/budgets/budgets.test.ts.
//
//   --no-build   measure the existing web/dist
import { join } from 'node:path';
import { formatTable, measure } from '../tests/budgets/bundle.ts';
import { run } from './lib/processes.ts';

const root = join(import.meta.dirname, '..');

if (!process.argv.includes('--no-build')) {
  const code = await run('npm', ['run', 'build:emulator', '--silent', '-w', 'web'], { cwd: root });
  if (code !== 0) process.exit(code);
}
console.log(`\n${formatTable(measure())}`);
