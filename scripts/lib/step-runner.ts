// How `npm test` (scripts/test.ts) runs its steps and keeps what each came to: a step's
// commands, shown as they run or held until they end, and the steps that share one start of
// the emulators, run by the script again as itself inside `firebase emulators:exec`.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import {
  busyPorts,
  emulatorEnvironment,
  emulatorsExecArgs,
  ensureLocalSecrets,
  firebaseBin,
  ports,
} from './emulators.ts';
import { root } from './project.ts';
import { capture, run } from './processes.ts';
import { machineSeconds, takeChildrenSeconds } from './cpu.ts';
import type { Command } from './step-commands.ts';

export type Step = {
  id: string;
  title: string;
  commands: Command[];
  needs?: string;
  /** Runs the emulators and the inbox: their ports must be free. */
  emulators?: true;
  /** Runs inside the emulators this script starts once for every such step (in the order listed). */
  inside?: true;
  /** Turns the Functions emulator's background triggers off and on (the next step wants them on). */
  switchesTriggers?: true;
  /** Its commands run at once: the first's output as it comes, each other's when it ends. */
  sideBySide?: true;
  /**
   * Runs while the step of this id runs (in the order listed, its output held until it ends);
   * on its own when that step does not run.
   */
  beside?: string;
};

/**
 * What a step came to. Where /proc tells: for a step run alone, `machine`, the CPU-seconds the
 * whole machine used while it ran (the emulator tests' holds the steps beside them); for a step
 * `beside` the emulator tests, `cpu`, those of its own commands and the children they waited for.
 */
export type Outcome = {
  title: string;
  ok: boolean;
  seconds: number;
  machine?: number;
  cpu?: number;
  beside?: boolean;
  note?: string;
};

/** Where the run inside the emulators writes what each of its steps came to, for the run that started them. */
export const insideReport = join(root, 'test-results', 'inside-steps.json');

type Ran = { code: number; stdout: string; stderr: string };

/**
 * A step's commands, one after another or side by side (`sideBySide`); the output of a held
 * step collected, else the first command's shown as it comes and the others' as they end.
 * `used` takes the CPU-seconds of the commands that ended.
 */
async function runCommands(step: Step, held: boolean, used: () => void): Promise<{ ok: boolean; output: string }> {
  const env = { ...process.env, FORCE_COLOR: '1' };
  const collect = ([command, ...args]: Command): Promise<Ran> => capture(command, args, { cwd: root, env });
  const show = async ([command, ...args]: Command): Promise<Ran> => ({
    code: await run(command, args, { cwd: root }),
    stdout: '',
    stderr: '',
  });
  const results: Ran[] = [];
  if (step.sideBySide) {
    const [first, ...others] = step.commands;
    const firstRun = first === undefined ? [] : [held ? collect(first) : show(first)];
    results.push(...(await Promise.all([...firstRun, ...others.map(collect)])));
    used();
  } else {
    for (const command of step.commands) {
      results.push(await (held ? collect(command) : show(command)));
      used();
    }
  }
  const output = results.map(({ stdout, stderr }) => stdout + stderr).join('');
  if (!held && output) console.log(output);
  return { ok: results.every(({ code }) => code === 0), output: held ? output : '' };
}

/**
 * Readies the emulators' secrets and says why they cannot start, if something else already
 * uses their ports (an 'npm start', say); undefined when they can.
 */
async function emulatorsBlocked(): Promise<string | undefined> {
  ensureLocalSecrets();
  const { hosting, firestore, firestoreWebsocket, functions, hub, logging, eventarc, smtp, inbox } = ports;
  const busy = await busyPorts({
    hosting,
    firestore,
    firestoreWebsocket,
    functions,
    hub,
    logging,
    eventarc,
    smtp,
    inbox,
  });
  return busy.length > 0 ? `ports in use: ${busy.join(', ')} (stop 'npm start' first)` : undefined;
}

/** Starts the emulators and runs this script in them on the `runnable` steps; resolves to their exit code. */
function runInEmulators(runnable: Step[]): Promise<number> {
  rmSync(insideReport, { force: true });
  const script = `${JSON.stringify(process.execPath)} scripts/test.ts --inside ${runnable.map(({ id }) => id).join(',')}`;
  // QUIET: the functions' own logs, warnings and errors, without a line for every file Hosting
  // serves (thousands a run, which buried the failures of a log cut to its end).
  return run(firebaseBin, emulatorsExecArgs(script, ['--log-verbosity', 'QUIET']), {
    cwd: root,
    env: emulatorEnvironment(),
  });
}

