import { describe, expect, it } from 'vitest';
import { ArgsError, parseTime } from './operator-command.ts';

describe('parseTime', () => {
  it('reads a date as midnight UTC and a date-time as UTC unless it gives an offset', () => {
    expect(parseTime('since', '2026-11-20')).toBe(Date.parse('2026-11-20T00:00:00Z'));
    expect(parseTime('since', '2026-11-20T08:30')).toBe(Date.parse('2026-11-20T08:30:00Z'));
    expect(parseTime('since', '2026-11-20T08:30:15.5Z')).toBe(Date.parse('2026-11-20T08:30:15.500Z'));
    expect(parseTime('since', '2026-11-20T08:30:00+01:00')).toBe(Date.parse('2026-11-20T07:30:00Z'));
    expect(parseTime('since', '2026-11-20 08:30:00-05:30')).toBe(Date.parse('2026-11-20T14:00:00Z'));
  });

  it('refuses what is not an ISO date, or a day or time that does not exist', () => {
    for (const text of ['yesterday', '20/11/2026', '2026-11-20T8:30', '2026-02-30', '2026-13-01', '2026-11-20T24:00']) {
      expect(() => parseTime('since', text), text).toThrow(ArgsError);
    }
    expect(() => parseTime('until', 'soon')).toThrow('--until "soon" is not an ISO date or date-time');
  });
});
