// Runs the site's rules checks (scripts/lib/rules-checks.ts) on a rules text, offline: a
// Firestore emulator of its own is started with `firebase emulators:exec --only firestore`
// under a demo- project, on free ports (so it runs beside `npm start` or the tests' emulators),
// and `scripts/rules-check.ts --inside` runs the checks in it and writes their report to a
// file this process reads. `npm run rules:check` and `npm run deploy` both come here.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { firebaseBin } from './emulators.ts';
import { capture } from './processes.ts';
import { host, root } from './project.ts';
import type { RulesReport } from './rules-checks.ts';

/** The demo project the checks load the rules into: no real project is ever reached. */
export const rulesCheckProject = 'demo-rules-check';

/** A port nothing listens on now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, host, () => {
      const address = server.address();
      server.close(() => {
        if (typeof address === 'object' && address) resolve(address.port);
        else reject(new Error('no free port'));
      });
    });
  });
}

/** The report of every rules check on `rules`; throws when the emulator could not run them. */
export async function checkRulesOffline(rules: string): Promise<RulesReport> {
  const dir = mkdtempSync(join(tmpdir(), 'rules-check-'));
  try {
    const rulesFile = join(dir, 'firestore.rules');
    const reportFile = join(dir, 'report.json');
    writeFileSync(rulesFile, rules);
    // No rules in this configuration: the checks load the text given for their own project.
    const [hub, logging, firestore, websocket] = [
      await freePort(),
      await freePort(),
      await freePort(),
      await freePort(),
    ];
    const config = {
      emulators: {
        singleProjectMode: false,
        ui: { enabled: false },
        hub: { host, port: hub },
        logging: { host, port: logging },
        firestore: { host, port: firestore, websocketPort: websocket },
      },
    };
    writeFileSync(join(dir, 'firebase.json'), JSON.stringify(config, null, 2));
    const inside = [process.execPath, join(root, 'scripts', 'rules-check.ts'), '--inside', rulesFile, reportFile]
      .map((part) => JSON.stringify(part))
      .join(' ');
    const run = await capture(
      firebaseBin,
      [
        'emulators:exec',
        '--config',
        join(dir, 'firebase.json'),
        '--project',
        rulesCheckProject,
        '--only',
        'firestore',
        inside,
      ],
      // The emulator writes its log into the working folder: the temporary one.
      { cwd: dir },
    );
    let report: RulesReport | undefined;
    try {
      report = JSON.parse(readFileSync(reportFile, 'utf8')) as RulesReport;
    } catch {
      report = undefined;
    }
    if (run.code !== 0 || !report) {
      const output = `${run.stdout}${run.stderr}`.trim().split('\n').slice(-20).join('\n');
      throw new Error(
        `the Firestore emulator could not run the rules checks (exit code ${String(run.code)}):\n${output}`,
      );
    }
    return report;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
