import { GrpcStatus, Timestamp } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import { maxDigestMessages } from './digest-queue.js';
import {
  changedSincePlan,
  errorKind,
  errorKindLength,
  noError,
  requeueRange,
  summarize,
  type PlannedMessage,
} from './requeue.js';

const at = (iso: string) => Timestamp.fromMillis(Date.parse(iso));
const quota =
  '550 5.4.5 Daily user sending limit exceeded. For more information on Gmail sending limits go to ' +
  'https://support.google.com/a/answer/166852 ';

describe('errorKind', () => {
  it('groups the same failure whatever the server appended after it', () => {
    const first = errorKind(`${quota}d75a77b69052e-4ff1 - gsmtp`);
    expect(first).toBe(`${quota.slice(0, errorKindLength)}…`);
    expect(errorKind(`${quota}0a7b2c9e1f-77a - gsmtp`)).toBe(first);
  });

  it('keeps a short error whole, on one line', () => {
    expect(errorKind('connect ECONNREFUSED\n  127.0.0.1:465 ')).toBe('connect ECONNREFUSED 127.0.0.1:465');
    expect(errorKind('x'.repeat(errorKindLength))).toBe('x'.repeat(errorKindLength));
  });

  it('masks email addresses, which an SMTP reply may quote', () => {
    expect(errorKind('550 5.1.1 <ann+t1@example.org>: Recipient address rejected')).toBe(
      '550 5.1.1 <address>: Recipient address rejected',
    );
    expect(errorKind('rejected: bob@example.org, "carl@example.net"')).toBe('rejected: <address>, "<address>"');
  });

  it('names the absence of an error', () => {
    expect(errorKind(null)).toBe(noError);
    expect(errorKind('  ')).toBe(noError);
  });
});

describe('summarize', () => {
  const message = (state: PlannedMessage['state'], error: string | null, iso: string) => ({
    state,
    error,
    createdAt: at(iso),
  });

  it('counts per state and per kind of error, most first, with the written times', () => {
    const summary = summarize([
      message('ERROR', `${quota}a - gsmtp`, '2026-11-20T10:00:00Z'),
      message('ERROR', 'gave up after 10 attempts: connect ECONNREFUSED 10.0.0.1:465', '2026-11-20T08:30:00Z'),
      message('SUCCESS', null, '2026-11-21T23:59:59.999Z'),
      message('ERROR', `${quota}b - gsmtp`, '2026-11-20T11:00:00Z'),
      message('ERROR', `${quota}c - gsmtp`, '2026-11-20T12:00:00Z'),
    ]);
    expect(summary).toEqual({
      messages: 5,
      byState: { ERROR: 4, SUCCESS: 1 },
      byError: [
        { kind: errorKind(quota), messages: 3 },
        { kind: noError, messages: 1 },
        { kind: 'gave up after 10 attempts: connect ECONNREFUSED 10.0.0.1:465', messages: 1 },
      ],
      oldestWrittenMs: Date.parse('2026-11-20T08:30:00Z'),
      newestWrittenMs: Date.parse('2026-11-21T23:59:59.999Z'),
      digests: 1,
    });
  });

  it('says how many digests carry them at the least', () => {
    const many = Array.from({ length: maxDigestMessages + 1 }, () => message('ERROR', 'x', '2026-11-20T10:00:00Z'));
    expect(summarize(many).digests).toBe(2);
    expect(summarize(many.slice(1)).digests).toBe(1);
  });

  it('is empty for no messages', () => {
    expect(summarize([])).toEqual({
      messages: 0,
      byState: { ERROR: 0, SUCCESS: 0 },
      byError: [],
      oldestWrittenMs: null,
      newestWrittenMs: null,
      digests: 0,
    });
  });
});

describe('requeueRange', () => {
  const now = Date.parse('2026-11-25T12:00:00Z');
  const since = Date.parse('2026-11-20T00:00:00Z');

  it('runs until now and takes ERROR when not told otherwise', () => {
    expect(requeueRange({ sinceMs: since }, now)).toEqual({ sinceMs: since, untilMs: now, states: ['ERROR'] });
    expect(requeueRange({ sinceMs: since, untilMs: since + 1, states: ['SUCCESS', 'ERROR', 'SUCCESS'] }, now)).toEqual({
      sinceMs: since,
      untilMs: since + 1,
      states: ['SUCCESS', 'ERROR'],
    });
  });

  it('refuses an empty range, a time that is not one, and states it cannot requeue', () => {
    expect(() => requeueRange({ sinceMs: now }, now)).toThrow(/range is empty/);
    expect(() => requeueRange({ sinceMs: since, untilMs: since - 1 }, now)).toThrow(/range is empty/);
    expect(() => requeueRange({ sinceMs: Number.NaN }, now)).toThrow(/not a date/);
    expect(() => requeueRange({ sinceMs: since, states: [] }, now)).toThrow(/no state/);
    expect(() => requeueRange({ sinceMs: since, states: ['QUEUED' as 'ERROR'] }, now)).toThrow(
      /unknown state "QUEUED": give ERROR or SUCCESS/,
    );
  });
});

describe('changedSincePlan', () => {
  it('tells a document that changed or went from a write that failed', () => {
    expect(changedSincePlan({ code: GrpcStatus.FAILED_PRECONDITION })).toBe(true);
    expect(changedSincePlan({ code: GrpcStatus.NOT_FOUND })).toBe(true);
    expect(changedSincePlan({ code: GrpcStatus.UNAVAILABLE })).toBe(false);
    expect(changedSincePlan(new Error('boom'))).toBe(false);
    expect(changedSincePlan(null)).toBe(false);
  });
});
