import { describe, expect, it } from 'vitest';
import { reportWeek } from './week.js';

const at = (iso: string) => Date.parse(iso);
const hours = (week: { fromMs: number; toMs: number }) => (week.toMs - week.fromMs) / 3_600_000;

describe('the week a report covers', () => {
  it('is last week, Monday to Monday in Rome, from 08:00 on Monday in Rome', () => {
    // Monday 30 November 2026, 08:00 in Rome is 07:00 UTC (winter time).
    expect(reportWeek(at('2026-11-30T07:00:00Z'))).toEqual({
      key: '2026-11-23',
      fromMs: at('2026-11-22T23:00:00Z'),
      toMs: at('2026-11-29T23:00:00Z'),
    });
    // A minute before, the week before that is still the one due (sent last Monday).
    expect(reportWeek(at('2026-11-30T06:59:00Z')).key).toBe('2026-11-16');
    // Any day of the week after: the same week.
    expect(reportWeek(at('2026-12-06T22:59:00Z')).key).toBe('2026-11-23');
    expect(reportWeek(at('2026-12-06T23:00:00Z')).key).toBe('2026-11-23');
    expect(reportWeek(at('2026-12-07T07:00:00Z')).key).toBe('2026-11-30');
  });

  it('follows Rome’s summer time: a week of 167 hours in March, 169 in October, each end on Rome’s midnight', () => {
    // Summer time began on Sunday 29 March 2026; 08:00 on Monday 30 March is 06:00 UTC.
    const march = reportWeek(at('2026-03-30T06:00:00Z'));
    expect(march).toEqual({ key: '2026-03-23', fromMs: at('2026-03-22T23:00:00Z'), toMs: at('2026-03-29T22:00:00Z') });
    expect(hours(march)).toBe(167);
    expect(reportWeek(at('2026-03-30T05:59:00Z')).key).toBe('2026-03-16');
    // It ended on Sunday 25 October 2026.
    const october = reportWeek(at('2026-10-26T07:00:00Z'));
    expect(october).toEqual({
      key: '2026-10-19',
      fromMs: at('2026-10-18T22:00:00Z'),
      toMs: at('2026-10-25T23:00:00Z'),
    });
    expect(hours(october)).toBe(169);
  });

  it('crosses a month’s and a year’s end', () => {
    expect(reportWeek(at('2027-01-04T07:00:00Z'))).toEqual({
      key: '2026-12-28',
      fromMs: at('2026-12-27T23:00:00Z'),
      toMs: at('2027-01-03T23:00:00Z'),
    });
  });
});
