import type { ParsedMail } from 'mailparser';
import nodemailer from 'nodemailer';
import { describe, expect, it } from 'vitest';
import { cleanUpMember, hashedId, type CleanupDeps } from '../../../functions/src/account-deletion/cleanup.ts';
import { collections } from '../../../functions/src/contracts/collections.ts';
import { sendHelpReport, reportField } from '../../../functions/src/help-report/weekly.ts';
import { reportWeek } from '../../../functions/src/help-report/week.ts';
import { checkAccount } from '../../../functions/src/email/smtp-account-check.ts';
import { accountRef, markAccountUp, readAccount } from '../../../functions/src/email/smtp-account.ts';
import { dayCount, takeTicket } from '../../../functions/src/email/budget.ts';
import { describeAlert } from '../../../functions/src/email/alerts.ts';
import { readCounts } from '../../../functions/src/email/counters.ts';
import { platformSettings, type MailConfig } from '../../../functions/src/config.ts';
import { deliverMail } from '../../../functions/src/contact-pipeline/deliver.ts';
import { sendDigest } from '../../../functions/src/contact-pipeline/digest.ts';
import { emailPlatform } from '../../../functions/src/email/platform.ts';
import { readOnce, resendOnce, type OncePlace, type OnceRecord } from '../../../functions/src/email/send-once.ts';
import { smtpTransportOptions, type MailTransport } from '../../../functions/src/email/transport.ts';
import { helpSiteFacts } from '../../../scripts/lib/help-report.ts';
import type { AccountServer } from '../../support/account-server.ts';
import { accountHarness } from '../../support/account-harness.ts';
import { hour, minute, queuedFields } from '../../support/mail-harness.ts';

// The site's own emails (the weekly help report, a deletion confirmation) and the check of the
// SMTP account, each sent through the one platform (functions/src/email/send-once.ts,
// smtp-account-check.ts) against the Firestore emulator and a real SMTP server that takes mail only
// after a login, on the test's clock. For each kind, what its reader receives when the server
// stalls after DATA (twice at most, the second saying so), answers 421 at DATA (once, later),
// refuses the login (held, then once), or drops the connection at AUTH or RCPT (held, then
// once, never said to be a repeat), and when the day's emails are spent (held, then once).

let now = 0;
/** No real pause: the test's clock stands still through a run. */
const sleep = () => Promise.resolve();

let smtp: AccountServer;
let config: MailConfig;
const harness = accountHarness({
  clockFrom: 2070,
  clock: () => now,
  onStart: (server, settings) => {
    smtp = server;
    config = settings;
  },
});
const { db, alerts, onAlert, freshDay, mailRef, deliveryOf } = harness;

/** A transport whose socket time-out (20 s in production) is 1 s, for a stall of 1.5 s. */
const shortTimeout = () => nodemailer.createTransport({ ...smtpTransportOptions(config.smtp), socketTimeout: 1_000 });

/** One kind of site email, as a test drives it: a run, its record, and the copies its reader received. */
type SiteEmail = {
  /** What marks its emails in the server (a stall or a refusal of it alone). */
  marker: string;
  /** Whether an operator can have it sent again once it ended (a deletion's address went with the account). */
  resendable: boolean;
  place: OncePlace;
  /** A run on the test's clock; `perDay`: the day's emails (0: no cap). */
  run: (transport: MailTransport, perDay?: number) => Promise<unknown>;
  received: () => ParsedMail[];
};

/** The week's report, due at `at` (its week is the test's own: `at` is a day of its own). */
function weeklyReport(at: number): SiteEmail {
  const week = reportWeek(at);
  const first = new Date(week.fromMs).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'Europe/Rome',
  });
  const subject = `Help centre, ${first} – `;
  return {
    marker: subject,
    resendable: true,
    place: { ref: db.collection(collections.mailSweep).doc(`help-report-${week.key}`), field: reportField },
    run: (transport, perDay = 0) =>
      sendHelpReport(
        db,
        { ...config, limits: { ...config.limits, perDay } },
        { now: () => now, transport, facts: helpSiteFacts(), sleep, onAlert },
      ),
    received: () => smtp.messages.filter((mail) => mail.subject?.startsWith(subject) ?? false),
  };
}

