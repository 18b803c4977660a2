import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { checkCount, mailCaps, senderCounter, takeHourlyTicket, ticketTries } from './caps.js';
import { counterExpiry, hourKey, hourlyCounterId, senderKey, type HourlyCount } from './counters.js';
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

/** An hour's count held in memory, with what was done to it, in order. */
function countInMemory(start: number): HourlyCount & { total: number; steps: string[] } {
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

describe('an hourly cap of its own (the deletion confirmations’)', () => {
  it('keeps the count of an email under the cap until it is released', async () => {
    const count = countInMemory(49);
    const ticket = await takeHourlyTicket(count, 50, noPause);
    expect(ticket.verdict).toBe('under');
    expect(count.total).toBe(50);
    await ticket.release();
    expect(count.total).toBe(49);
  });

  it('gives the count back when over, and counts nothing once the hour is spent', async () => {
    const racing = countInMemory(50);
    // Another email counted itself between this one's first look and its count.
    racing.sum = () => Promise.resolve(racing.steps.length === 0 ? 49 : racing.total);
    expect((await takeHourlyTicket(racing, 50, noPause)).verdict).toBe('over');
    expect(racing.total).toBe(50);
    const spent = countInMemory(50);
    expect((await takeHourlyTicket(spent, 50, noPause)).verdict).toBe('over');
    expect(spent.steps).toEqual([]);
  });
});
