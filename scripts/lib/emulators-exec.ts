// `firebase emulators:exec` as the checks and benchmarks call it: its arguments, and a Firestore
// emulator of its own (a demo- project on free ports, configured in a temporary folder, so it
// runs beside `npm start` or the tests' emulators) around a script that writes a report file.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { firebaseBin } from './emulators.ts';
import { freePort } from './free-port.ts';
import { capture } from './processes.ts';
import { host, root } from './project.ts';

/**
 * The arguments of `firebase emulators:exec` that run `command` (one shell line) with the
 * `only` emulators (`firestore`, `firestore,functions`) of `project` up, configured by `config`
 * (`--config <file>`).
 */
export function emulatorsExecOnly(only: string, config: readonly string[], project: string, command: string): string[] {
  return ['emulators:exec', ...config, '--project', project, '--only', only, command];
}

export type OwnEmulatorJob = {
  /** The demo project the emulator serves. */
  project: string;
  /** The file in scripts/ run inside, with `--inside` and `args`. */
  script: string;
  /** Its arguments after `--inside`, given the temporary folder and the report file to write. */
  args: (folder: string, reportFile: string) => string[];
  /** Files written into the temporary folder first, by name. */
  files?: Record<string, string>;
  /** Settings of the `emulators` block besides the ports (they come first in it). */
  settings?: Record<string, unknown>;
};

/** The report the inside run wrote (undefined when it wrote none, or the run failed), and how the run ended. */
export type OwnEmulatorRun<Report> = { report: Report | undefined; code: number; lastLines: string };

/**
 * Runs `scripts/<script> --inside …` under `firebase emulators:exec --only firestore` in a
 * Firestore emulator of its own, and reads the JSON report it writes. The temporary folder,
 * the emulator's working folder, goes with everything in it.
 */
export async function runInOwnFirestoreEmulator<Report>(job: OwnEmulatorJob): Promise<OwnEmulatorRun<Report>> {
  const dir = mkdtempSync(join(tmpdir(), `${job.script.replace(/\.ts$/, '')}-`));
  try {
    const reportFile = join(dir, 'report.json');
    for (const [name, text] of Object.entries(job.files ?? {})) writeFileSync(join(dir, name), text);
    const [hub, logging, firestore, websocket] = [
      await freePort(),
      await freePort(),
      await freePort(),
      await freePort(),
    ];
    const emulators = {
      ...job.settings,
      ui: { enabled: false },
      hub: { host, port: hub },
      logging: { host, port: logging },
      firestore: { host, port: firestore, websocketPort: websocket },
    };
    writeFileSync(join(dir, 'firebase.json'), JSON.stringify({ emulators }, null, 2));
    const command = [process.execPath, join(root, 'scripts', job.script), '--inside', ...job.args(dir, reportFile)]
      .map((part) => JSON.stringify(part))
      .join(' ');
    const config = ['--config', join(dir, 'firebase.json')];
    // The emulator writes its log into the working folder: the temporary one.
    const run = await capture(firebaseBin, emulatorsExecOnly('firestore', config, job.project, command), { cwd: dir });
    const lastLines = `${run.stdout}${run.stderr}`.trim().split('\n').slice(-20).join('\n');
    return {
      report: run.code === 0 ? (readJson(reportFile) as Report | undefined) : undefined,
      code: run.code,
      lastLines,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The JSON in `file`; undefined when there is none or it does not parse. */
function readJson(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}