/** The confirmation of a deletion of the test's own (a run that does not send it throws, to be retried). */
function deletionConfirmation(at: number): SiteEmail {
  const member = { uid: `member-${String(at)}`, email: `member-${String(at)}@example.org`, emailVerified: true };
  const deps = (transport: MailTransport, perDay: number): CleanupDeps => ({
    db,
    storage: undefined,
    transport,
    from: config.from,
    supportEmail: config.supportEmail,
    perDay,
    now: () => now,
    sleep,
    onAlert,
  });
  return {
    marker: 'Your account was deleted',
    resendable: false,
    place: { ref: db.collection(collections.accountDeletions).doc(hashedId(member.uid)), field: 'confirmation' },
    run: (transport, perDay = 0) => cleanUpMember(member, deps(transport, perDay)).catch((error: unknown) => error),
    received: () => smtp.messages.filter((_, index) => smtp.recipients[index]?.includes(member.email) ?? false),
  };
}

const kinds = [
  ['the weekly help report', weeklyReport],
  ['a deletion confirmation', deletionConfirmation],
] as const;

const recordOf = async ({ ref, field }: OncePlace): Promise<OnceRecord> => readOnce(await ref.get(), field);
/** The server takes a stalled email after its stall: long enough for it to have. */
const stallEnds = () => new Promise((resolve) => setTimeout(resolve, 2_000));

