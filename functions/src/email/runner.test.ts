import { describe, expect, it } from 'vitest';
import type { Decision } from './decide.js';
import { proofOf } from './smtp-account.js';
import { runJob, type Job, type Next, type RunIo, type Step } from './runner.js';
import type { OutgoingEmail } from './outgoing-email.js';
import { classifySendError, recordRetryDelaysMs, type SendFailure } from './send-failures.js';
import type { MailTransport } from './transport.js';

// The runner on its own: a job that writes down every step it is asked for, a transport that
// answers from a list. The kinds' own jobs are tested in deliver.test.ts and, end to end, by
// the emulator suite.

const nowMs = Date.parse('2026-06-01T10:00:00Z');
const accepted = { messageId: '<x@example.com>', accepted: ['support@example.com'], rejected: [], response: '250 OK' };
const busy = () => Object.assign(new Error('451 Try later'), { code: 'EMESSAGE', responseCode: 451 });
const refused = () => Object.assign(new Error('554 Rejected'), { code: 'EMESSAGE', responseCode: 554 });
/** A reply at the end of DATA that may be the account's (a service closing) or the message's. */
const closing = () =>
  Object.assign(new Error('Message failed: 421 4.7.0 Try again later, closing connection'), {
    code: 'EMESSAGE',
    command: 'DATA',
    responseCode: 421,
  });

function transport(...replies: Array<(() => Error) | 'ok'>): MailTransport & { subjects: string[] } {
  const sent = {
    subjects: [] as string[],
    sendMail(email: OutgoingEmail) {
      const reply = replies[sent.subjects.length] ?? 'ok';
      sent.subjects.push(email.subject);
      return reply === 'ok' ? Promise.resolve(accepted) : Promise.reject(reply());
    },
  };
  return sent;
}

type Work = { name: string; attempts: number };

/** A job over named works; `next` says what follows each step (done by default). */
function job(
  first: Work | undefined,
  next: (step: Step<Work, string>) => Next<Work, string> = (step) => ({ kind: 'done', outcome: step.decision.kind }),
  options: { known?: (work: Work) => Decision | undefined; refusals?: number; quick?: boolean } = {},
) {
  const calls: string[] = [];
  let refusals = options.refusals ?? 0;
  const described: Job<Work, string, string> = {
    take: () => {
      calls.push('take');
      return Promise.resolve(first ? { kind: 'taken', work: first } : { kind: 'settled', outcome: 'nothing' });
    },
    render: (work) => {
      calls.push(`render ${work.name}`);
      return { from: 'a@example.com', to: 'b@example.com', subject: work.name, text: '', html: '' };
    },
    known: options.known,
    context: (work, tries, now) => ({
      attempts: work.attempts,
      quickRetryLeft: options.quick !== false && tries < 1,
      nowMs: now,
    }),
    record: (work, decision) => {
      calls.push(`record ${work.name} ${decision.kind}`);
      if (refusals > 0) {
        refusals -= 1;
        return Promise.reject(Object.assign(new Error('busy'), { code: 14 }));
      }
      return Promise.resolve('written');
    },
    after: (step) => {
      calls.push(`after ${step.work.name} ${step.tries} ${step.recorded}`);
      return Promise.resolve(next(step));
    },
  };
  return { described, calls };
}

/** The runner's I/O; the check of the account fails with the failure it is given unless told otherwise. */
function io(mail: MailTransport, checkAccount: RunIo['checkAccount'] = (failure) => Promise.resolve(failure)) {
  const pauses: number[] = [];
  const checks: string[] = [];
  return {
    pauses,
    checks,
    io: {
      transport: mail,
      checkAccount: (failure: SendFailure) => {
        checks.push(proofOf(failure));
        return checkAccount(failure);
      },
      now: () => nowMs,
      sleep: (ms: number) => {
        pauses.push(ms);
        return Promise.resolve();
      },
    },
  };
}

