import { execFileSync, spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';

/** Every process below `rootPid` (children, grandchildren…), read from `ps`. */
export function descendants(rootPid: number): number[] {
  let table: string;
  try {
    table = execFileSync('ps', ['-A', '-o', 'pid=,ppid='], { encoding: 'utf8' });
  } catch {
    return [];
  }
  const children = new Map<number, number[]>();
  for (const line of table.trim().split('\n')) {
    const [pid, ppid] = line.trim().split(/\s+/).map(Number);
    if (pid === undefined || ppid === undefined) continue;
    children.set(ppid, [...(children.get(ppid) ?? []), pid]);
  }
  const found: number[] = [];
  const queue = [rootPid];
  while (queue.length > 0) {
    for (const child of children.get(queue.shift() as number) ?? []) {
      found.push(child);
      queue.push(child);
    }
  }
  return found;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function kill(pid: number, signal: NodeJS.Signals) {
  try {
    process.kill(pid, signal);
  } catch {
    // already gone
  }
}

type Managed = { name: string; child: ChildProcess; exited: Promise<number> };

/**
 * Starts long-running processes each in a process group of its own and stops them all
 * together: a polite signal first, then SIGKILL for anything of theirs still alive after
 * the grace period, including grandchildren that detached themselves (the Firestore
 * emulator's Java process does).
 */
export class Supervisor {
  private readonly managed: Managed[] = [];
  private stopping: Promise<void> | undefined;

  start(name: string, command: string, args: string[], options: SpawnOptions = {}): Managed {
    const child = spawn(command, args, { stdio: ['ignore', 'inherit', 'inherit'], detached: true, ...options });
    const exited = new Promise<number>((resolve) => {
      child.once('error', (error) => {
        console.error(`✖ ${name} could not start: ${error.message}`);
        resolve(127);
      });
      child.once('exit', (code, signal) => resolve(code ?? (signal ? 128 : 1)));
    });
    const entry = { name, child, exited };
    this.managed.push(entry);
    return entry;
  }

  /** Resolves with the first managed process to exit. */
  firstExit(): Promise<{ name: string; code: number }> {
    return Promise.race(this.managed.map(({ name, exited }) => exited.then((code) => ({ name, code }))));
  }

  stopAll(graceMs = 15_000): Promise<void> {
    this.stopping ??= this.stop(graceMs);
    return this.stopping;
  }

  private async stop(graceMs: number) {
    await Promise.all(this.managed.map((entry) => stopTree(entry, graceMs)));
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * SIGINT to the process itself (firebase-tools then shuts its emulators down cleanly), up
 * to `graceMs` for it to exit, then SIGTERM and finally SIGKILL for whatever of its tree
 * (as seen before the signal) is still alive.
 */
async function stopTree({ child, exited }: Managed, graceMs: number) {
  const pid = child.pid;
  if (pid === undefined) return;
  const tree = [pid, ...descendants(pid)];
  if (child.exitCode === null && child.signalCode === null) {
    kill(pid, 'SIGINT');
    await Promise.race([exited, pause(graceMs)]);
  }
  for (const signal of ['SIGTERM', 'SIGKILL'] as const) {
    const left = tree.filter(alive);
    if (left.length === 0) return;
    kill(-pid, signal);
    for (const leftover of left) kill(leftover, signal);
    for (let waited = 0; waited < 3000 && tree.some(alive); waited += 100) await pause(100);
  }
}

/** Runs a command to completion in the foreground; resolves with its exit code. */
export function run(command: string, args: string[], options: SpawnOptions = {}): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', ...options });
    child.once('error', (error) => {
      console.error(`✖ ${command} could not start: ${error.message}`);
      resolve(127);
    });
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 128 : 1)));
  });
}

/** Runs a command to completion with its output collected; resolves with its exit code and both streams. */
export function capture(
  command: string,
  args: string[],
  options: SpawnOptions = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
    const text = (chunks: Buffer[]) => Buffer.concat(chunks).toString('utf8');
    child.once('error', (error) => {
      resolve({ code: 127, stdout: text(stdout), stderr: `${command} could not start: ${error.message}` });
    });
    // 'close', not 'exit': the streams may still hold output when the process has exited.
    child.once('close', (code, signal) =>
      resolve({ code: code ?? (signal ? 128 : 1), stdout: text(stdout), stderr: text(stderr) }),
    );
  });
}
