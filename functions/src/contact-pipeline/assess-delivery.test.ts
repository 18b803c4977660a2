import { Timestamp } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import { assessDelivery, capsApply, isCounted } from './assess-delivery.js';

const now = Date.parse('2025-06-01T10:00:00Z');
const ts = (offsetMs: number) => Timestamp.fromMillis(now + offsetMs);

describe('assessDelivery: which documents an invocation may claim', () => {
  it.each([
    ['a new document', undefined, 'first'],
    ['a document with an empty delivery', {}, 'first'],
    ['a RETRY whose time has come', { state: 'RETRY', attempts: 3, nextAttemptTime: ts(-1) }, 'scheduled'],
    ["an operator's RETRY (no next attempt time)", { state: 'RETRY', attempts: 10 }, 'manual'],
    [
      "an operator's RETRY over an ended one",
      { state: 'RETRY', nextAttemptTime: null, leaseExpireTime: null },
      'manual',
    ],
    ['a PROCESSING whose lease expired', { state: 'PROCESSING', attempts: 1, leaseExpireTime: ts(-1) }, 'recovered'],
  ])('takes %s', (_, delivery, round) => {
    expect(assessDelivery(delivery, now)).toEqual({ take: true, round });
  });

  it.each([
    ['a PROCESSING with a live lease', { state: 'PROCESSING', leaseExpireTime: ts(1) }],
    ['a RETRY waiting for its time', { state: 'RETRY', nextAttemptTime: ts(60_000) }],
    ['a RETRY set while another invocation holds the lease', { state: 'RETRY', leaseExpireTime: ts(1) }],
    ['a SUCCESS', { state: 'SUCCESS' }],
    ['an ERROR', { state: 'ERROR', error: 'rate limited' }],
    ['a QUEUED waiting for a digest', { state: 'QUEUED', digestTime: ts(-1) }],
    ['an unknown state', { state: 'DONE' }],
  ])('leaves %s', (_, delivery) => {
    expect(assessDelivery(delivery, now)).toMatchObject({ take: false });
  });
});

describe('capsApply: which sends meet the caps', () => {
  it.each([
    ['a new message', undefined, 'first', true],
    ['a RETRY the database kept from its first claim', { state: 'RETRY', attempts: 0 }, 'scheduled', true],
    ['a lost event (no delivery) found by the sweep', undefined, 'first', true],
    ['a RETRY of a message sent alone before', { state: 'RETRY', attempts: 2, counted: true }, 'scheduled', false],
    ['a RETRY written before `counted` existed, tried before', { state: 'RETRY', attempts: 2 }, 'scheduled', false],
    [
      'a claim taken over after its lease ran out',
      { state: 'PROCESSING', attempts: 1, counted: false },
      'recovered',
      true,
    ],
    ["an operator's retry", { state: 'RETRY', attempts: 0 }, 'manual', false],
  ] as const)('%s: %s', (_, delivery, round, expected) => {
    expect(capsApply(delivery, round)).toBe(expected);
  });

  it('counts a queued message as not counted, whatever its attempts', () => {
    expect(isCounted({ state: 'QUEUED', attempts: 3 })).toBe(false);
  });
});
