import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { busySeconds, childrenSeconds, stolenSeconds, takeChildrenSeconds } from './cpu.ts';

describe('CPU-seconds from /proc', () => {
  it("sums the machine's busy time, idle, waiting for I/O and the host's steal left out", () => {
    // user nice system idle iowait irq softirq steal guest guest_nice
    const stat = 'cpu  1000 50 300 90000 700 10 20 5 0 0\ncpu0 500 25 150 45000 350 5 10 2 0 0\n';
    expect(busySeconds(stat)).toBe(13.8);
    expect(stolenSeconds(stat)).toBe(0.05);
    expect(busySeconds('intr 1 2 3\n')).toBeUndefined();
    expect(stolenSeconds('intr 1 2 3\n')).toBeUndefined();
  });

  it("reads the ended children's time after a command name that holds spaces and a parenthesis", () => {
    const fields = ['S', '1', '2', '3', '0', '-1', '4194304', '100', '0', '0', '0', '700', '300', '1234', '566'];
    expect(childrenSeconds(`4242 (node (a b)) ${fields.join(' ')} 20 0 1`)).toBe(18);
    expect(childrenSeconds('4242 (node) S')).toBeUndefined();
  });

  it('names what a child used once it ended', () => {
    takeChildrenSeconds();
    // A fixed amount of work, not a time: the child says what the kernel counted for it, which
    // is the same on a busy machine as on a quiet one.
    const child = spawnSync(
      process.execPath,
      [
        '-e',
        "let x = 0; for (let i = 0; i < 3e7; i++) x ^= i; const u = process.cpuUsage(); process.stdout.write(String((u.user + u.system) / 1e6) + ' ' + String(x));",
      ],
      { encoding: 'utf8' },
    );
    const ownSeconds = Number(child.stdout.split(' ')[0]);
    expect(ownSeconds).toBeGreaterThan(0);
    // /proc counts in ticks of 10 ms; the child's exit comes after its own reading.
    expect(takeChildrenSeconds()).toBeGreaterThanOrEqual(ownSeconds - 0.02);
    expect(takeChildrenSeconds()).toBe(0);
  });
});
