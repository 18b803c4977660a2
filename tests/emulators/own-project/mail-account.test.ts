import { Timestamp } from 'firebase-admin/firestore';
import type { ParsedMail } from 'mailparser';
import { describe, expect, it } from 'vitest';
import type { MailConfig } from '../../../functions/src/config.ts';
import { referenceFor } from '../../../functions/src/contracts/contact-message.ts';
import { accountRef, readAccount } from '../../../functions/src/email/smtp-account.ts';
import { deliverMail, type Outcome } from '../../../functions/src/contact-pipeline/deliver.ts';
import { providerReplies, type ProviderReply } from '../../../functions/src/email/provider-reply-samples.ts';
import { sendDigest } from '../../../functions/src/contact-pipeline/digest.ts';
import { sweepMail } from '../../../functions/src/contact-pipeline/sweep.ts';
import nodemailer from 'nodemailer';
import { closeTransport, smtpTransportOptions } from '../../../functions/src/email/transport.ts';
import type { AccountServer } from '../../support/account-server.ts';
import { accountHarness } from '../../support/account-harness.ts';
import { hour, minute, queuedFields } from '../../support/mail-harness.ts';
import { freePort } from '../../../scripts/lib/free-port.ts';

// What is wrong with the mail account is not wrong with the message (smtp-account.ts): the delivery
// code itself against the Firestore emulator and a real SMTP server on loopback that takes mail
// only after a password login (support/account-server.ts), on the test's clock (simulated hours
// and days, a sweep every 15 minutes as the scheduled one would find things). A refused login
// for a weekend and a server out of reach for a day, then mended: every message goes out at the
// first try after, none ends in ERROR, the operator hears once and then once a day. Then each
// provider's replies (provider-reply-samples.ts), answered by the server at their step of the
// session.

let now = 0;

/** No real pause between the quick tries: the test's clock stands still through an invocation. */
const sleep = () => Promise.resolve();

let smtp: AccountServer;
let config: MailConfig;
const harness = accountHarness({
  clockFrom: 2060,
  clock: () => now,
  onStart: (server, settings) => {
    smtp = server;
    config = settings;
  },
});
const { db, alerts, onAlert, mailRef, deliveryOf, freshDay } = harness;

const carrying = (id: string) => smtp.messages.filter((mail) => mail.subject?.startsWith(`[${referenceFor(id)}]`));

/** A contact message written at `atMs`, then its trigger at that moment (quick tries without pauses). */
async function writeAndTrigger(atMs: number, label: string): Promise<{ id: string; outcome: Outcome }> {
  const [id = ''] = await harness.writeAt(1, atMs, () => ({
    email: `${label}@example.org`,
    subject: `Account ${label}`,
  }));
  now = atMs;
  const outcome = await deliverMail(mailRef(id), config, { now: () => now, sleep, onAlert });
  return { id, outcome };
}

/**
 * An outage from `startMs` for `lastsMs`, with messages written at the given offsets (the first
 * at its start) and a sweep every 15 minutes until `untilMs`; `mend` ends the outage.
 */
async function outage(
  startMs: number,
  lastsMs: number,
  offsetsMs: readonly number[],
  mend: () => Promise<void> | void,
): Promise<{ ids: string[]; outcomes: Outcome[]; mendedMs: number; deliveredMs?: number }> {
  const ids: string[] = [];
  const outcomes: Outcome[] = [];
  const writes = [...offsetsMs];
  const mendedMs = startMs + lastsMs;
  let mended = false;
  let deliveredMs: number | undefined;
  for (let at = startMs; at <= mendedMs + 2 * hour; at += 15 * minute) {
    if (!mended && at >= mendedMs) {
      await mend();
      mended = true;
    }
    while (writes.length > 0 && startMs + (writes[0] ?? 0) <= at) {
      const offset = writes.shift() ?? 0;
      const written = await writeAndTrigger(startMs + offset, `w${String(offset)}-${String(startMs)}`);
      ids.push(written.id);
      outcomes.push(written.outcome);
    }
    now = at;
    await sweepMail(db, config, { now, onAlert });
    if (mended && (await Promise.all(ids.map(deliveryOf))).every((delivery) => delivery.state === 'SUCCESS')) {
      deliveredMs = at;
      break;
    }
    // No message ends in ERROR, however long it lasts.
    for (const id of ids) expect((await deliveryOf(id)).state, `Mail/${id}`).not.toBe('ERROR');
  }
  return { ids, outcomes, mendedMs, deliveredMs };
}

