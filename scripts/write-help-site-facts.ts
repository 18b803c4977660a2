// Part of the functions' build (functions/package.json): writes what the weekly help report takes
// from the site's config (scripts/lib/help-report.ts, `helpSiteFacts`) beside the built report,
// functions/lib/help-report/site-facts.json, which the deployed functions read.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { helpSiteFacts } from './lib/help-report.ts';

const folder = join(import.meta.dirname, '..', 'functions', 'lib', 'help-report');
mkdirSync(folder, { recursive: true });
writeFileSync(join(folder, 'site-facts.json'), `${JSON.stringify(helpSiteFacts(), null, 2)}\n`);
