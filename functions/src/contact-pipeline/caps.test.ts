import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { mailCaps, senderCounter } from './caps.js';
import { counterExpiry, hourKey, hourlyCounterId, senderKey } from '../email/counters.js';
import { forgetSpentCaps } from './instance-memory.js';

const at = Date.parse('2025-06-01T10:59:59.999Z');
const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

describe('rate-limit keys', () => {
  it('counts per UTC clock hour', () => {
    expect(hourKey(at)).toBe('2025-06-01T10');
    expect(hourKey(at + 1)).toBe('2025-06-01T11');
  });

  it('keys a sender by the SHA-256 of the lower-cased address, never the address', () => {
    expect(senderKey(' Angler@Example.ORG ')).toBe(sha256('angler@example.org'));
    expect(senderKey('angler@example.org')).toMatch(/^[0-9a-f]{64}$/);
    expect(senderKey('a@example.org')).not.toBe(senderKey('b@example.org'));
  });

  it('gives an hourly cap’s counter and the sender counter of the hour', () => {
    expect(hourlyCounterId(at, 'deletion-confirmations')).toBe('deletion-confirmations_2025-06-01T10');
    const counter = senderCounter({ perSenderPerHour: 5, perHour: 100, perDay: 1000 }, at, 'Angler@example.org');
    expect(counter).toEqual({ id: `sender_2025-06-01T10_${sha256('angler@example.org')}`, cap: 5, what: 'sender' });
    expect(counter?.id).not.toContain('angler');
  });

  it('has no sender counter without a sender, nor for a cap of 0', () => {
    expect(senderCounter({ perSenderPerHour: 5, perHour: 100, perDay: 1000 }, at)).toBeUndefined();
    expect(senderCounter({ perSenderPerHour: 0, perHour: 0, perDay: 0 }, at, 'a@example.org')).toBeUndefined();
  });

  it('lets a counter expire a day after its hour', () => {
    expect(counterExpiry(at).toISOString()).toBe('2025-06-02T11:00:00.000Z');
  });
});

describe('the caps as an instance sees them', () => {
  it('remembers the hour spent only when the counts that other checks may give back cannot explain it', () => {
    forgetSpentCaps();
    const caps = mailCaps({ perSenderPerHour: 0, perHour: 20, perDay: 0 });
    const [first, second, third] = [caps.beginCheck(), caps.beginCheck(), caps.beginCheck()];
    // 22 counted with 20 allowed, two of them still being checked here: they may go back.
    expect(first.verdict({ hour: 22, day: 22 }, at)).toEqual({ over: 'hour', surely: false });
    expect(caps.slot(undefined, at)).toEqual({ alone: true, digestMs: at });
    expect(second.verdict({ hour: 20, day: 20 }, at)).toEqual({ over: 'under', surely: true });
    second.end();
    third.end();
    third.end();
    // The others settled and it is still over: the hour is spent, the next message is queued uncounted.
    expect(first.verdict({ hour: 21, day: 21 }, at)).toEqual({ over: 'hour', surely: true });
    expect(caps.slot(undefined, at)).toEqual({ alone: false, digestMs: at, spent: 'hour' });
    first.end();
    forgetSpentCaps();
    expect(caps.slot(undefined, at)).toEqual({ alone: true, digestMs: at });
  });
});
