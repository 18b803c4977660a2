// Part of the functions' build (functions/package.json): writes what the functions take from the
// site's config, which they cannot import, beside the modules that read it:
// - functions/lib/help-report/site-facts.json, for the weekly help report (scripts/lib/help-report.ts);
// - functions/lib/site-notice/site-facts.json, for the known problems' feeds and the app's status
//   (scripts/lib/known-problems-facts.ts).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadFunctionsSource } from './lib/functions-source.ts';

// The known problems' facts name the functions' contracts, whose imports say `.js`.
loadFunctionsSource();
const [{ helpSiteFacts }, { noticeSiteFacts }] = await Promise.all([
  import('./lib/help-report.ts'),
  import('./lib/known-problems-facts.ts'),
]);

const lib = join(import.meta.dirname, '..', 'functions', 'lib');
for (const [folder, facts] of [
  ['help-report', helpSiteFacts()],
  ['site-notice', noticeSiteFacts()],
] as const) {
  mkdirSync(join(lib, folder), { recursive: true });
  writeFileSync(join(lib, folder, 'site-facts.json'), `${JSON.stringify(facts, null, 2)}\n`);
}
