import { Timestamp } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import { buildContactMessage } from '../contracts/contact-message.js';
import type { AccountState } from '../email/smtp-account.js';
import { firstLook } from './first-look.js';
import { gaveUp, heldFor } from '../email/decide.js';
import { expiryAfter } from './retention.js';
import { maxAttempts } from '../email/send-failures.js';

// The claim's first decisions on what its transaction read, without a database: the emulator
// tests (mail-delivery, mail-requeue, mail-account) run the whole claim.

const nowMs = Date.parse('2026-11-27T10:00:00Z');
const createdAt = Timestamp.fromMillis(nowMs - 60_000);
const message = {
  ...buildContactMessage({
    name: 'Ann',
    email: 'angler@example.org',
    subject: 'Tides are wrong',
    message: 'Hello',
    language: 'en',
    platform: 'android',
    appVersion: '1.2.3 (45)',
  }),
  createdAt,
};
const up: AccountState = { down: false };
const down: AccountState = {
  down: true,
  sinceMs: nowMs - 3_600_000,
  reason: '535 refused',
  tries: 1,
  nextTryMs: 0,
  remindedMs: 0,
  check: 'login',
};
const settings = { nowMs, expiry: expiryAfter(12), reference: 'ABC-123' };
const expireAt = expiryAfter(12)(createdAt, nowMs);
const at = (ms: number) => Timestamp.fromMillis(ms);

describe('firstLook', () => {
  it('takes a new message on to the caps, with no attempt before and the time it was written', () => {
    const look = firstLook(message, up, settings);
    expect(look).toMatchObject({
      kind: 'go',
      round: 'first',
      before: 0,
      expireAt,
      reference: 'ABC-123',
      writtenMs: createdAt.toMillis(),
      mail: { shape: 'fields' },
    });
  });

  it('leaves alone a message gone, leased, ended or waiting, writing nothing', () => {
    const cases: Array<[Record<string, unknown> | undefined, string]> = [
      [undefined, 'the document no longer exists'],
      [
        { ...message, delivery: { state: 'PROCESSING', leaseExpireTime: at(nowMs + 1) } },
        'another invocation holds the lease',
      ],
      [{ ...message, delivery: { state: 'SUCCESS' } }, 'delivery already ended in SUCCESS'],
      [{ ...message, delivery: { state: 'QUEUED' } }, 'waiting for a digest'],
      [
        { ...message, delivery: { state: 'RETRY', nextAttemptTime: at(nowMs + 1) } },
        'waiting for its next attempt time',
      ],
    ];
    for (const [data, reason] of cases) {
      expect(firstLook(data, up, settings)).toEqual({ kind: 'settled', taken: { kind: 'skipped', reason } });
    }
  });

  it('puts a message of a digest that stopped back in the queue under the same digest, never out alone', () => {
    const data = {
      ...message,
      delivery: { state: 'PROCESSING', leaseExpireTime: at(nowMs - 1), attempts: 2, digest: 'd1' },
    };
    const look = firstLook(data, up, settings);
    expect(look).toMatchObject({
      kind: 'settled',
      taken: { kind: 'queued' },
      update: { 'delivery.state': 'QUEUED', 'delivery.resendAs': 'd1', 'delivery.attempts': 2 },
    });
  });

  it('ends a malformed message and one out of attempts in ERROR, with its reference', () => {
    const malformed = firstLook({ ...message, email: 'not an address' }, up, settings);
    expect(malformed).toMatchObject({
      kind: 'settled',
      taken: { kind: 'ended' },
      update: { delivery: { state: 'ERROR' }, reference: 'ABC-123' },
    });
    const spent = {
      ...message,
      delivery: { state: 'RETRY', nextAttemptTime: at(nowMs), attempts: maxAttempts, error: '452 full' },
    };
    expect(firstLook(spent, up, settings)).toMatchObject({
      kind: 'settled',
      taken: { kind: 'ended', error: gaveUp(maxAttempts, '452 full') },
      update: { delivery: { state: 'ERROR', attempts: maxAttempts } },
    });
  });

  it('gives an operator’s retry a fresh budget of attempts', () => {
    const data = { ...message, delivery: { state: 'RETRY', nextAttemptTime: null, attempts: maxAttempts } };
    expect(firstLook(data, up, settings)).toMatchObject({ kind: 'go', round: 'manual', before: 0 });
  });

  it('holds a message while the mail account is down, unless this send is the account’s try', () => {
    expect(firstLook(message, down, settings)).toMatchObject({
      kind: 'settled',
      taken: { kind: 'held' },
      update: {
        delivery: { state: 'RETRY', error: heldFor({ message: '535 refused' }), nextAttemptTime: createdAt },
        reference: 'ABC-123',
      },
    });
  });
});
