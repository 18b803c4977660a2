// How every mail benchmark starts (`npm run bench:mail` and its --parallel, --flood and --ops
// modes): its flags read and checked; outside, the emulators started by
// `firebase emulators:exec` around the same script run again with `--inside` and the same
// settings; inside, a check that it runs under them. Then what the benchmarks that call the
// built functions themselves share: the functions' log kept off the terminal, the built
// modules, and the delivery settings that send to the SMTP sink on loopback.
import { createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { parseArgs, type ParseArgsOptionsConfig } from 'node:util';
import { busyPorts, firebaseBin, ports } from './emulators.ts';
import { emulatorsExecOnly } from './emulators-exec.ts';
import { emulatorConfigArgs } from './firebase-config.ts';
import { run } from './processes.ts';
import { envLocal, host, projectId, root } from './project.ts';
import type { MailConfig } from '../../functions/src/config.ts';
import type { RateLimits } from '../../functions/src/contact-pipeline/caps.ts';
import { defaultRetentionMonths } from '../../functions/src/contact-pipeline/retention.ts';

export type FlagValues = ReturnType<typeof parseArgs>['values'];

export type MailBench<Settings> = {
  /** The benchmark's file in scripts/, which runs itself again with `--inside`. */
  script: string;
  /** Its flags besides `--inside`, as `parseArgs` takes them. */
  options: ParseArgsOptionsConfig;
  /** False lets other flags by (those of `bench:mail` itself, which hands them all on). */
  strict?: boolean;
  /** The command line to read, when not this process's. */
  argv?: string[];
  /** The flags as `✖ Usage: npm run bench:mail -- <usage>` shows them. */
  usage: string;
  /** The settings the flags give; undefined when they are not valid. */
  settings: (values: FlagValues) => Settings | undefined;
  /** The flags that give the inside run the same settings. */
  flags: (settings: Settings) => string[];
  /**
   * Outside: runs `command` (the shell line of the inside run) under the emulators. By default
   * the functions are built and the Firestore emulator alone runs around it.
   */
  outside?: (command: string, settings: Settings) => Promise<never>;
  /** Inside, under `firebase emulators:exec`, given the Firestore emulator's address. */
  inside: (settings: Settings, firestoreHost: string) => Promise<never>;
};

/** Reads the flags and runs the benchmark's outside or, with `--inside`, its inside. */
export async function startMailBench<Settings>(bench: MailBench<Settings>): Promise<never> {
  const { values } = parseArgs({
    args: bench.argv ?? process.argv.slice(2),
    options: { ...bench.options, inside: { type: 'boolean', default: false } },
    strict: bench.strict ?? true,
  });
  const settings = bench.settings(values);
  if (settings === undefined) {
    console.error(`✖ Usage: npm run bench:mail -- ${bench.usage}`);
    process.exit(2);
  }
  if (values.inside !== true) {
    const command = [`'${process.execPath}'`, `scripts/${bench.script}`, '--inside', ...bench.flags(settings)];
    return (bench.outside ?? underFirestoreEmulator)(command.join(' '), settings);
  }
  // Only ever against the emulators of the demo project.
  const firestoreHost = process.env.FIRESTORE_EMULATOR_HOST;
  if (!firestoreHost || process.env.GCLOUD_PROJECT !== projectId) {
    process.stderr.write('✖ --inside runs under `firebase emulators:exec` only: use `npm run bench:mail`.\n');
    process.exit(2);
  }
  return bench.inside(settings, firestoreHost);
}

/** Exits when one of the `wanted` ports is in use (by `npm start`'s emulators, most likely). */
export async function exitIfBusy(wanted: Parameters<typeof busyPorts>[0]): Promise<void> {
  const busy = await busyPorts(wanted);
  if (busy.length > 0) {
    console.error(`✖ Cannot run the benchmark: already in use: ${busy.join(', ')}. Stop 'npm start' first.`);
    process.exit(1);
  }
}

/** Builds the functions (functions/lib, what the emulators and the benchmarks run); false when it failed. */
export async function buildFunctions(): Promise<boolean> {
  console.log('• Building the functions…');
  return (await run('npm', ['run', 'build', '--silent', '-w', 'functions'], { cwd: root })) === 0;
}

/** The arguments of `firebase emulators:exec` with the `only` emulators of the demo project around `command`. */
export function benchEmulatorsExec(only: string, command: string): string[] {
  return emulatorsExecOnly(only, emulatorConfigArgs(), projectId, command);
}

/**
 * The outside of a benchmark that calls the built functions itself: checks the ports, builds
 * the functions, then runs `command` under `firebase emulators:exec --only firestore`, and
 * exits with its code.
 */
async function underFirestoreEmulator(command: string): Promise<never> {
  await exitIfBusy({ firestore: ports.firestore, hub: ports.hub, smtp: ports.smtp });
  if (!(await buildFunctions())) process.exit(1);
  process.exit(await run(firebaseBin, benchEmulatorsExec('firestore', command), { cwd: root }));
}

/** Inside a benchmark: our lines go to the terminal, the functions' own log lines to `file`. */
export function quietFunctionsLog(file: string): (line?: string) => void {
  const log = createWriteStream(file);
  const write = (...parts: unknown[]) => {
    log.write(`${parts.map(String).join(' ')}\n`);
  };
  console.log = console.info = console.warn = console.error = console.debug = write;
  return (line = '') => {
    process.stdout.write(`${line}\n`);
  };
}

/** A module of the built functions (functions/lib, as deployed), by its path under src/ without extension. */
export async function builtFunctions<Module>(path: string): Promise<Module> {
  return (await import(join(root, 'functions', 'lib', `${path}.js`))) as Module;
}

/** The delivery settings of functions/.env.local with `limits`, sending to the SMTP sink on loopback. */
export function benchMailConfig(limits: RateLimits): MailConfig {
  return {
    smtp: { host, port: ports.smtp, secure: false, auth: { method: 'none' } },
    from: envLocal('MAIL_FROM') ?? 'bench@localhost',
    supportEmail: envLocal('SUPPORT_EMAIL') ?? '',
    limits,
    retentionMonths: defaultRetentionMonths,
  };
}
