import { describe, expect, it } from 'vitest';
import { summarize } from '../../functions/src/contact-pipeline/requeue.ts';
import { Timestamp } from 'firebase-admin/firestore';
import { ArgsError } from './operator-command.ts';
import { describePlan, describeResult, parseRequeueArgs } from './mail-requeue.ts';

const now = Date.parse('2026-11-25T12:00:00Z');
const parse = (line: string) => parseRequeueArgs(line.split(' ').filter(Boolean), now);

describe('parseRequeueArgs', () => {
  it('takes ERROR until now unless told otherwise', () => {
    expect(parse('--project p --since 2026-11-20')).toEqual({
      project: 'p',
      sinceMs: Date.parse('2026-11-20T00:00:00Z'),
      untilMs: now,
      states: ['ERROR'],
      yes: false,
      dryRun: false,
    });
    expect(
      parse(
        '--project p --since 2026-11-20 --until 2026-11-21T06:00 --state success --state ERROR --state SUCCESS --yes',
      ),
    ).toMatchObject({ untilMs: Date.parse('2026-11-21T06:00:00Z'), states: ['SUCCESS', 'ERROR'], yes: true });
    expect(parse('--project p --since 2026-11-20 --dry-run')).toMatchObject({ dryRun: true });
  });

  it('says what is wrong', () => {
    const refused = (line: string) => {
      try {
        parse(line);
      } catch (error) {
        expect(error).toBeInstanceOf(ArgsError);
        return (error as Error).message;
      }
      throw new Error(`accepted: ${line}`);
    };
    expect(refused('--since 2026-11-20')).toMatch(/--project/);
    expect(refused('--project p')).toMatch(/--since/);
    expect(refused('--project p --since 2026-11-31')).toMatch(/--since "2026-11-31" is not an ISO date/);
    expect(refused('--project p --since 2026-11-22 --until 2026-11-21')).toBe(
      '--since 2026-11-22T00:00:00.000Z is not before --until 2026-11-21T00:00:00.000Z',
    );
    expect(refused('--project p --since 2026-11-26')).toBe(
      '--since 2026-11-26T00:00:00.000Z is not before now 2026-11-25T12:00:00.000Z',
    );
    expect(refused('--project p --since 2026-11-20 --state QUEUED')).toMatch(
      /--state "QUEUED" is not one .*ERROR or SUCCESS/,
    );
    expect(refused('--project p --since 2026-11-20 --force')).toMatch(/--force/);
    expect(refused('--project p --since 2026-11-20 extra')).toMatch(/extra/);
  });
});

describe('describePlan', () => {
  const range = { sinceMs: Date.parse('2026-11-20T00:00:00Z'), untilMs: now, states: ['ERROR' as const] };

  it('gives the range, the counts per state and kind of error, and what happens next', () => {
    const at = (iso: string) => Timestamp.fromMillis(Date.parse(iso));
    const quota = '550 5.4.5 Daily user sending limit exceeded. For more information go to https://support.example';
    const summary = summarize([
      ...Array.from({ length: 12 }, () => ({
        state: 'ERROR' as const,
        error: quota,
        createdAt: at('2026-11-21T09:00:00Z'),
      })),
      { state: 'ERROR', error: 'connect ECONNREFUSED 10.0.0.1:465', createdAt: at('2026-11-20T07:00:00Z') },
    ]);
    const text = describePlan({ ...range, summary }, 'Project p');
    expect(text).toContain(
      'Project p: Mail documents written from 2026-11-20T00:00:00.000Z up to (not including) 2026-11-25T12:00:00.000Z whose delivery ended in ERROR.',
    );
    expect(text).toContain('13 messages to requeue: ERROR 13.');
    expect(text).toContain('Written from 2026-11-20T07:00:00.000Z to 2026-11-21T09:00:00.000Z.');
    expect(text).toContain(
      '  12  550 5.4.5 Daily user sending limit exceeded. For more inform…\n   1  connect ECONNREFUSED 10.0.0.1:465\n',
    );
    expect(text).toContain('at most one a minute: 1 digest at the least');
    expect(text).toContain("further apart as the day's emails (MAIL_LIMIT_PER_DAY) run down");
  });

  it('says when there is nothing to do', () => {
    expect(describePlan({ ...range, summary: summarize([]) }, 'Project p')).toMatch(/\nNone: nothing to requeue\.$/);
  });
});

describe('describeResult', () => {
  it('counts each outcome and says how to retry failures', () => {
    expect(describeResult({ requeued: 1, skipped: 2, failed: 0 })).toMatch(
      /^Requeued 1 message; 2 skipped .* 0 failed\.$/,
    );
    expect(describeResult({ requeued: 0, skipped: 0, failed: 3 })).toMatch(/3 failed \(run the same command again/);
  });
});
