// The command line of `npm run mail:requeue` (scripts/mail-requeue.ts): its arguments, read
// and checked here so that a mistake is told before anything is read, and the plan as the
// operator reads it. Only types come from the functions' module: the script loads the built
// module itself (functions/lib/mail/requeue.js).
import { parseArgs } from 'node:util';
import type { RequeuePlan, RequeueState } from '../../functions/src/mail/requeue.ts';

export const requeueUsage =
  'npm run mail:requeue -- --project <id> --since <date> [--until <date>] [--state ERROR] [--state SUCCESS] ' +
  '[--dry-run] [--yes]\n' +
  '  dates: 2026-11-20, 2026-11-20T08:30 or 2026-11-20T08:30:00+01:00 (UTC without an offset); --until is ' +
  'not included and is now when not given';

export type RequeueArgs = {
  project: string;
  sinceMs: number;
  untilMs: number;
  states: RequeueState[];
  /** Write without asking. */
  yes: boolean;
  /** Print the plan only. */
  dryRun: boolean;
};

/** A mistake in the arguments, said so the operator can fix it. */
export class RequeueArgsError extends Error {}

const knownStates: readonly string[] = ['ERROR', 'SUCCESS'] satisfies RequeueState[];

const timePattern =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?(Z|[+-]\d{2}:\d{2})?)?$/i;

/**
 * An ISO date (midnight UTC) or date and time (UTC unless it gives an offset), as
 * milliseconds; throws for anything else, including a day the month does not have.
 */
export function parseTime(flag: string, text: string): number {
  const match = timePattern.exec(text.trim());
  const bad = () => new RequeueArgsError(`--${flag} ${JSON.stringify(text)} is not an ISO date or date-time`);
  if (!match) throw bad();
  const [year, month, day, hour, minute, second] = match
    .slice(1, 7)
    .map((part: string | undefined) => Number(part ?? 0)) as [number, number, number, number, number, number];
  const millisecond = Number((match[7] ?? '0').padEnd(3, '0'));
  const utc = new Date(Date.UTC(year, month - 1, day, hour, minute, second, millisecond));
  if (
    utc.getUTCFullYear() !== year ||
    utc.getUTCMonth() !== month - 1 ||
    utc.getUTCDate() !== day ||
    utc.getUTCHours() !== hour ||
    utc.getUTCMinutes() !== minute ||
    utc.getUTCSeconds() !== second
  ) {
    throw bad();
  }
  const offset = match[8]?.toUpperCase();
  if (offset === undefined || offset === 'Z') return utc.getTime();
  const [offsetHours, offsetMinutes] = offset.slice(1).split(':').map(Number) as [number, number];
  if (offsetHours > 23 || offsetMinutes > 59) throw bad();
  const sign = offset.startsWith('-') ? -1 : 1;
  return utc.getTime() - sign * (offsetHours * 60 + offsetMinutes) * 60_000;
}

/** The command's arguments, checked; throws a RequeueArgsError saying what is wrong. */
export function parseRequeueArgs(argv: string[], nowMs: number): RequeueArgs {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        project: { type: 'string' },
        since: { type: 'string' },
        until: { type: 'string' },
        state: { type: 'string', multiple: true },
        yes: { type: 'boolean', default: false },
        'dry-run': { type: 'boolean', default: false },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new RequeueArgsError(error instanceof Error ? error.message : String(error));
  }
  const { project, since, until, state, yes } = values;
  const dryRun = values['dry-run'];
  if (!project) throw new RequeueArgsError('give the project: --project <id>');
  if (since === undefined) throw new RequeueArgsError('give the start of the range: --since <date>');
  const sinceMs = parseTime('since', since);
  const untilMs = until === undefined ? nowMs : parseTime('until', until);
  if (sinceMs >= untilMs) {
    throw new RequeueArgsError(
      `--since ${new Date(sinceMs).toISOString()} is not before ${until === undefined ? 'now' : '--until'} ` +
        new Date(untilMs).toISOString(),
    );
  }
  const states = [...new Set((state ?? ['ERROR']).map((name) => name.trim().toUpperCase()))];
  for (const name of states) {
    if (!knownStates.includes(name)) {
      throw new RequeueArgsError(
        `--state ${JSON.stringify(name)} is not one a message can be requeued from: give ERROR or SUCCESS`,
      );
    }
  }
  return { project, sinceMs, untilMs, states: states as RequeueState[], yes, dryRun };
}

const count = (n: number, noun: string) => `${n.toLocaleString('en')} ${noun}${n === 1 ? '' : 's'}`;

/**
 * The plan as the operator reads it before anything is written: where, which range and
 * states, how many per state and per kind of error, the written times, and what happens next.
 * Never the visitor's text: the plan does not hold it.
 */
export function describePlan(
  plan: Pick<RequeuePlan, 'sinceMs' | 'untilMs' | 'states' | 'summary'>,
  where: string,
): string {
  const { summary } = plan;
  const lines = [
    `${where}: Mail documents written from ${new Date(plan.sinceMs).toISOString()} up to ` +
      `(not including) ${new Date(plan.untilMs).toISOString()} whose delivery ended in ${plan.states.join(' or ')}.`,
  ];
  if (summary.messages === 0) {
    lines.push('None: nothing to requeue.');
    return lines.join('\n');
  }
  lines.push(
    `${count(summary.messages, 'message')} to requeue: ` +
      plan.states.map((state) => `${state} ${summary.byState[state].toLocaleString('en')}`).join(', ') +
      '.',
  );
  if (summary.oldestWrittenMs !== null && summary.newestWrittenMs !== null) {
    lines.push(
      `Written from ${new Date(summary.oldestWrittenMs).toISOString()} to ${new Date(summary.newestWrittenMs).toISOString()}.`,
    );
  }
  lines.push('By error (its first characters, addresses masked):');
  const width = Math.max(...summary.byError.map(({ messages }) => messages.toLocaleString('en').length));
  for (const { kind, messages } of summary.byError) {
    lines.push(`  ${messages.toLocaleString('en').padStart(width)}  ${kind}`);
  }
  lines.push(
    'They go back in the queue (state QUEUED), and the sweep sends them in digests under the caps, at most ' +
      `one a minute: ${count(summary.digests, 'digest')} at the least, more while other messages wait in the ` +
      "queue or the caps hold some back; the digests come further apart as the day's emails " +
      '(MAIL_LIMIT_PER_DAY) run down, and wait for the next day (UTC) once they are spent.',
  );
  return lines.join('\n');
}

/** The result of the writes, in one line. */
export function describeResult(result: { requeued: number; skipped: number; failed: number }): string {
  return (
    `Requeued ${count(result.requeued, 'message')}; ${result.skipped.toLocaleString('en')} skipped (changed since ` +
    `the plan read them, left as they are); ${result.failed.toLocaleString('en')} failed` +
    (result.failed > 0 ? ' (run the same command again to retry them).' : '.')
  );
}
