// What the operator's commands (npm run mail:requeue, npm run notice) share: the error that
// says what is wrong in their arguments before anything is read or written, times, the
// functions' built module they run, and the question asked before they write.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline/promises';
import { root } from './project.ts';

/** A mistake in the arguments, said so the operator can fix it. */
export class ArgsError extends Error {}

const timePattern =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?(Z|[+-]\d{2}:\d{2})?)?$/i;

/** A time's year, month (from 1), day, hour, minute and second. */
type Fields = [number, number, number, number, number, number];

/**
 * Whether a time holds the fields it was made of: Date.UTC carries a 31 April over into May,
 * or a 25th hour into the next day.
 */
function holdsFields(utc: Date, [year, month, day, hour, minute, second]: Fields): boolean {
  return (
    utc.getUTCFullYear() === year &&
    utc.getUTCMonth() === month - 1 &&
    utc.getUTCDate() === day &&
    utc.getUTCHours() === hour &&
    utc.getUTCMinutes() === minute &&
    utc.getUTCSeconds() === second
  );
}

/**
 * An ISO date (midnight UTC) or date and time (UTC unless it gives an offset), as
 * milliseconds; throws for anything else, including a day the month does not have.
 */
export function parseTime(flag: string, text: string): number {
  const match = timePattern.exec(text.trim());
  const bad = () => new ArgsError(`--${flag} ${JSON.stringify(text)} is not an ISO date or date-time`);
  if (!match) throw bad();
  const fields = match.slice(1, 7).map((part: string | undefined) => Number(part ?? 0)) as Fields;
  const [year, month, day, hour, minute, second] = fields;
  const millisecond = Number((match[7] ?? '0').padEnd(3, '0'));
  const utc = new Date(Date.UTC(year, month - 1, day, hour, minute, second, millisecond));
  if (!holdsFields(utc, fields)) throw bad();
  const offset = match[8]?.toUpperCase();
  if (offset === undefined || offset === 'Z') return utc.getTime();
  const [offsetHours, offsetMinutes] = offset.slice(1).split(':').map(Number) as [number, number];
  if (offsetHours > 23 || offsetMinutes > 59) throw bad();
  const sign = offset.startsWith('-') ? -1 : 1;
  return utc.getTime() - sign * (offsetHours * 60 + offsetMinutes) * 60_000;
}

/**
 * One of the functions' modules as built (functions/lib), after building them unless `build`
 * is false (the emulator tests: a build there makes the Functions emulator reload its source,
 * which turns the triggers a test has turned off back on). Exits when the build fails.
 */
export async function builtFunctionsModule<T>(build: boolean, ...path: string[]): Promise<T> {
  if (
    build &&
    spawnSync('npm', ['run', 'build', '--silent', '-w', 'functions'], { cwd: root, stdio: 'inherit' }).status !== 0
  ) {
    process.exit(1);
  }
  return (await import(join(root, 'functions', 'lib', ...path))) as T;
}

/**
 * Whether to write: yes without asking (`--yes`), else the operator's answer on the terminal
 * (only y or yes); undefined when there is no terminal to ask on.
 */
export async function mayWrite(yes: boolean, question: string): Promise<boolean | undefined> {
  if (yes) return true;
  if (!(process.stdin.isTTY && process.stdout.isTTY)) return undefined;
  const prompt = createInterface({ input: process.stdin, output: process.stdout });
  try {
    return /^y(es)?$/i.test((await prompt.question(question)).trim());
  } finally {
    prompt.close();
  }
}

/** What askThenWrite says when nothing is written, where a command says more than the usual words. */
export type AskWords = { noTerminal?: string; nothing?: string };

/**
 * Asks `question` (unless `yes`), then runs `write`. Sets the exit code for each answer: 2 with
 * no terminal to ask on, 1 when the operator said no, else 0 unless `write` sets another.
 */
export async function askThenWrite(
  yes: boolean,
  question: string,
  write: () => Promise<void>,
  words: AskWords = {},
): Promise<void> {
  const answer = await mayWrite(yes, `${question} [y/N] `);
  if (answer === undefined) {
    console.error(words.noTerminal ?? '✖ No terminal to ask on: run again with --yes.');
    process.exitCode = 2;
  } else if (!answer) {
    console.log(words.nothing ?? 'Nothing changed.');
    process.exitCode = 1;
  } else {
    process.exitCode = 0;
    await write();
  }
}
