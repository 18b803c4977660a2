// `npm run rules:check -- <rules file>`: runs the site's rules checks on a Firestore rules
// file, offline, in a Firestore emulator of its own (scripts/lib/rules-emulator.ts): the
// contact form's message may be created, no hostile message may, and no visitor or member of
// the app may read, change or delete a contact message or touch the functions' own data. The
// same checks `npm run deploy` runs on the project's live rules; use it on the app's rules
// file once the site's part is merged in (docs/operating.md, "Deploying into the app's project").
// Exit code: 0 every check passed, 1 a check failed (each named, with the statement that let
// it through), 2 no file given or the emulator could not run.
//
// `--inside <rules file> <report file>` is the part that runs inside the emulator.
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { loadFunctionsSource } from './lib/functions-source.ts';
import { checkRulesOffline, rulesCheckProject } from './lib/rules-emulator.ts';
import { describeRulesFailures } from './lib/rules-report.ts';

const args = process.argv.slice(2);

if (args[0] === '--inside') {
  const [, rulesFile, reportFile] = args;
  const [host, port] = (process.env.FIRESTORE_EMULATOR_HOST ?? '').split(':');
  if (!rulesFile || !reportFile || !host || !port) {
    console.error('✖ --inside <rules file> <report file>, under firebase emulators:exec');
    process.exit(2);
  }
  loadFunctionsSource();
  const { runRulesChecks } = await import('./lib/rules-checks.ts');
  const report = await runRulesChecks(readFileSync(rulesFile, 'utf8'), {
    host,
    port: Number(port),
    projectId: rulesCheckProject,
  });
  writeFileSync(reportFile, JSON.stringify(report));
  // The Firestore clients keep sockets open; the report is written, so the run is over.
  process.exit(0);
}

const file = args.find((arg) => !arg.startsWith('--'));
if (!file) {
  console.error('✖ Name the rules file: npm run rules:check -- <rules file>');
  process.exit(2);
}
const started = Date.now();
try {
  const report = await checkRulesOffline(readFileSync(resolve(process.env.INIT_CWD ?? '.', file), 'utf8'));
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const failures = describeRulesFailures(report, file);
  if (failures) {
    console.error(`✖ ${failures}`);
    process.exit(1);
  }
  console.log(`✔ ${file}: all ${String(report.checks)} rules checks passed (${seconds}s).`);
} catch (error) {
  console.error(`✖ ${error instanceof Error ? error.message : String(error)}`);
  process.exit(2);
}
