import { describe, expect, it } from 'vitest';
import { decide, gaveUp, heldFor, type Sent } from './decide.js';
import { sendFailure } from './send-failure-samples.js';
import { maxAttempts, retryDelayMs, type SendFailure } from './send-failures.js';

// The one decision every kind of email takes after a send: each kind of failure, with and
// without a quick try left, and at the last attempt.

const nowMs = Date.parse('2025-06-01T10:00:00Z');
const failed = (failure: Partial<SendFailure>): Sent => ({ kind: 'failed', failure: sendFailure(failure) });
const mailboxFull = failed({ transient: true, message: '452 Mailbox full', responseCode: 452 });
const noSuchUser = failed({});
const quota = failed({ quota: true, message: '550 5.4.5 Daily user sending limit exceeded' });
const loginRefused = failed({ account: true, message: '535 Authentication failed', responseCode: 535 });
const serverAway = failed({ account: true, transient: true, message: 'connect ECONNREFUSED', code: 'ECONNECTION' });

describe('decide', () => {
  it('an accepted email is sent, with the server’s answer', () => {
    const info = { messageId: '<m@x>', accepted: ['a@x'], rejected: [], response: '250 OK' };
    expect(decide({ kind: 'sent', info }, { attempts: 1, quickRetryLeft: true, nowMs })).toEqual({
      kind: 'sent',
      info,
    });
  });

  it('a spent quota is a wait, whatever the attempts and quick tries', () => {
    for (const attempts of [1, maxAttempts])
      for (const quickRetryLeft of [true, false])
        expect(decide(quota, { attempts, quickRetryLeft, nowMs })).toEqual({ kind: 'quota' });
  });

  it('the mail account failing holds the email (after the quick tries, when it may be a hiccup)', () => {
    expect(decide(loginRefused, { attempts: 1, quickRetryLeft: true, nowMs })).toEqual({
      kind: 'account',
      failure: (loginRefused as Extract<Sent, { kind: 'failed' }>).failure,
      error: heldFor({ message: '535 Authentication failed' }),
    });
    expect(decide(serverAway, { attempts: 1, quickRetryLeft: true, nowMs })).toEqual({
      kind: 'again',
      error: 'connect ECONNREFUSED',
    });
    expect(decide(serverAway, { attempts: 3, quickRetryLeft: false, nowMs }).kind).toBe('account');
    // Never ended for the account's failure, even at the last attempt.
    expect(decide(serverAway, { attempts: maxAttempts, quickRetryLeft: false, nowMs }).kind).toBe('account');
  });

  it('a failure for now is tried again: in this run while a quick try is left, then after the back-off', () => {
    expect(decide(mailboxFull, { attempts: 1, quickRetryLeft: true, nowMs })).toEqual({
      kind: 'again',
      error: '452 Mailbox full',
    });
    expect(decide(mailboxFull, { attempts: 3, quickRetryLeft: false, nowMs })).toEqual({
      kind: 'later',
      error: '452 Mailbox full',
      atMs: nowMs + retryDelayMs(3),
    });
  });

  it('ends an email refused for good at once, and one failing for now at its last attempt', () => {
    expect(decide(noSuchUser, { attempts: 1, quickRetryLeft: true, nowMs })).toEqual({
      kind: 'ended',
      error: '550 No such user',
      forGood: true,
    });
    expect(decide(mailboxFull, { attempts: maxAttempts, quickRetryLeft: true, nowMs })).toEqual({
      kind: 'ended',
      error: gaveUp(maxAttempts, '452 Mailbox full'),
      forGood: false,
    });
  });
});
