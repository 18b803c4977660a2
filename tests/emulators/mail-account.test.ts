import type { AddressInfo } from 'node:net';
import { Timestamp } from 'firebase-admin/firestore';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { MailConfig } from '../../functions/src/config.ts';
import { referenceFor } from '../../functions/src/contracts/contact-message.ts';
import { accountRef, readAccount } from '../../functions/src/mail/account.ts';
import { deliverMail, type Outcome } from '../../functions/src/mail/deliver.ts';
import { providerReplies, type ProviderReply, type SessionStep } from '../../functions/src/mail/provider-replies.ts';
import { sweepMail } from '../../functions/src/mail/sweep.ts';
import { closeTransport } from '../../functions/src/mail/transport.ts';
import { hour, mailHarness, minute, openLimits, queuedFields, unusedPort } from '../support/mail-harness.ts';

// What is wrong with the mail account is not wrong with the message (account.ts): the delivery
// code itself against the Firestore emulator and a real SMTP server on loopback that takes mail
// only after a password login, on the test's clock (simulated hours and days, a sweep every
// 15 minutes as the scheduled one would find things). A refused login for a weekend and a
// server out of reach for a day, then mended: every message goes out at the first try after,
// none ends in ERROR, the operator hears once and then once a day. Then each provider's
// replies (provider-replies.ts), answered by the server at their step of the session.

const mailbox = 'support-sender@example.com';
const password = 'app-password-7d41';

/** What the server does: take mail, refuse every login, or answer one step with a reply. */
type Behaviour =
  { kind: 'accept' } | { kind: 'refuse-login' } | { kind: 'reply'; step: SessionStep; code: number; text: string };

type AccountServer = {
  port: number;
  messages: ParsedMail[];
  /** The test's clock at each login tried. */
  logins: number[];
  behave(next: Behaviour): void;
  stop(): Promise<void>;
  start(): Promise<void>;
};

let now = 0;
const refusal = (code: number, text: string) => Object.assign(new Error(text), { responseCode: code });

async function startAccountServer(): Promise<AccountServer> {
  const messages: ParsedMail[] = [];
  const logins: number[] = [];
  let behaviour: Behaviour = { kind: 'accept' };
  const replyAt = (step: SessionStep) =>
    behaviour.kind === 'reply' && behaviour.step === step ? refusal(behaviour.code, behaviour.text) : null;
  let server: SMTPServer | undefined;
  let port = 0;
  const listen = async () => {
    const current = new SMTPServer({
      authMethods: ['PLAIN', 'LOGIN'],
      authOptional: false,
      allowInsecureAuth: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      closeTimeout: 250,
      onConnect(_session, callback) {
        callback(replyAt('CONN'));
      },
      onAuth(auth, _session, callback) {
        logins.push(now);
        const refused =
          behaviour.kind === 'refuse-login'
            ? refusal(535, '5.7.8 Username and Password not accepted.')
            : (replyAt('AUTH') ??
              (auth.username === mailbox && auth.password === password ? null : refusal(535, '5.7.8 Bad credentials')));
        if (refused) callback(refused);
        else callback(null, { user: auth.username });
      },
      onMailFrom(_address, _session, callback) {
        callback(replyAt('MAIL FROM'));
      },
      onRcptTo(_address, _session, callback) {
        callback(replyAt('RCPT TO'));
      },
      onData(stream, _session, callback) {
        simpleParser(stream, { skipHtmlToText: true, skipTextToHtml: true })
          .then((parsed) => {
            const refused = replyAt('DATA');
            if (refused) {
              callback(refused);
              return;
            }
            messages.push(parsed);
            callback();
          })
          .catch((error: unknown) => {
            callback(error instanceof Error ? error : new Error(String(error)));
          });
      },
    });
    await new Promise<void>((resolve, reject) => {
      current.once('error', reject);
      current.listen(port, '127.0.0.1', () => {
        resolve();
      });
    });
    port = (current.server.address() as AddressInfo).port;
    server = current;
  };
  await listen();
  return {
    port,
    messages,
    logins,
    behave(next) {
      behaviour = next;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        const current = server;
        server = undefined;
        if (current) current.close(() => resolve());
        else resolve();
      }),
    start: listen,
  };
}

/** No real pause between the quick tries: the test's clock stands still through an invocation. */
const sleep = () => Promise.resolve();

// The account is left up at the end: no file after this one finds its messages held.
const harness = mailHarness({
  inbox: false,
  limits: openLimits,
  clockFrom: 2060,
  atEnd: async ({ db }) => {
    expect(readAccount(await accountRef(db).get()).down).toBe(false);
  },
});
const { db, alerts, onAlert, mailRef, deliveryOf, freshDay } = harness;
let smtp: AccountServer;
let config: MailConfig;

beforeAll(async () => {
  smtp = await startAccountServer();
  config = {
    ...harness.config,
    smtp: { ...harness.config.smtp, port: smtp.port, auth: { method: 'password', user: mailbox, password } },
  };
});
afterAll(() => smtp.stop());
beforeEach(async () => {
  closeTransport();
  smtp.behave({ kind: 'accept' });
  await smtp.start().catch(() => undefined);
  await accountRef(db).delete();
});

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
      /^Delivery notice:\n- Since .* UTC the mail account has failed for every message \(Invalid login: 535 5\.7\.8 Username and Password not accepted\.\)/,
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
    // Mended: the next try is the digest itself, and it goes.
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
  const closed = await unusedPort();
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