describe('a mail account that fails, then is mended', () => {
  it('a login refused for a weekend: every message held, tried gently, all delivered at the first try after, one alert then one a day', async () => {
    const start = freshDay() + 18 * hour; // a Friday evening, say
    smtp.behave({ kind: 'refuse-login' });
    const weekend = 62 * hour;
    // Off the sweeps' quarter hours, so a login at one of these times would be the trigger's own.
    const writtenLater = [
      3 * hour + 5 * minute,
      20 * hour + 7 * minute,
      40 * hour + 11 * minute,
      55 * hour + 2 * minute,
    ];
    const { ids, outcomes, mendedMs, deliveredMs } = await outage(start, weekend, [0, ...writtenLater], () =>
      smtp.behave({ kind: 'accept' }),
    );
    // The first message found the login refused; the others were held without trying it.
    expect(outcomes).toEqual(['HELD', 'HELD', 'HELD', 'HELD', 'HELD']);
    const loginsInOutage = smtp.logins.filter((at) => at >= start && at < mendedMs);
    const writtenAt = writtenLater.map((offset) => start + offset);
    expect(loginsInOutage.filter((at) => writtenAt.includes(at))).toEqual([]);
    // At most one try every 15 minutes once the first few are past (62 hours: under 250).
    expect(loginsInOutage.length).toBeLessThanOrEqual(weekend / (15 * minute) + 5);
    // Delivered at the first sweep after the login was mended, each once, oldest first.
    expect(deliveredMs).toBe(mendedMs);
    for (const id of ids) {
      expect(carrying(id), `Mail/${id}`).toHaveLength(1);
      expect(await deliveryOf(id)).toMatchObject({ state: 'SUCCESS', attempts: 1, error: null });
    }
    const order = ids.map((id) => smtp.messages.indexOf(carrying(id)[0] as ParsedMail));
    expect(order).toEqual([...order].sort((a, b) => a - b));
    // The operator heard once when it began, then once a day: at 24 and 48 hours.
    const told = alerts.filter((alert) => alert.kind === 'account');
    expect(told.map((alert) => alert.reminder)).toEqual([false, true, true]);
    expect(told.every((alert) => alert.sinceMs === start)).toBe(true);
    expect(alerts.filter((alert) => alert.kind === 'failed' || alert.kind === 'stale-retry')).toEqual([]);
    // The first email after says what happened, in the server's words.
    expect(carrying(ids[0] ?? '')[0]?.text).toMatch(
      /^Delivery warning:\n- Since .* UTC the mail account has failed for every message \(Invalid login: 535 5\.7\.8 Username and Password not accepted\.\)/,
    );
    expect(readAccount(await accountRef(db).get()).down).toBe(false);
  }, 120_000);

  it('a server out of reach for a day: every message held, all delivered when it is back, one alert then one a day', async () => {
    const start = freshDay() + 9 * hour;
    await smtp.stop();
    const { ids, outcomes, mendedMs, deliveredMs } = await outage(
      start,
      26 * hour,
      [0, 2 * hour, 8 * hour, 16 * hour, 23 * hour],
      () => smtp.start(),
    );
    expect(outcomes).toEqual(['HELD', 'HELD', 'HELD', 'HELD', 'HELD']);
    expect(deliveredMs).toBe(mendedMs);
    for (const id of ids) {
      expect(carrying(id), `Mail/${id}`).toHaveLength(1);
      expect(await deliveryOf(id)).toMatchObject({ state: 'SUCCESS', attempts: 1 });
    }
    expect(alerts.filter((alert) => alert.kind === 'account').map((alert) => alert.reminder)).toEqual([false, true]);
    expect(alerts.filter((alert) => alert.kind === 'failed')).toEqual([]);
  }, 120_000);

  it('with nothing waiting, a login alone finds the account mended', async () => {
    const start = freshDay() + 9 * hour;
    smtp.behave({ kind: 'refuse-login' });
    const { id, outcome } = await writeAndTrigger(start, `alone-${String(start)}`);
    expect(outcome).toBe('HELD');
    // The message is dealt with by hand meanwhile (deleted): nothing is left to try with.
    await mailRef(id).delete();
    smtp.behave({ kind: 'accept' });
    now = start + 5 * minute;
    const report = await sweepMail(db, config, { now, onAlert });
    expect(report.account).toBe('try');
    expect(readAccount(await accountRef(db).get()).down).toBe(false);
  });
});