describe('runJob', () => {
  it('takes, renders, sends, decides, records and hands the step on, in that order', async () => {
    const { described, calls } = job({ name: 'm', attempts: 1 });
    const mail = transport('ok');
    expect(await runJob(described, io(mail).io)).toBe('sent');
    expect(calls).toEqual(['take', 'render m', 'record m sent', 'after m 0 written']);
    expect(mail.subjects).toEqual(['m']);
  });

  it('sends nothing when the take settles', async () => {
    const { described, calls } = job(undefined);
    const mail = transport();
    expect(await runJob(described, io(mail).io)).toBe('nothing');
    expect(calls).toEqual(['take']);
    expect(mail.subjects).toEqual([]);
  });

  it('sends the same email again after the pause, rendered once, with the try counted', async () => {
    const { described, calls } = job({ name: 'm', attempts: 1 }, (step) =>
      step.decision.kind === 'again'
        ? { kind: 'again', work: { ...step.work, attempts: step.work.attempts + 1 }, pauseMs: 1_000 }
        : { kind: 'done', outcome: step.decision.kind },
    );
    const mail = transport(busy, 'ok');
    const { io: runIo, pauses } = io(mail);
    expect(await runJob(described, runIo)).toBe('sent');
    expect(calls).toEqual([
      'take',
      'render m',
      'record m again',
      'after m 0 written',
      'record m sent',
      'after m 1 written',
    ]);
    expect(pauses).toEqual([1_000]);
    expect(mail.subjects).toEqual(['m', 'm']);
  });

  it('renders and sends each part in turn, and resolves to the last outcome', async () => {
    const { described, calls } = job({ name: 'd', attempts: 1 }, (step) =>
      step.work.name === 'd'
        ? {
            kind: 'parts',
            works: [
              { name: 'd-1', attempts: 1 },
              { name: 'd-2', attempts: 1 },
            ],
          }
        : { kind: 'done', outcome: `${step.work.name} ${step.decision.kind}` },
    );
    const mail = transport(refused, 'ok', 'ok');
    expect(await runJob(described, io(mail).io)).toBe('d-2 sent');
    expect(mail.subjects).toEqual(['d', 'd-1', 'd-2']);
    expect(calls.filter((call) => call.startsWith('render'))).toEqual(['render d', 'render d-1', 'render d-2']);
    expect(calls).toContain('record d ended');
  });

  it('records a decision known without sending, and sends nothing', async () => {
    const { described, calls } = job({ name: 'd-2', attempts: 1 }, undefined, { known: () => ({ kind: 'quota' }) });
    const mail = transport();
    expect(await runJob(described, io(mail).io)).toBe('quota');
    expect(calls).toEqual(['take', 'record d-2 quota', 'after d-2 0 written']);
    expect(mail.subjects).toEqual([]);
  });

  it('tries the record again while the database refuses, never the send, then hands on `unrecorded`', async () => {
    const { described, calls } = job({ name: 'm', attempts: 1 }, undefined, { refusals: Infinity });
    const mail = transport('ok');
    const { io: runIo, pauses } = io(mail);
    expect(await runJob(described, runIo)).toBe('sent');
    expect(mail.subjects).toEqual(['m']);
    expect(pauses).toEqual([...recordRetryDelaysMs]);
    expect(calls.filter((call) => call.startsWith('record'))).toHaveLength(recordRetryDelaysMs.length + 1);
    expect(calls.at(-1)).toBe('after m 0 unrecorded');
  });

  describe('a failure that may be the mail account’s', () => {
    it('is held as the account’s only when a check of the account, with nothing of the email, fails too', async () => {
      const { described, calls } = job({ name: 'm', attempts: 1 }, undefined, { quick: false });
      const mail = transport(closing);
      const run = io(mail, () => Promise.resolve(classifySendError(closing())));
      expect(await runJob(described, run.io)).toBe('account');
      // A reply to the message: only a message of our own meets the same.
      expect(run.checks).toEqual(['message']);
      expect(calls).toContain('record m account');
    });

    it('is decided again as the email’s own when the check goes through: retried on the email’s schedule', async () => {
      const { described, calls } = job({ name: 'm', attempts: 1 }, undefined, { quick: false });
      const mail = transport(closing);
      const run = io(mail, () => Promise.resolve(undefined));
      expect(await runJob(described, run.io)).toBe('later');
      expect(run.checks).toEqual(['message']);
      expect(calls).toContain('record m later');
      expect(mail.subjects).toEqual(['m']);
    });

    it('is not checked while a quick try is left, nor when the failure is the email’s', async () => {
      const first = job({ name: 'm', attempts: 1 }, (step) =>
        step.decision.kind === 'again'
          ? { kind: 'again', work: { ...step.work, attempts: step.work.attempts + 1 }, pauseMs: 1_000 }
          : { kind: 'done', outcome: step.decision.kind },
      );
      const lost = () =>
        Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:587'), { code: 'ESOCKET', command: 'CONN' });
      const quick = io(transport(lost, 'ok'));
      expect(await runJob(first.described, quick.io)).toBe('sent');
      expect(quick.checks).toEqual([]);
      const own = io(transport(refused));
      expect(await runJob(job({ name: 'n', attempts: 1 }).described, own.io)).toBe('ended');
      expect(own.checks).toEqual([]);
    });
  });
});
