import { FieldValue, Timestamp } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import { onceOutcome } from './send-once.js';

const nowMs = Date.parse('2040-01-09T07:00:00Z');
const info = { messageId: '<a@example.org>', accepted: ['support@example.org'], rejected: [], response: '250 OK' };
const lease = { state: FieldValue.delete(), leaseUntil: FieldValue.delete() };

describe("a site email's record after a send, in the record's shape", () => {
  it('sent: SENT, with its attempts and when', () => {
    expect(onceOutcome({ kind: 'sent', attempts: 2, info }, nowMs)).toEqual({
      record: { state: 'SENT', leaseUntil: FieldValue.delete(), attempts: 2, sentAt: Timestamp.fromMillis(nowMs) },
      outcome: 'SENT',
    });
  });

  it('ended: FAILED, with why', () => {
    expect(onceOutcome({ kind: 'ended', attempts: 1, error: '550 refused' }, nowMs)).toEqual({
      record: { state: 'FAILED', leaseUntil: FieldValue.delete(), attempts: 1, error: '550 refused' },
      outcome: 'FAILED',
    });
  });

  it('failed for now: the lease given back until its next try, a silence remembered', () => {
    const settled = {
      kind: 'waits',
      attempts: 1,
      error: 'no answer',
      dueMs: nowMs + 300_000,
      unansweredMs: nowMs,
    } as const;
    expect(onceOutcome(settled, nowMs)).toEqual({
      record: { ...lease, attempts: 1, error: 'no answer', nextTryMs: nowMs + 300_000, unansweredMs: nowMs },
      outcome: 'LATER',
    });
  });

  it('held for the SMTP account: the lease given back, no attempt written, a silence kept', () => {
    const settled = { kind: 'held', for: 'account', attempts: 3, error: 'held', unansweredMs: nowMs } as const;
    expect(onceOutcome(settled, nowMs)).toEqual({
      record: { ...lease, error: 'held', unansweredMs: nowMs },
      outcome: 'HELD',
    });
  });

  it('held for the quota: the lease given back until the next day', () => {
    expect(onceOutcome({ kind: 'held', for: 'day', attempts: 3, dueMs: nowMs + 3_600_000 }, nowMs)).toEqual({
      record: { ...lease, nextTryMs: nowMs + 3_600_000 },
      outcome: 'DAY_SPENT',
    });
  });
});
