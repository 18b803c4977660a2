import { Timestamp } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import { messageJob, type MessageClaim, type MessageIo } from './message-job.js';
import { runJob, type RunIo } from '../email/runner.js';
import { unansweredTwice } from '../email/decide.js';
import type { Settlement } from '../email/settlement.js';
import { nextDayMs } from '../email/counters.js';
import type { DeliveryUpdate } from './delivery.js';
import { messageOutcome } from './delivery-decisions.js';
import type { Recorded as LeaseRecorded } from './lease.js';
import type { OutgoingEmail } from '../email/outgoing-email.js';
import { maxAttempts, recordRetryDelaysMs, retryDelayMs, type SendFailure } from '../email/send-failures.js';
import type { MailTransport } from '../email/transport.js';

// The message job (message-job.ts) run by the pipeline with its transport, clock and store passed in: what it
// records on the document after each try (through lease.ts's messageOutcome, as the claim's lease
// does). The emulator tests run the same code end to end.

const nowMs = Date.parse('2025-06-01T10:00:00Z');
const email: OutgoingEmail = {
  from: 'Support <no-reply@example.com>',
  to: 'support@example.com',
  messageId: '<mail.m1@example.com>',
  subject: 'Reel broke',
  text: 'Hello',
  html: '<p>Hello</p>',
};
const sent = { messageId: '<id@example.com>', accepted: ['support@example.com'], rejected: [], response: '250 OK' };
const connectionLost = () =>
  Object.assign(new Error('connect ECONNREFUSED 192.0.2.10:587'), { code: 'ESOCKET', command: 'CONN' });
/** No answer once the connection was open, as nodemailer reports a socket time-out. */
const noAnswer = () => Object.assign(new Error('Timeout'), { code: 'ETIMEDOUT', command: 'CONN' });
const mailboxFull = () =>
  Object.assign(new Error('452 Mailbox full'), { code: 'EMESSAGE', responseCode: 452, response: '452 Mailbox full' });
const noSuchUser = () =>
  Object.assign(new Error('550 No such user'), { code: 'EMESSAGE', responseCode: 550, response: '550 No such user' });

/** A transport that fails with the given errors, in order, then accepts. */
function transportFailing(...failures: Array<() => Error>): MailTransport & { tries: number } {
  const transport = {
    tries: 0,
    sendMail() {
      const failure = failures[transport.tries];
      transport.tries += 1;
      return failure ? Promise.reject(failure()) : Promise.resolve(sent);
    },
  };
  return transport;
}

const writtenMs = nowMs - 60_000;
/** What the job asks the claim's lease to record. */
type Recorded = { settled: Settlement; claim: MessageClaim };

/** What the claim's lease writes for a settlement (lease.ts); a quota wait is a test of its own. */
function asUpdate({ settled }: Recorded): DeliveryUpdate {
  if (settled.kind === 'held' && settled.for === 'day') throw new Error('a quota reply was not expected here');
  return messageOutcome(settled, { writtenMs, nowMs }).update;
}

/** What the claim's lease resolves to once it wrote a settlement. */
const written = ({ settled }: Recorded): Promise<LeaseRecorded> =>
  Promise.resolve(messageOutcome(settled, { writtenMs, nowMs }).outcome ?? 'again');

/** What a test may change of the message job's I/O. */
type Overrides = {
  record?: (recorded: Recorded) => Promise<LeaseRecorded>;
  /** Attempts so far, the claim's included. */
  attempts?: number;
  delays?: readonly number[];
  onFailed?: (error: string) => Promise<void>;
  onAccountFailed?: (failure: SendFailure) => Promise<void>;
  /** The check of the SMTP account; by default it fails as the send did. */
  check?: RunIo['checkAccount'];
  /** An earlier send met no answer then (`delivery.unanswered`). */
  unansweredMs?: number;
};

