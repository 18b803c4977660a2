import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { counterExpiry, globalCounterId, hourKey, senderCounter, senderKey } from './rate-limits.js';

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

  it('gives the global counter and the sender counter of the hour', () => {
    expect(globalCounterId(at)).toBe('all_2025-06-01T10');
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