describe('a digest that meets a refused login', () => {
  it('keeps its messages queued at their place, spends no attempt, and sends them at the first try that goes through', async () => {
    const start = freshDay() + 10 * hour;
    const ids = await harness.writeAt(
      3,
      start,
      (index) => ({ email: `queued${String(index)}@example.org`, subject: `Queued ${String(start)} ${String(index)}` }),
      (id, index) => queuedFields(id, start, index),
    );
    smtp.behave({ kind: 'refuse-login' });
    now = start + minute;
    expect((await sweepMail(db, config, { now, onAlert })).digest).toMatchObject({ outcome: 'HELD', messages: 3 });
    for (const [index, id] of ids.entries()) {
      const delivery = await deliveryOf(id);
      expect(delivery).toMatchObject({ state: 'QUEUED', attempts: 0 });
      expect((delivery.digestTime as Timestamp).toMillis()).toBe(start + index);
    }
    expect(readAccount(await accountRef(db).get()).down).toBe(true);
    // Down, and its try not due: the digest waits without a login.
    const logins = smtp.logins.length;
    now += 30_000;
    expect((await sweepMail(db, config, { now, onAlert })).digest.outcome).toBe('HELD');
    expect(smtp.logins.length).toBe(logins);
    // Mended: the sweep's check of the account finds it, and the digest goes in the same run.
    smtp.behave({ kind: 'accept' });
    now = start + 5 * minute;
    expect((await sweepMail(db, config, { now, onAlert })).digest).toMatchObject({ outcome: 'SUCCESS', messages: 3 });
    for (const id of ids) expect(await deliveryOf(id)).toMatchObject({ state: 'SUCCESS', attempts: 1 });
    expect(readAccount(await accountRef(db).get()).down).toBe(false);
    expect(alerts.filter((alert) => alert.kind === 'account')).toHaveLength(1);
  });
});

/** Delivers one message while the server answers `reply` at its step. */
async function deliverAgainst(reply: ProviderReply): Promise<{ id: string; outcome: Outcome }> {
  closeTransport();
  await accountRef(db).delete();
  smtp.behave({ kind: 'reply', step: reply.step, code: reply.code, text: reply.text });
  const at = freshDay();
  return writeAndTrigger(at, `reply-${String(at)}`);
}

