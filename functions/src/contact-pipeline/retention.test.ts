import { describe, expect, it } from 'vitest';
import { expiryTime } from './retention.js';

const at = (iso: string) => Date.parse(iso);

describe('expiryTime', () => {
  it('adds calendar months and keeps the time of day', () => {
    expect(expiryTime(at('2026-11-23T08:30:00.000Z'), 12).toISOString()).toBe('2027-11-23T08:30:00.000Z');
    expect(expiryTime(at('2026-11-23T08:30:00.000Z'), 3).toISOString()).toBe('2027-02-23T08:30:00.000Z');
  });

  it('ends on the last day of a shorter month', () => {
    expect(expiryTime(at('2027-03-31T12:00:00.000Z'), 1).toISOString()).toBe('2027-04-30T12:00:00.000Z');
    expect(expiryTime(at('2027-01-31T12:00:00.000Z'), 1).toISOString()).toBe('2027-02-28T12:00:00.000Z');
    expect(expiryTime(at('2028-02-29T12:00:00.000Z'), 12).toISOString()).toBe('2029-02-28T12:00:00.000Z');
  });

  it('is the written time itself for 0 months', () => {
    expect(expiryTime(at('2026-11-23T08:30:00.000Z'), 0).toISOString()).toBe('2026-11-23T08:30:00.000Z');
  });
});
