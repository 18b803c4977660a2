// CPU-seconds, as Linux counts them in /proc: the machine's (every core's busy time, from
// /proc/stat) and the ones of this process's children once they ended (`cutime` and `cstime`
// of /proc/self/stat: a child's own and its descendants' that it waited for; a process that
// detaches, as a browser or an emulator may, is counted by the machine's alone). `npm test`
// prints both, so a step that starts costing more is seen by the change that made it. Off
// Linux (no /proc) every reading is undefined and nothing is printed.
import { readFileSync } from 'node:fs';

/** Clock ticks a second in /proc (USER_HZ: 100 on every Linux kernel's user interface). */
const ticksPerSecond = 100;

const readOrUndefined = (path: string) => {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
};

/** /proc/stat's first line as numbers (user nice system idle iowait irq softirq steal …). */
function cpuLine(stat: string): number[] | undefined {
  const fields = /^cpu\s+(.*)$/m.exec(stat)?.[1]?.trim().split(/\s+/).map(Number);
  return !fields || fields.length < 8 || fields.some((value) => !Number.isFinite(value)) ? undefined : fields;
}

/**
 * The machine's busy CPU-seconds in /proc/stat's first line (user, nice, system, irq, softirq):
 * the work done here. Steal (time a virtual machine's cores were ready but the host ran another
 * guest) is no work of ours and changes with the host's load: `stolenSeconds` tells it apart.
 */
export function busySeconds(stat: string): number | undefined {
  const fields = cpuLine(stat);
  if (!fields) return undefined;
  const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0] = fields;
  return (user + nice + system + irq + softirq) / ticksPerSecond;
}

/** The CPU-seconds the host took from this machine's cores (steal), from /proc/stat's first line. */
export function stolenSeconds(stat: string): number | undefined {
  const steal = cpuLine(stat)?.[7];
  return steal === undefined ? undefined : steal / ticksPerSecond;
}

/** The CPU-seconds of the ended children in a /proc/<pid>/stat line (`cutime` + `cstime`). */
export function childrenSeconds(stat: string): number | undefined {
  // The command's name (in parentheses) may hold spaces: the fields are counted after it.
  const after = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // Field 3 (state) is the first after the name: cutime is field 16, cstime field 17.
  const [cutime, cstime] = [Number(after[13]), Number(after[14])];
  return Number.isFinite(cutime) && Number.isFinite(cstime) ? (cutime + cstime) / ticksPerSecond : undefined;
}

/** The machine's busy CPU-seconds so far. */
export const machineSeconds = (): number | undefined => {
  const stat = readOrUndefined('/proc/stat');
  return stat === undefined ? undefined : busySeconds(stat);
};

/** The CPU-seconds the host took from this machine so far. */
export const machineStolenSeconds = (): number | undefined => {
  const stat = readOrUndefined('/proc/stat');
  return stat === undefined ? undefined : stolenSeconds(stat);
};

let reaped = 0;
/**
 * The CPU-seconds of this process's children that ended since the last call (0 the first
 * time): called as each child's run resolves, it names what that child (and its own children)
 * used.
 */
export function takeChildrenSeconds(): number | undefined {
  const stat = readOrUndefined('/proc/self/stat');
  const total = stat === undefined ? undefined : childrenSeconds(stat);
  if (total === undefined) return undefined;
  const taken = total - reaped;
  reaped = total;
  return taken;
}