describe.each(Object.entries(providerReplies))(
  "each reply of %s, from a real server, is the account's or the message's",
  (_, replies) => {
    it.each(
      replies.map(
        (reply) => [`${String(reply.code)} ${reply.text.slice(0, 40)}`, reply.step, reply.scope, reply] as const,
      ),
    )("%s (to %s) is the %s's", async (__, ___, scope, reply) => {
      const { id, outcome } = await deliverAgainst(reply);
      const delivery = await deliveryOf(id);
      const account = readAccount(await accountRef(db).get());
      if (scope === 'account') {
        expect(outcome).toBe('HELD');
        expect(delivery).toMatchObject({ state: 'RETRY', waitsFor: 'account', attempts: 0 });
        expect(account.down).toBe(true);
      } else if (scope === 'busy') {
        // Too many connections at once: tried again later, nothing marked.
        expect(outcome).toBe('RETRY');
        expect(delivery.waitsFor).toBeUndefined();
        expect(account.down).toBe(false);
      } else {
        // The message's own: ended (5xx) or tried again on the message's schedule (4xx).
        expect(outcome).toBe(reply.code >= 500 ? 'ERROR' : 'RETRY');
        expect(delivery.waitsFor).toBeUndefined();
        expect(account.down).toBe(false);
      }
      expect(String(delivery.error)).toContain(String(reply.code));
      // Ended or not, nothing of this reply's message stays for the next case.
      await mailRef(id).delete();
      await accountRef(db).delete();
    });
  },
);

it('a server that refuses the connection is the account’s', async () => {
  const closed = await freePort();
  const at = freshDay();
  const [id = ''] = await harness.writeAt(1, at, () => ({ subject: `Closed ${String(at)}` }));
  now = at;
  const outcome = await deliverMail(
    mailRef(id),
    { ...config, smtp: { ...config.smtp, port: closed } },
    {
      now: () => now,
      sleep,
      onAlert,
    },
  );
  expect(outcome).toBe('HELD');
  expect(await deliveryOf(id)).toMatchObject({ state: 'RETRY', waitsFor: 'account', attempts: 0 });
  expect((await deliveryOf(id)).error).toMatch(/ECONNREFUSED/);
  await mailRef(id).delete();
  await accountRef(db).delete();
});

/** A sweep every 15 minutes from `fromMs` to `untilMs` (the scheduled one, as it finds things). */
async function sweepsUntil(fromMs: number, untilMs: number, settings: MailConfig = config): Promise<void> {
  for (let at = fromMs; at <= untilMs; at += 15 * minute) {
    now = at;
    await sweepMail(db, settings, { now, onAlert });
  }
}

