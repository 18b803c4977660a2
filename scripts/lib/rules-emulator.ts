// Runs the site's rules checks (scripts/lib/rules-checks.ts) on a rules text, offline: a
// Firestore emulator of its own is started with `firebase emulators:exec --only firestore`
// under a demo- project, on free ports (so it runs beside `npm start` or the tests' emulators),
// and `scripts/rules-check.ts --inside` runs the checks in it and writes their report to a
// file this process reads. `npm run rules:check` and `npm run deploy` both come here.
import { join } from 'node:path';
import { runInOwnFirestoreEmulator } from './emulators-exec.ts';
import type { RulesReport } from './rules-checks.ts';

/** The demo project the checks load the rules into: no real project is ever reached. */
export const rulesCheckProject = 'demo-rules-check';

/** The report of every rules check on `rules`; throws when the emulator could not run them. */
export async function checkRulesOffline(rules: string): Promise<RulesReport> {
  const run = await runInOwnFirestoreEmulator<RulesReport>({
    project: rulesCheckProject,
    script: 'rules-check.ts',
    // No rules in this configuration: the checks load the text given for their own project.
    settings: { singleProjectMode: false },
    files: { 'firestore.rules': rules },
    args: (folder, reportFile) => [join(folder, 'firestore.rules'), reportFile],
  });
  if (!run.report) {
    throw new Error(
      `the Firestore emulator could not run the rules checks (exit code ${String(run.code)}):\n${run.lastLines}`,
    );
  }
  return run.report;
}