describe.each(kinds)('%s, sent once through the platform', (_, kindOf) => {
  it('stalled after DATA: received twice at most, the second saying so; then given up, with an alert, and sent again on request', async () => {
    const start = freshDay() + 9 * hour;
    const email = kindOf(start);
    smtp.behave({ kind: 'stall-one', marker: email.marker, ms: 1_500 });
    const transport = shortTimeout();
    now = start;
    await email.run(transport);
    expect(await recordOf(email.place)).toMatchObject({ attempts: 1, unansweredMs: start });
    // Its back-off: a run before its next try sends nothing.
    now = start + 2 * minute;
    await email.run(transport);
    expect(await recordOf(email.place)).toMatchObject({ attempts: 1 });
    // The next try: sent again, saying it may be a repeat; stalled again, it ends.
    now = start + 15 * minute;
    await email.run(transport);
    expect(await recordOf(email.place)).toMatchObject({ state: 'FAILED', attempts: 2 });
    expect((await recordOf(email.place)).error).toMatch(/^not sent again: twice the mail server gave no answer/);
    now = start + 30 * minute;
    await email.run(transport);
    await stallEnds();
    const received = email.received();
    expect(received).toHaveLength(2);
    expect(received[0]?.text).not.toMatch(/Sent again/);
    expect(received[1]?.text).toMatch(/^Sent again: a try at .* UTC got no answer .* may have reached you already/);
    expect(new Set(received.map((mail) => mail.messageId)).size).toBe(1);
    const alert = alerts.find((raised) => raised.kind === 'site-email');
    expect(alerts.filter((raised) => raised.kind === 'site-email')).toHaveLength(1);
    expect(readAccount(await accountRef(db).get()).down).toBe(false);
    transport.close();
    if (!email.resendable) {
      expect(alert && describeAlert(alert)).toMatch(/cannot be sent again/);
      return;
    }
    // An operator sends it again (npm run mail:resend): once more, and only once.
    expect(alert && describeAlert(alert)).toMatch(/npm run mail:resend/);
    smtp.behave({ kind: 'accept' });
    expect(await resendOnce(email.place)).toBe('FAILED');
    now = start + 45 * minute;
    await email.run(shortTimeout());
    await email.run(shortTimeout());
    expect(email.received()).toHaveLength(3);
  }, 60_000);

  it('answered 421 at DATA: tried again after its back-off, received once', async () => {
    const start = freshDay() + 9 * hour;
    const email = kindOf(start);
    smtp.behave({
      kind: 'refuse-one',
      marker: email.marker,
      code: 421,
      text: '4.7.0 Try again later, closing connection',
    });
    now = start;
    await email.run(shortTimeout());
    expect(await recordOf(email.place)).toMatchObject({ attempts: 1, error: expect.stringMatching(/421/) as string });
    expect((await recordOf(email.place)).unansweredMs).toBeUndefined();
    smtp.behave({ kind: 'accept' });
    now = start + 10 * minute;
    await email.run(shortTimeout());
    await email.run(shortTimeout());
    expect(await recordOf(email.place)).toMatchObject({ state: 'SENT', attempts: 2 });
    expect(email.received()).toHaveLength(1);
    expect(email.received()[0]?.text).not.toMatch(/Sent again/);
    expect(readAccount(await accountRef(db).get()).down).toBe(false);
  });

  it('refused at the login: held with every email, without a login per run; sent once when mended', async () => {
    const start = freshDay() + 9 * hour;
    const email = kindOf(start);
    smtp.behave({ kind: 'refuse-login' });
    now = start;
    await email.run(shortTimeout());
    expect(readAccount(await accountRef(db).get()).down).toBe(true);
    expect((await recordOf(email.place)).attempts ?? 0).toBe(0);
    const logins = smtp.logins.length;
    now = start + 15 * minute;
    await email.run(shortTimeout());
    expect(smtp.logins.length).toBe(logins);
    smtp.behave({ kind: 'accept' });
    await markAccountUp(db, start + 20 * minute);
    now = start + 30 * minute;
    await Promise.all([email.run(shortTimeout()), email.run(shortTimeout())]);
    expect(await recordOf(email.place)).toMatchObject({ state: 'SENT', attempts: 1 });
    expect(email.received()).toHaveLength(1);
  });

  it('the day’s emails spent: waits, no attempt spent; sent once by the first run of a day with room', async () => {
    const start = freshDay() + 9 * hour;
    const email = kindOf(start);
    // The day's one email is spent already.
    expect((await takeTicket(dayCount(db, start), 1, { sleep })).verdict).toBe('under');
    now = start + minute;
    await email.run(shortTimeout(), 1);
    expect((await recordOf(email.place)).attempts ?? 0).toBe(0);
    expect(email.received()).toHaveLength(0);
    // The next UTC day, in the same week of the report.
    now = start + 16 * hour;
    await email.run(shortTimeout(), 1);
    await email.run(shortTimeout(), 1);
    expect(await recordOf(email.place)).toMatchObject({ state: 'SENT', attempts: 1 });
    expect(email.received()).toHaveLength(1);
  });

  it.each(['AUTH', 'RCPT TO'] as const)(
    'a connection dropped at %s: held, then received once, never said to be a repeat',
    async (step) => {
      const start = freshDay() + 9 * hour;
      const email = kindOf(start);
      smtp.behave({ kind: 'drop', step });
      now = start;
      await email.run(shortTimeout());
      const record = await recordOf(email.place);
      expect(record.unansweredMs).toBeUndefined();
      expect(record.state).toBeUndefined();
      smtp.behave({ kind: 'accept' });
      await markAccountUp(db, start + 5 * minute);
      now = start + 30 * minute;
      await email.run(shortTimeout());
      expect(await recordOf(email.place)).toMatchObject({ state: 'SENT' });
      expect(email.received()).toHaveLength(1);
      expect(email.received()[0]?.text).not.toMatch(/Sent again/);
    },
  );
});