describe("one visitor's message is never the mail account", () => {
  it('a message answered 421 at the end of DATA is its own: the others are delivered at once, it is never held, and it ends in ERROR on its own schedule', async () => {
    const start = freshDay() + 9 * hour;
    const marker = `refused-${String(start)}`;
    smtp.behave({ kind: 'refuse-one', marker, code: 421, text: '4.7.0 Try again later, closing connection' });
    const bad = await writeAndTrigger(start, marker);
    expect(bad.outcome).toBe('RETRY');
    const others: string[] = [];
    for (const offset of [1, 2, 3]) {
      const other = await writeAndTrigger(start + offset * minute, `other${String(offset)}-${String(start)}`);
      expect(other.outcome, 'another visitor').toBe('SUCCESS');
      others.push(other.id);
    }
    // The account was never taken down: the check of our own went through.
    expect(readAccount(await accountRef(db).get()).down).toBe(false);
    for (const id of others) expect(carrying(id)).toHaveLength(1);
    // The refused message goes on its own schedule until its attempts are spent, then ends
    // in ERROR, saying why, and the team is told (mail:requeue can take it back).
    await sweepsUntil(start + 15 * minute, start + 10 * hour);
    const ended = await deliveryOf(bad.id);
    expect(ended).toMatchObject({ state: 'ERROR' });
    expect(String(ended.error)).toMatch(/gave up after \d+ attempts: .*421 4\.7\.0/);
    expect(ended.waitsFor).toBeUndefined();
    expect(alerts.filter((alert) => alert.kind === 'failed' && alert.mailId === bad.id)).toHaveLength(1);
    expect(alerts.filter((alert) => alert.kind === 'account')).toEqual([]);
    expect(carrying(bad.id)).toEqual([]);
    for (const id of [bad.id, ...others]) await mailRef(id).delete();
  }, 120_000);

  it('a message the server stalls on, then takes: the others go at once, and the team receives it at most twice, the second saying so', async () => {
    const start = freshDay() + 9 * hour;
    const marker = `stalled-${String(start)}`;
    smtp.behave({ kind: 'stall-one', marker, ms: 1_500 });
    // The pool's socket time-out as production has it would be 20 s: 1 s here, for a 1.5 s stall.
    const transport = nodemailer.createTransport({ ...smtpTransportOptions(config.smtp), socketTimeout: 1_000 });
    const deliverWith = (id: string) => deliverMail(mailRef(id), config, { now: () => now, sleep, onAlert, transport });
    const [badId = ''] = await harness.writeAt(1, start, () => ({
      email: `${marker}@example.org`,
      subject: `Account ${marker}`,
    }));
    now = start;
    expect(await deliverWith(badId)).toBe('RETRY');
    expect(await deliveryOf(badId)).toMatchObject({ state: 'RETRY', attempts: 1 });
    const others: string[] = [];
    for (const offset of [1, 2, 3]) {
      const [id = ''] = await harness.writeAt(1, start + offset * minute, () => ({
        subject: `Account other ${String(offset)}-${String(start)}`,
      }));
      now = start + offset * minute;
      expect(await deliverWith(id), 'another visitor').toBe('SUCCESS');
      others.push(id);
    }
    // Its next try, from the sweep: sent again, saying it may be a repeat; stalled again, it ends.
    now = start + 10 * minute;
    expect(await deliverWith(badId)).toBe('ERROR');
    expect(String((await deliveryOf(badId)).error)).toMatch(/^not sent again: twice the mail server gave no answer/);
    // Later sweeps send it no more.
    await sweepsUntil(start + 15 * minute, start + 3 * hour);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const received = carrying(badId);
    expect(received.length).toBeGreaterThanOrEqual(1);
    expect(received.length).toBeLessThanOrEqual(2);
    expect(received.at(-1)?.text).toMatch(/Sent again: a try at .* UTC got no answer from the mail server/);
    for (const id of others) expect(carrying(id)).toHaveLength(1);
    expect(readAccount(await accountRef(db).get()).down).toBe(false);
    expect(alerts.filter((alert) => alert.kind === 'failed' && alert.mailId === badId)).toHaveLength(1);
    transport.close();
    for (const id of [badId, ...others]) await mailRef(id).delete();
  }, 60_000);

  it('a digest the server stalls on, then takes: sent again once as the same digest, saying so, then its messages end', async () => {
    const start = freshDay() + 9 * hour;
    const marker = `stalled-digest-${String(start)}`;
    const ids = await harness.writeAt(
      2,
      start,
      (index) => ({ email: `queued${String(index)}@example.org`, subject: `${marker} ${String(index)}` }),
      (id, index) => queuedFields(id, start, index),
    );
    smtp.behave({ kind: 'stall-one', marker, ms: 1_500 });
    const transport = nodemailer.createTransport({ ...smtpTransportOptions(config.smtp), socketTimeout: 1_000 });
    now = start + minute;
    expect((await sendDigest(db, config, { now: () => now, onAlert, transport })).outcome).toBe('QUEUED');
    for (const id of ids) expect(await deliveryOf(id)).toMatchObject({ state: 'QUEUED' });
    now = start + 2 * minute;
    expect((await sendDigest(db, config, { now: () => now, onAlert, transport })).outcome).toBe('ERROR');
    for (const id of ids) {
      expect(String((await deliveryOf(id)).error)).toMatch(/^not sent again: twice the mail server gave no answer/);
    }
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const received = smtp.messages.filter((mail) => mail.text?.includes(marker));
    expect(received).toHaveLength(2);
    expect(new Set(received.map((mail) => mail.messageId)).size).toBe(1);
    expect(received[1]?.text).toMatch(/Sent again: a try at .* UTC got no answer from the mail server/);
    expect(readAccount(await accountRef(db).get()).down).toBe(false);
    transport.close();
    for (const id of ids) await mailRef(id).delete();
  }, 60_000);

  it('a refusal of the connection at the end of DATA (DMARC) holds everyone, and all go once mended', async () => {
    const start = freshDay() + 9 * hour;
    smtp.behave({
      kind: 'reply',
      step: 'DATA',
      code: 550,
      text: "5.7.26 Unauthenticated email from example.com is not accepted due to domain's DMARC policy",
    });
    const { ids, outcomes, mendedMs, deliveredMs } = await outage(start, 3 * hour, [0, 20 * minute, 70 * minute], () =>
      smtp.behave({ kind: 'accept' }),
    );
    expect(outcomes).toEqual(['HELD', 'HELD', 'HELD']);
    expect(deliveredMs).toBe(mendedMs);
    for (const id of ids) {
      expect(carrying(id), `Mail/${id}`).toHaveLength(1);
      expect(await deliveryOf(id)).toMatchObject({ state: 'SUCCESS', attempts: 1 });
    }
    expect(alerts.filter((alert) => alert.kind === 'account').map((alert) => alert.reminder)).toEqual([false]);
    expect(alerts.filter((alert) => alert.kind === 'failed')).toEqual([]);
  }, 120_000);
});

