import { describe, expect, it } from 'vitest';
import { checkCount, takeTicket, ticketTries, type Count } from './budget.js';

/** A count held in memory, with what was done to it, in order. */
function countInMemory(start: number): Count & { total: number; steps: string[] } {
  const count = {
    total: start,
    steps: [] as string[],
    sum: () => Promise.resolve(count.total),
    count: () => {
      count.total += 1;
      count.steps.push('count');
      return Promise.resolve();
    },
    giveBack: () => {
      count.total -= 1;
      count.steps.push('give back');
      return Promise.resolve();
    },
  };
  return count;
}
const noPause = { sleep: () => Promise.resolve(), random: () => 0.5 };

describe('the one check of a counted email against its caps', () => {
  it('goes at once when the sums are within the caps', async () => {
    const count = countInMemory(3);
    const checked = await checkCount(
      { read: count.sum, stepAside: count.giveBack, countAgain: count.count },
      (total) => ({ over: total > 5, surely: false }),
      noPause,
    );
    expect(checked).toEqual({ counts: 3, verdict: { over: false, surely: false } });
    expect(count.steps).toEqual([]);
  });

  it('over for sure, stops at the first look with its count still made', async () => {
    const count = countInMemory(9);
    const checked = await checkCount(
      { read: count.sum, stepAside: count.giveBack, countAgain: count.count },
      (total) => ({ over: total > 5, surely: true }),
      noPause,
    );
    expect(checked.verdict.over).toBe(true);
    expect(count.steps).toEqual([]);
  });

  it('over only while others are checked, steps aside and counts again, up to its last look', async () => {
    const count = countInMemory(9);
    const pauses: number[] = [];
    const checked = await checkCount(
      { read: count.sum, stepAside: count.giveBack, countAgain: count.count },
      (total) => ({ over: total > 5, surely: false }),
      { sleep: (ms) => Promise.resolve(void pauses.push(ms)), random: () => 0.5 },
    );
    expect(checked.verdict.over).toBe(true);
    expect(count.steps).toEqual(Array.from({ length: ticketTries - 1 }, () => ['give back', 'count']).flat());
    expect(pauses).toEqual([200, 400].slice(0, ticketTries - 1));
    expect(count.total).toBe(9);
  });

  it('goes on a later look once the others gave their counts back', async () => {
    const count = countInMemory(7);
    let looks = 0;
    const checked = await checkCount(
      {
        read: () => {
          looks += 1;
          // Two other emails gave their counts back while this one stepped aside.
          if (looks === 2) count.total -= 2;
          return count.sum();
        },
        stepAside: count.giveBack,
        countAgain: count.count,
      },
      (total) => ({ over: total > 5, surely: false }),
      noPause,
    );
    expect(checked).toEqual({ counts: 5, verdict: { over: false, surely: false } });
    expect(looks).toBe(2);
  });
});

describe('a ticket under a budget (the day’s emails, an hour’s of its own)', () => {
  it('keeps the count of an email under the cap until it is released', async () => {
    const count = countInMemory(49);
    const ticket = await takeTicket(count, 50, noPause);
    expect(ticket.verdict).toBe('under');
    expect(count.total).toBe(50);
    await ticket.release();
    expect(count.total).toBe(49);
  });

  it('gives the count back when over, and counts nothing once the hour is spent', async () => {
    const racing = countInMemory(50);
    // Another email counted itself between this one's first look and its count.
    racing.sum = () => Promise.resolve(racing.steps.length === 0 ? 49 : racing.total);
    expect((await takeTicket(racing, 50, noPause)).verdict).toBe('over');
    expect(racing.total).toBe(50);
    const spent = countInMemory(50);
    expect((await takeTicket(spent, 50, noPause)).verdict).toBe('over');
    expect(spent.steps).toEqual([]);
  });

  it('counts without a check under a budget of 0 (none), and gives the count back on release', async () => {
    const count = countInMemory(10_000);
    const ticket = await takeTicket(count, 0, noPause);
    expect(ticket.verdict).toBe('under');
    expect(count.steps).toEqual(['count']);
    await ticket.release();
    expect(count.total).toBe(10_000);
  });
});