describe('the check of the SMTP account', () => {
  const platformAt = (transport: MailTransport, perDay = 0) =>
    emailPlatform(db, { ...platformSettings(config), perDay }, { transport, now: () => now, sleep });
  const checks = () => smtp.messages.filter((mail) => mail.subject?.startsWith('SMTP account check') ?? false);

  it('is one of the day’s emails: counted, and not made once the day is spent', async () => {
    const start = freshDay() + 9 * hour;
    now = start;
    const before = checks().length;
    expect(await checkAccount(platformAt(shortTimeout(), 2), 'message', start, { fresh: true })).toEqual({
      kind: 'passed',
    });
    expect((await readCounts(db, start)).day).toBe(1);
    expect(await checkAccount(platformAt(shortTimeout(), 2), 'message', start + 1, { fresh: true })).toEqual({
      kind: 'passed',
    });
    // The day's two are spent: no third check, and nothing is proven by it.
    expect(await checkAccount(platformAt(shortTimeout(), 2), 'message', start + 2, { fresh: true })).toEqual({
      kind: 'not-tried',
    });
    expect(checks().length - before).toBe(2);
    expect((await readCounts(db, start)).day).toBe(2);
  });

  it('is made once a minute across instances: another instance reads its result', async () => {
    const start = freshDay() + 9 * hour;
    now = start;
    const before = checks().length;
    smtp.behave({ kind: 'refuse-login' });
    // Two instances (a pool each) asking in the same minute: one check, one result.
    const [first, second] = [shortTimeout(), shortTimeout()];
    const one = await checkAccount(platformAt(first), 'message', start);
    const other = await checkAccount(platformAt(second), 'message', start + 20_000);
    expect(one).toMatchObject({ kind: 'failed' });
    expect(other).toEqual(one);
    expect(smtp.logins.filter((at) => at === now)).toHaveLength(1);
    // The next minute, a new check: mended, it goes through, and the team receives it.
    smtp.behave({ kind: 'accept' });
    expect(await checkAccount(platformAt(second), 'message', start + minute)).toEqual({ kind: 'passed' });
    expect(checks().length - before).toBe(1);
  });

  it.each([
    [
      'answered 421 at DATA',
      { kind: 'refuse-one', marker: 'SMTP account check', code: 421, text: '4.7.0 Try again later' },
    ],
    ['its connection dropped at AUTH', { kind: 'drop', step: 'AUTH' }],
    ['its connection dropped at RCPT TO', { kind: 'drop', step: 'RCPT TO' }],
  ] as const)('%s: fails, then received once when mended, never said to be a repeat', async (_, behaviour) => {
    const start = freshDay() + 9 * hour;
    now = start;
    const before = checks().length;
    smtp.behave(behaviour);
    expect(await checkAccount(platformAt(shortTimeout()), 'message', start, { fresh: true })).toMatchObject({
      kind: 'failed',
      failure: { unanswered: false },
    });
    smtp.behave({ kind: 'accept' });
    expect(await checkAccount(platformAt(shortTimeout()), 'message', start + minute, { fresh: true })).toEqual({
      kind: 'passed',
    });
    const received = checks().slice(before);
    expect(received).toHaveLength(1);
    expect(received[0]?.text).not.toMatch(/Sent again/);
  });

  it('stalled after DATA: holds the account, counted as it may have arrived; received twice a day at most, the second saying so', async () => {
    const start = freshDay() + 9 * hour;
    now = start;
    const before = checks().length;
    smtp.behave({ kind: 'stall-one', marker: 'SMTP account check', ms: 1_500 });
    const [first, second] = [shortTimeout(), shortTimeout()];
    const one = await checkAccount(platformAt(first, 5), 'message', start);
    expect(one).toMatchObject({ kind: 'failed', failure: { unanswered: true } });
    // Another instance in the same minute reads that result: no second check.
    expect(await checkAccount(platformAt(second, 5), 'message', start + 30_000)).toEqual(one);
    expect((await readCounts(db, start)).day).toBe(1);
    // The sweep tries the account again: the same check, saying it may be a repeat; stalled
    // again, the day's checks go by login, which the server takes.
    expect(await checkAccount(platformAt(first, 5), 'message', start + minute, { fresh: true })).toMatchObject({
      kind: 'failed',
    });
    const logins = smtp.logins.length;
    expect(await checkAccount(platformAt(second, 5), 'message', start + 3 * minute, { fresh: true })).toEqual({
      kind: 'passed',
    });
    expect(smtp.logins.length).toBe(logins + 1);
    await stallEnds();
    const received = checks().slice(before);
    expect(received).toHaveLength(2);
    expect(received[0]?.text).not.toMatch(/Sent again/);
    expect(received[1]?.text).toMatch(/^Sent again: a try at .* UTC got no answer .* may have reached you already/);
    expect(new Set(received.map((mail) => mail.messageId)).size).toBe(1);
    expect((await readCounts(db, start)).day).toBe(2);
    first.close();
    second.close();
  }, 30_000);
});