describe("a provider's limit of 3 connections at once", () => {
  /** A burst of `count` messages delivered at once by `instances` instances, each with its own pool. */
  async function burst(count: number, instances: number, atMs: number) {
    const transports = Array.from({ length: instances }, () =>
      nodemailer.createTransport(smtpTransportOptions(config.smtp)),
    );
    const ids = await harness.writeAt(count, atMs, (index) => ({
      email: `burst${String(index)}-${String(atMs)}@example.org`,
      subject: `Burst ${String(atMs)} ${String(index)}`,
    }));
    now = atMs;
    const outcomes = await Promise.all(
      ids.map((id, index) =>
        deliverMail(mailRef(id), config, { now: () => now, sleep, onAlert, transport: transports[index % instances] }),
      ),
    );
    for (const transport of transports) transport.close();
    return { ids, outcomes };
  }

  it('within it (one connection per instance, as many instances as allowed): all 50 go at once, none refused', async () => {
    const start = freshDay() + 9 * hour;
    smtp.behave({ kind: 'limit', connections: 3 });
    const { ids, outcomes } = await burst(50, 3, start);
    expect(outcomes.filter((outcome) => outcome !== 'SUCCESS')).toEqual([]);
    expect(smtp.busyReplies()).toBe(0);
    expect(smtp.widest()).toBeLessThanOrEqual(3);
    for (const id of ids) expect(carrying(id), `Mail/${id}`).toHaveLength(1);
    for (const id of ids) await mailRef(id).delete();
  }, 60_000);

  it('over it: the replies slow the sending and mark nothing, and all 50 are delivered once', async () => {
    const start = freshDay() + 9 * hour;
    smtp.behave({ kind: 'limit', connections: 3 });
    const { ids } = await burst(50, 6, start);
    expect(smtp.busyReplies()).toBeGreaterThan(0);
    expect(readAccount(await accountRef(db).get()).down).toBe(false);
    await sweepsUntil(start + 15 * minute, start + 2 * hour);
    for (const id of ids) {
      expect(carrying(id), `Mail/${id}`).toHaveLength(1);
      expect((await deliveryOf(id)).state).toBe('SUCCESS');
    }
    expect(readAccount(await accountRef(db).get()).down).toBe(false);
    expect(alerts.filter((alert) => alert.kind === 'account' || alert.kind === 'failed')).toEqual([]);
    for (const id of ids) await mailRef(id).delete();
  }, 120_000);
});
