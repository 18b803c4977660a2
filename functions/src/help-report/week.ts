// The week the help report covers, in Rome's time (the team's): Monday 00:00 to the next Monday
// 00:00, sent from 08:00 on the Monday after it. Summer time is Rome's to know (Intl's tables):
// a week is then 167 or 169 hours, its ends always on the hour.

/** The week a report covers, and the Monday (its first day, `YYYY-MM-DD`) that names it. */
export type ReportWeek = { key: string; fromMs: number; toMs: number };

/** The hour in Rome from which a week's report is sent, on the Monday after it. */
export const sendHour = 8;

const rome = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Rome',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  weekday: 'short',
  hourCycle: 'h23',
});
const weekdays = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/** The date and time in Rome at `ms`, and its day of the week (0: Monday). */
function inRome(ms: number) {
  const part = Object.fromEntries(rome.formatToParts(ms).map(({ type, value }) => [type, value]));
  const number = (type: string) => Number(part[type]);
  return {
    y: number('year'),
    m: number('month'),
    d: number('day'),
    h: number('hour'),
    min: number('minute'),
    weekday: weekdays.indexOf(part.weekday ?? ''),
  };
}

/** How far Rome's clock is ahead of UTC at `ms`. */
function offsetMs(ms: number): number {
  const t = inRome(ms);
  return Date.UTC(t.y, t.m - 1, t.d, t.h, t.min) - Math.floor(ms / 60_000) * 60_000;
}

/** The instant Rome's clock reads `hour`:00 on the given day (days past a month's end roll over). */
function romeTime(y: number, m: number, d: number, hour: number): number {
  const wall = Date.UTC(y, m - 1, d, hour);
  return wall - offsetMs(wall - offsetMs(wall));
}

const dateKey = (y: number, m: number, d: number) => new Date(Date.UTC(y, m - 1, d)).toISOString().slice(0, 10);

/** The last week whose report is due at `nowMs`: the one before this Monday once it is 08:00 in Rome, else the one before that. */
export function reportWeek(nowMs: number): ReportWeek {
  const t = inRome(nowMs);
  const monday = t.d - t.weekday;
  const thisMondayDue = nowMs >= romeTime(t.y, t.m, monday, sendHour);
  const end = thisMondayDue ? monday : monday - 7;
  return {
    key: dateKey(t.y, t.m, end - 7),
    fromMs: romeTime(t.y, t.m, end - 7, 0),
    toMs: romeTime(t.y, t.m, end, 0),
  };
}
