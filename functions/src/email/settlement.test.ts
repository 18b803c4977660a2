import { describe, expect, it } from 'vitest';
import { nextDayMs } from './counters.js';
import type { Decision } from './decide.js';
import { settle } from './settlement.js';
import { sendFailure } from './send-failure-samples.js';

const nowMs = Date.parse('2040-01-09T07:00:00Z');
const info = { messageId: '<a@example.org>', accepted: ['support@example.org'], rejected: [], response: '250 OK' };
const refusedLogin = sendFailure({
  account: true,
  stage: 'login',
  message: '535 refused',
  code: 'EAUTH',
  responseCode: 535,
});
/** The third attempt, two before this run; this send met no answer. */
const step = { attempts: 3, before: 2, unansweredMs: nowMs - 1_000 };

describe('a decision as every kind of email settles it', () => {
  it.each<[string, Decision, unknown]>([
    ['sent: this attempt counted', { kind: 'sent', info }, { kind: 'sent', attempts: 3, info }],
    [
      'ended: this attempt counted, with why',
      { kind: 'ended', error: '550 refused', forGood: true },
      { kind: 'ended', attempts: 3, error: '550 refused' },
    ],
    [
      'a quick try: sent again in this run',
      { kind: 'again', error: '421 busy' },
      { kind: 'again', attempts: 3, error: '421 busy' },
    ],
    [
      'a failure for now: this attempt spent, due after the back-off, the silence remembered',
      { kind: 'later', error: 'no answer', atMs: nowMs + 300_000 },
      { kind: 'waits', attempts: 3, error: 'no answer', dueMs: nowMs + 300_000, unansweredMs: nowMs - 1_000 },
    ],
    [
      'the SMTP account: held with the attempts before this run, the silence remembered',
      { kind: 'account', failure: refusedLogin, error: 'held' },
      { kind: 'held', for: 'account', attempts: 2, error: 'held', unansweredMs: nowMs - 1_000 },
    ],
    [
      'the quota: held with the attempts before this run, until the next day',
      { kind: 'quota' },
      { kind: 'held', for: 'day', attempts: 2, dueMs: nextDayMs(nowMs) },
    ],
  ])('%s', (_, decision, settled) => {
    expect(settle(decision, step, nowMs)).toEqual(settled);
  });

  it('remembers no silence when none was met', () => {
    expect(settle({ kind: 'later', error: '421', atMs: nowMs }, { attempts: 1, before: 0 }, nowMs)).not.toHaveProperty(
      'unansweredMs',
    );
  });
});
