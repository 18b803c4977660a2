import { describe, expect, it } from 'vitest';
import { siteNoticeLimits, type SiteNotice } from '../contracts/site-notice.js';
import { shownNoticeFromMemory } from './memory.js';

// What one instance of the notice's read remembers, with a clock the test moves and a reader
// that counts the database reads it stands for.

const startMs = Date.parse('2026-11-28T10:00:00Z');
const keepMs = siteNoticeLimits.memorySeconds * 1000;
const notice: SiteNotice = {
  id: 'Q2x9LmTz81KpRw3vBn0c',
  text: { en: 'Forecast late.', it: 'Previsioni in ritardo.' },
  since: '2026-11-28T09:00:00.000Z',
  until: null,
  help: null,
  state: 'investigating',
  updates: [],
  part: null,
  articles: [],
};

/** A clock the test sets, and a reader that answers what the test holds and counts its reads. */
function setUp(stored: SiteNotice | null = notice) {
  const clock = { ms: startMs };
  const database = { stored, reads: 0, failNext: false };
  const read = () => {
    database.reads++;
    if (database.failNext) {
      database.failNext = false;
      return Promise.reject(Object.assign(new Error('unavailable'), { code: 14 }));
    }
    return Promise.resolve(database.stored);
  };
  const shown = shownNoticeFromMemory({ read, now: () => clock.ms });
  return { clock, database, shown };
}

describe('the notice as one instance remembers it', () => {
  it('reads the database once for every request within its keeping time', async () => {
    const { clock, database, shown } = setUp();
    for (let request = 0; request < 1000; request++) {
      clock.ms = startMs + Math.floor((request * (keepMs - 1)) / 999);
      expect(await shown()).toEqual(notice);
    }
    expect(database.reads).toBe(1);
  });

  it('reads again once what it kept is keepMs old, and then shows what the database holds', async () => {
    const { clock, database, shown } = setUp();
    await shown();
    database.stored = null;
    clock.ms = startMs + keepMs - 1;
    expect(await shown()).toEqual(notice);
    clock.ms = startMs + keepMs;
    expect(await shown()).toBeNull();
    expect(database.reads).toBe(2);
  });

  it('shares one read among the requests that come while it is under way', async () => {
    const { database, shown } = setUp();
    const answers = await Promise.all(Array.from({ length: 500 }, () => shown()));
    expect(answers.every((answer) => answer?.id === notice.id)).toBe(true);
    expect(database.reads).toBe(1);
  });

  it('keeps no failed read: the requests waiting on it fail, the next one reads again', async () => {
    const { database, shown } = setUp();
    database.failNext = true;
    const waiting = await Promise.allSettled([shown(), shown(), shown()]);
    expect(waiting.map(({ status }) => status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(database.reads).toBe(1);
    expect(await shown()).toEqual(notice);
    expect(database.reads).toBe(2);
  });

  it('takes down a notice the moment its time ends, without a read', async () => {
    const ending = { ...notice, until: new Date(startMs + 1000).toISOString() };
    const { clock, database, shown } = setUp(ending);
    expect(await shown()).toEqual(ending);
    clock.ms = startMs + 1000;
    expect(await shown()).toBeNull();
    expect(database.reads).toBe(1);
  });

  it('does not keep what it read longer when the clock goes back', async () => {
    const { clock, database, shown } = setUp();
    await shown();
    clock.ms = startMs - 60_000;
    await shown();
    expect(database.reads).toBe(2);
  });
});
