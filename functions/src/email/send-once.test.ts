import { FieldValue, Timestamp } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import { onceOutcome } from './send-once.js';

const nowMs = Date.parse('2040-01-09T07:00:00Z');
const info = { messageId: '<a@example.org>', accepted: ['support@example.org'], rejected: [], response: '250 OK' };

describe("a site email's record after a send: one table for every kind", () => {
  it('sent: SENT, with its attempts and when', () => {
    expect(onceOutcome({ kind: 'sent', info }, { attempts: 2, unansweredMs: undefined }, nowMs)).toEqual({
      record: { state: 'SENT', leaseUntil: FieldValue.delete(), attempts: 2, sentAt: Timestamp.fromMillis(nowMs) },
      outcome: 'SENT',
    });
  });

  it('ended: FAILED, with why', () => {
    const { record, outcome } = onceOutcome(
      { kind: 'ended', error: '550 refused', forGood: true },
      { attempts: 1, unansweredMs: undefined },
      nowMs,
    );
    expect(outcome).toBe('FAILED');
    expect(record).toMatchObject({ state: 'FAILED', attempts: 1, error: '550 refused' });
  });

  it('failed for now: waits for its next try, remembering a silence so the next send says it may be a repeat', () => {
    const { record, outcome } = onceOutcome(
      { kind: 'later', error: 'no answer', atMs: nowMs + 300_000 },
      { attempts: 1, unansweredMs: nowMs },
      nowMs,
    );
    expect(outcome).toBe('LATER');
    expect(record).toEqual({
      state: FieldValue.delete(),
      leaseUntil: FieldValue.delete(),
      attempts: 1,
      error: 'no answer',
      nextTryMs: nowMs + 300_000,
      unansweredMs: nowMs,
    });
  });

  it('the SMTP account down, or its quota spent: held, the lease given back, no attempt recorded', () => {
    const account = onceOutcome(
      {
        kind: 'account',
        error: 'held',
        failure: {
          transient: false,
          quota: false,
          account: true,
          stage: 'login',
          unanswered: false,
          busy: false,
          message: '535',
          code: 'EAUTH',
          responseCode: 535,
        },
      },
      { attempts: 3, unansweredMs: undefined },
      nowMs,
    );
    expect(account.outcome).toBe('HELD');
    expect(account.record).not.toHaveProperty('attempts');
    const quota = onceOutcome({ kind: 'quota' }, { attempts: 3, unansweredMs: undefined }, nowMs);
    expect(quota).toEqual({
      record: { state: FieldValue.delete(), leaseUntil: FieldValue.delete() },
      outcome: 'DAY_SPENT',
    });
  });
});