/**
 * Runs steps and keeps what each came to (`outcomes`) and which passed. `inside`: this run is
 * the one inside the emulators, whose steps run whatever the ones they need came to.
 */
export class StepRunner {
  readonly outcomes = new Map<Step, Outcome>();
  readonly passed = new Set<string>();
  private readonly inside: boolean;

  constructor(inside: boolean) {
    this.inside = inside;
  }

  /** Records that `step` failed, or did not run, and why. */
  fail(step: Step, note: string): void {
    this.outcomes.set(step, { title: step.title, ok: false, seconds: 0, note });
  }

  /** Runs one step; `held`: its output is collected and printed when it ends. */
  async runStep(step: Step, held = false): Promise<void> {
    const stepStart = Date.now();
    const seconds = () => Math.round((Date.now() - stepStart) / 100) / 10;
    const header = `\n━━ ${step.title} ━━`;
    if (!held) console.log(header);
    const machineStart = machineSeconds();
    // A held step's own CPU-seconds: its children's, taken as each ends. A step run alone takes
    // them too (and drops them), so that they are counted in no later step's.
    let cpu: number | undefined = 0;
    const used = () => {
      const taken = takeChildrenSeconds();
      cpu = cpu === undefined || taken === undefined ? undefined : cpu + taken;
    };
    const end = (outcome: Omit<Outcome, 'title' | 'seconds'>, output = '') => {
      const machineEnd = machineSeconds();
      const machine = machineStart === undefined || machineEnd === undefined ? undefined : machineEnd - machineStart;
      const own = cpu === undefined ? {} : { cpu };
      const figures = held ? { beside: true, ...own } : machine === undefined ? {} : { machine };
      this.outcomes.set(step, {
        title: step.title,
        seconds: seconds(),
        ...figures,
        ...outcome,
      });
      if (held) console.log(`${header} (ran beside the emulator tests, ${String(seconds())}s)\n${output}`);
      if (outcome.note && !outcome.ok) console.error(`✖ ${outcome.note}`);
    };
    if (step.needs && !this.passed.has(step.needs) && !this.inside) {
      end({ ok: false, note: `skipped: ${step.needs} failed` });
      return;
    }
    const blocked = step.emulators ? await emulatorsBlocked() : undefined;
    if (blocked) {
      end({ ok: false, note: blocked });
      return;
    }
    const { ok, output } = await runCommands(step, held, used);
    if (ok) this.passed.add(step.id);
    end({ ok }, output);
  }

  /** Starts the emulators once and runs the `inside` steps in them (this script, `--inside`). */
  async runInside(group: Step[]): Promise<void> {
    const runnable = group.filter((step) => !step.needs || this.passed.has(step.needs));
    for (const step of group) if (!runnable.includes(step)) this.fail(step, `skipped: ${step.needs ?? ''} failed`);
    if (runnable.length === 0) return;
    const blocked = await emulatorsBlocked();
    if (blocked) {
      for (const step of runnable) this.fail(step, blocked);
      console.error(`✖ ${blocked}`);
      return;
    }
    const begun = Date.now();
    const code = await runInEmulators(runnable);
    this.takeInsideReport(runnable, code);
    const inSteps = runnable.reduce((sum, step) => sum + (this.outcomes.get(step)?.seconds ?? 0), 0);
    // What the emulators' own processes used is in no step's `cpu`: taken here, it is left out.
    takeChildrenSeconds();
    console.log(
      `\n• The emulators started, were cleared between suites and stopped in ${String(Math.round((Date.now() - begun) / 1000 - inSteps))}s.`,
    );
  }

  /** What each step run inside the emulators came to, as the run there reported it; `code`: the emulators' exit code. */
  private takeInsideReport(runnable: Step[], code: number): void {
    const reported = existsSync(insideReport)
      ? (JSON.parse(readFileSync(insideReport, 'utf8')) as Record<string, Omit<Outcome, 'title'>>)
      : {};
    for (const step of runnable) {
      const outcome = reported[step.id];
      if (!outcome)
        this.fail(step, `did not run: the emulators stopped or did not start (exit code ${String(code)}, see above)`);
      else this.outcomes.set(step, { title: step.title, ...outcome });
      if (outcome?.ok) this.passed.add(step.id);
    }
    const last = runnable.at(-1);
    if (code !== 0 && last && runnable.every((step) => this.passed.has(step.id))) {
      this.fail(last, `the emulators exited with code ${String(code)} after the tests passed (see above)`);
      this.passed.delete(last.id);
    }
  }
}