/** The message job run by the pipeline on a claim already taken, with the given transport. */
function step(transport: MailTransport, overrides: Overrides = {}) {
  const records: DeliveryUpdate[] = [];
  const pauses: number[] = [];
  const sleep = (ms: number) => {
    pauses.push(ms);
    return Promise.resolve();
  };
  const io: MessageIo<MessageClaim> = {
    take: () =>
      Promise.resolve({
        kind: 'claimed',
        attempts: overrides.attempts ?? 1,
        ...(overrides.unansweredMs === undefined ? {} : { unansweredMs: overrides.unansweredMs }),
      }),
    render: () => Promise.resolve({ email, keptPicture: {}, warnings: { ids: [], lines: [] } }),
    record: (claim, settled) => {
      if (overrides.record) return overrides.record({ settled, claim });
      records.push(asUpdate({ settled, claim }));
      return written({ settled, claim });
    },
    delays: overrides.delays ?? [1_000, 3_000],
    now: () => nowMs,
    log: { mailId: 'm1' },
    failed: overrides.onFailed ?? (() => Promise.resolve()),
    spent: () => Promise.resolve(),
    accountDown: overrides.onAccountFailed ?? (() => Promise.resolve()),
    delivered: () => Promise.resolve(),
  };
  const checkAccount = overrides.check ?? ((failure: SendFailure) => Promise.resolve(failure));
  const send = () => runJob(messageJob(io), { transport, sleep, now: () => nowMs, checkAccount });
  return { send, records, pauses };
}