/** Two messages written at `start`, queued for the digest, each carrying `marker`. */
const queueDigestOfTwo = (marker: string, start: number) =>
  harness.writeAt(
    2,
    start,
    (index) => ({ subject: `${marker} ${String(index)}`, message: marker }),
    (id, index) => queuedFields(id, start, index),
  );
/** The team received one email carrying `marker`, never said to be a repeat. */
const expectReceivedOnce = (marker: string) => {
  const carrying = smtp.messages.filter((mail) => mail.text?.includes(marker) ?? false);
  expect(carrying).toHaveLength(1);
  expect(carrying[0]?.text).not.toMatch(/Sent again/);
};

describe.each(['AUTH', 'RCPT TO'] as const)('a message and a digest, their connection dropped at %s', (step) => {
  it('a message: held or tried again, then received once, never said to be a repeat', async () => {
    const start = freshDay() + 9 * hour;
    const marker = `dropped-${String(start)}`;
    const [id = ''] = await harness.writeAt(1, start, () => ({ subject: `Dropped ${marker}`, message: marker }));
    smtp.behave({ kind: 'drop', step });
    now = start;
    expect(['HELD', 'RETRY']).toContain(await deliverMail(mailRef(id), config, { now: () => now, sleep, onAlert }));
    expect((await deliveryOf(id)).unanswered).toBeUndefined();
    smtp.behave({ kind: 'accept' });
    await markAccountUp(db, start + 5 * minute);
    now = start + 30 * minute;
    expect(await deliverMail(mailRef(id), config, { now: () => now, sleep, onAlert })).toBe('SUCCESS');
    expectReceivedOnce(marker);
    await mailRef(id).delete();
  });

  it('a digest: its messages back in the queue, then received once, never said to be a repeat', async () => {
    const start = freshDay() + 9 * hour;
    const marker = `dropped-digest-${String(start)}`;
    const ids = await queueDigestOfTwo(marker, start);
    smtp.behave({ kind: 'drop', step });
    now = start + minute;
    await sendDigest(db, config, { now: () => now, onAlert, sleep });
    for (const id of ids) {
      expect(await deliveryOf(id)).toMatchObject({ state: 'QUEUED' });
      expect((await deliveryOf(id)).unanswered).toBeUndefined();
    }
    smtp.behave({ kind: 'accept' });
    await markAccountUp(db, start + 5 * minute);
    now = start + 30 * minute;
    await sendDigest(db, config, { now: () => now, onAlert, sleep });
    for (const id of ids) expect(await deliveryOf(id)).toMatchObject({ state: 'SUCCESS' });
    expectReceivedOnce(marker);
    for (const id of ids) await mailRef(id).delete();
  });
});

describe('a digest answered 421 at DATA', () => {
  it('its messages back in the queue after their back-off, never held; then received once', async () => {
    const start = freshDay() + 9 * hour;
    const marker = `refused-digest-${String(start)}`;
    const ids = await queueDigestOfTwo(marker, start);
    smtp.behave({ kind: 'refuse-one', marker, code: 421, text: '4.7.0 Try again later, closing connection' });
    now = start + minute;
    await sendDigest(db, config, { now: () => now, onAlert, sleep });
    for (const id of ids) {
      expect(await deliveryOf(id)).toMatchObject({ state: 'QUEUED', attempts: 1 });
      expect((await deliveryOf(id)).error).toMatch(/421/);
    }
    expect(readAccount(await accountRef(db).get()).down).toBe(false);
    smtp.behave({ kind: 'accept' });
    now = start + 30 * minute;
    await sendDigest(db, config, { now: () => now, onAlert, sleep });
    for (const id of ids) expect(await deliveryOf(id)).toMatchObject({ state: 'SUCCESS', attempts: 2 });
    expectReceivedOnce(marker);
    for (const id of ids) await mailRef(id).delete();
  });
});
