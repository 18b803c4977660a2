// The command line of `npm run mail:requeue` (scripts/mail-requeue.ts): its arguments, read
// and checked here so that a mistake is told before anything is read, and the plan as the
// operator reads it. Only types come from the functions' module: the script loads the built
// module itself (functions/lib/contact-pipeline/requeue.js).
import { parseArgs } from 'node:util';
import { ArgsError, parseTime } from './operator-command.ts';
import type { RequeuePlan, RequeueState } from '../../functions/src/contact-pipeline/requeue.ts';

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

const knownStates: readonly string[] = ['ERROR', 'SUCCESS'] satisfies RequeueState[];

/** The command's arguments, checked; throws a ArgsError saying what is wrong. */
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
    throw new ArgsError(error instanceof Error ? error.message : String(error));
  }
  const { project, since, until, state, yes } = values;
  const dryRun = values['dry-run'];
  if (!project) throw new ArgsError('give the project: --project <id>');
  if (since === undefined) throw new ArgsError('give the start of the range: --since <date>');
  const sinceMs = parseTime('since', since);
  const untilMs = until === undefined ? nowMs : parseTime('until', until);
  if (sinceMs >= untilMs) {
    throw new ArgsError(
      `--since ${new Date(sinceMs).toISOString()} is not before ${until === undefined ? 'now' : '--until'} ` +
        new Date(untilMs).toISOString(),
    );
  }
  const states = [...new Set((state ?? ['ERROR']).map((name) => name.trim().toUpperCase()))];
  for (const name of states) {
    if (!knownStates.includes(name)) {
      throw new ArgsError(
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