describe('the message job', () => {
  it('records SUCCESS with the server’s answer', async () => {
    const { send, records, pauses } = step(transportFailing());
    expect(await send()).toBe('SUCCESS');
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({
      'delivery.state': 'SUCCESS',
      'delivery.attempts': 1,
      'delivery.error': null,
      'delivery.info': sent,
    });
    expect(pauses).toEqual([]);
  });

  it('tries again after each pause on a transient failure, renewing the lease, then succeeds', async () => {
    const transport = transportFailing(connectionLost, mailboxFull);
    const { send, records, pauses } = step(transport);
    expect(await send()).toBe('SUCCESS');
    expect(transport.tries).toBe(3);
    expect(pauses).toEqual([1_000, 3_000]);
    expect(records.map((record) => record['delivery.attempts'])).toEqual([2, 3, 3]);
    expect(records[0]).toMatchObject({ 'delivery.error': 'connect ECONNREFUSED 192.0.2.10:587' });
    expect(records[1]?.['delivery.leaseExpireTime']).toEqual(Timestamp.fromMillis(nowMs + 10 * 60_000));
    expect(records[2]).toMatchObject({ 'delivery.state': 'SUCCESS', 'delivery.error': null });
  });

  it('ends in ERROR at once on a permanent failure', async () => {
    const transport = transportFailing(noSuchUser);
    const { send, records, pauses } = step(transport);
    expect(await send()).toBe('ERROR');
    expect(transport.tries).toBe(1);
    expect(pauses).toEqual([]);
    expect(records).toEqual([
      expect.objectContaining({
        'delivery.state': 'ERROR',
        'delivery.attempts': 1,
        'delivery.error': '550 No such user',
      }),
    ]);
  });

  it('leaves the message in RETRY for the sweep once the pauses are used up', async () => {
    const transport = transportFailing(mailboxFull, mailboxFull, mailboxFull);
    const { send, records } = step(transport, { delays: [10] });
    expect(await send()).toBe('RETRY');
    expect(transport.tries).toBe(2);
    expect(records.at(-1)).toEqual({
      'delivery.state': 'RETRY',
      'delivery.attempts': 2,
      'delivery.leaseExpireTime': null,
      'delivery.nextAttemptTime': Timestamp.fromMillis(nowMs + retryDelayMs(2)),
      'delivery.error': '452 Mailbox full',
    });
  });

  it(`gives up in ERROR when a transient failure of the message comes on attempt ${maxAttempts}`, async () => {
    const { send, records } = step(transportFailing(mailboxFull), { attempts: maxAttempts });
    expect(await send()).toBe('ERROR');
    expect(records).toEqual([
      expect.objectContaining({
        'delivery.state': 'ERROR',
        'delivery.attempts': maxAttempts,
        'delivery.error': `gave up after ${maxAttempts} attempts: 452 Mailbox full`,
      }),
    ]);
  });

  describe('a failure of the mail account, not of the message', () => {
    const loginRefused = () =>
      Object.assign(new Error('Invalid login: 535-5.7.8 Username and Password not accepted.'), {
        code: 'EAUTH',
        command: 'AUTH PLAIN',
        responseCode: 535,
      });

    it('holds the message at once when the login is refused: no quick try, no attempt spent, its place kept', async () => {
      const accountFailures: string[] = [];
      const transport = transportFailing(loginRefused, loginRefused);
      const { send, records, pauses } = step(transport, {
        attempts: 4,
        onAccountFailed: (failure) => {
          accountFailures.push(failure.message);
          return Promise.resolve();
        },
      });
      expect(await send()).toBe('HELD');
      expect(transport.tries).toBe(1);
      expect(pauses).toEqual([]);
      expect(records).toEqual([
        {
          'delivery.state': 'RETRY',
          'delivery.attempts': 3,
          'delivery.leaseExpireTime': null,
          'delivery.nextAttemptTime': Timestamp.fromMillis(writtenMs),
          'delivery.error':
            'held: the mail account fails (Invalid login: 535-5.7.8 Username and Password not accepted.)',
          'delivery.claim': null,
          'delivery.counted': false,
          'delivery.waitsFor': 'account',
        },
      ]);
      expect(accountFailures).toEqual(['Invalid login: 535-5.7.8 Username and Password not accepted.']);
    });

    it('holds it after the quick tries when the server stays out of reach, however many attempts it had', async () => {
      const transport = transportFailing(connectionLost, connectionLost, connectionLost);
      const { send, records, pauses } = step(transport, { attempts: maxAttempts });
      expect(await send()).toBe('HELD');
      expect(transport.tries).toBe(3);
      expect(pauses).toEqual([1_000, 3_000]);
      expect(records.at(-1)).toMatchObject({ 'delivery.state': 'RETRY', 'delivery.attempts': maxAttempts - 1 });
    });
  });

  it('asks for a wait, not an ERROR, when the server says the sending quota is spent', async () => {
    const quotaSpent = () =>
      Object.assign(new Error('550 5.4.5 Daily user sending limit exceeded'), {
        code: 'EMESSAGE',
        responseCode: 550,
        response: '550 5.4.5 Daily user sending limit exceeded',
      });
    const settlements: Settlement[] = [];
    const transport = transportFailing(quotaSpent);
    const { send, pauses } = step(transport, {
      record: (next) => {
        settlements.push(next.settled);
        return written(next);
      },
    });
    expect(await send()).toBe('QUEUED');
    expect(transport.tries).toBe(1);
    expect(pauses).toEqual([]);
    expect(settlements).toEqual([{ kind: 'held', for: 'day', attempts: 0, dueMs: nextDayMs(nowMs) }]);
  });

  describe('sending and recording apart', () => {
    const unavailable = () => Object.assign(new Error('14 UNAVAILABLE: the database is busy'), { code: 14 });
    const aborted = () => Object.assign(new Error('10 ABORTED: too much contention'), { code: 10 });
    /** A store that refuses the first `failures` writes with the given error, then takes them. */
    function refusingStore(failures: number, error: () => Error) {
      const writes: DeliveryUpdate[] = [];
      let calls = 0;
      const record = (recorded: Recorded): Promise<LeaseRecorded> => {
        calls += 1;
        if (calls <= failures) return Promise.reject(error());
        writes.push(asUpdate(recorded));
        return written(recorded);
      };
      return { record, written: writes };
    }

    it('sends once when the SUCCESS write fails once, and records it on the next try', async () => {
      const transport = transportFailing();
      const store = refusingStore(1, unavailable);
      const { send, pauses } = step(transport, { record: store.record });
      expect(await send()).toBe('SUCCESS');
      expect(transport.tries).toBe(1);
      expect(pauses).toEqual([recordRetryDelaysMs[0]]);
      expect(store.written).toEqual([expect.objectContaining({ 'delivery.state': 'SUCCESS', 'delivery.attempts': 1 })]);
    });

    it('sends once when every SUCCESS write is refused, and never defers a sent message', async () => {
      const transport = transportFailing();
      const store = refusingStore(Infinity, aborted);
      const { send, pauses } = step(transport, { record: store.record });
      expect(await send()).toBe('SUCCESS');
      expect(transport.tries).toBe(1);
      expect(pauses).toEqual([...recordRetryDelaysMs]);
      expect(store.written).toEqual([]);
    });

    it('stops, sending nothing more, when its claim is no longer the current one', async () => {
      const transport = transportFailing(connectionLost, connectionLost);
      const { send, pauses } = step(transport, { record: () => Promise.resolve('stale') });
      expect(await send()).toBe('SKIPPED');
      expect(transport.tries).toBe(1);
      expect(pauses).toEqual([]);
    });

    it('changes nothing and reports no failure when a stale claim would end the message in ERROR', async () => {
      const failures: string[] = [];
      const { send } = step(transportFailing(noSuchUser), {
        record: () => Promise.resolve('stale'),
        onFailed: (error) => {
          failures.push(error);
          return Promise.resolve();
        },
      });
      expect(await send()).toBe('SKIPPED');
      expect(failures).toEqual([]);
    });
  });

  describe('a failure the account’s check does not confirm is the message’s', () => {
    const accountWorks = () => Promise.resolve(undefined);
    const closing = () =>
      Object.assign(new Error('Message failed: 421 4.7.0 Try again later, closing connection'), {
        code: 'EMESSAGE',
        command: 'DATA',
        responseCode: 421,
      });

    it('a 421 at the end of DATA for this message alone: retried on its own schedule, nothing held', async () => {
      const accountFailures: string[] = [];
      const transport = transportFailing(closing, closing, closing);
      const { send, records } = step(transport, {
        check: accountWorks,
        onAccountFailed: (failure) => {
          accountFailures.push(failure.message);
          return Promise.resolve();
        },
      });
      expect(await send()).toBe('RETRY');
      expect(transport.tries).toBe(3);
      expect(accountFailures).toEqual([]);
      expect(records.at(-1)).toMatchObject({
        'delivery.state': 'RETRY',
        'delivery.attempts': 3,
        'delivery.nextAttemptTime': Timestamp.fromMillis(nowMs + retryDelayMs(3)),
      });
      expect(records.at(-1)).not.toHaveProperty('delivery.waitsFor');
    });

    it('no answer once the message was on its way: not sent again at once, deferred with when it happened', async () => {
      const transport = transportFailing(noAnswer, noAnswer, noAnswer);
      const { send, records, pauses } = step(transport, { check: accountWorks });
      expect(await send()).toBe('RETRY');
      expect(transport.tries).toBe(1);
      expect(pauses).toEqual([]);
      expect(records).toEqual([
        expect.objectContaining({
          'delivery.state': 'RETRY',
          'delivery.attempts': 1,
          'delivery.unanswered': Timestamp.fromMillis(nowMs),
        }),
      ]);
    });

    it('a second silence ends it in ERROR saying it may have arrived, and the team is told', async () => {
      const failures: string[] = [];
      const transport = transportFailing(noAnswer);
      const { send, records } = step(transport, {
        check: accountWorks,
        attempts: 2,
        unansweredMs: nowMs - 300_000,
        onFailed: (error) => {
          failures.push(error);
          return Promise.resolve();
        },
      });
      expect(await send()).toBe('ERROR');
      expect(transport.tries).toBe(1);
      expect(records).toEqual([
        expect.objectContaining({ 'delivery.state': 'ERROR', 'delivery.error': unansweredTwice('Timeout') }),
      ]);
      expect(failures).toEqual([unansweredTwice('Timeout')]);
    });

    it('no answer, and the account’s check fails too: held, with when, so its next email says it may be a repeat', async () => {
      const transport = transportFailing(noAnswer);
      const { send, records } = step(transport);
      expect(await send()).toBe('HELD');
      expect(records).toEqual([
        expect.objectContaining({
          'delivery.waitsFor': 'account',
          'delivery.unanswered': Timestamp.fromMillis(nowMs),
        }),
      ]);
    });
  });
});
