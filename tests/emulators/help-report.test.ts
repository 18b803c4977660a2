import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getFirestore, Timestamp } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collections } from '../../functions/src/contracts/collections.ts';
import { helpSignalExpiryMs } from '../../functions/src/contracts/help-signal.ts';
import { readWeek } from '../../functions/src/help-report/read-week.ts';
import { floodPerHour, hourOf, perSubjectPerDay } from '../../functions/src/help-report/summary.ts';
import { emulatorMailConfig, firestoreEmulator, projectId, root, setBackgroundTriggers } from '../support/emulators.ts';
import { accountRef, markAccountUp, readAccount } from '../../functions/src/email/smtp-account.ts';
import { closeTransport, getTransport } from '../../functions/src/email/transport.ts';
import { sendHelpReport } from '../../functions/src/help-report/weekly.ts';
import { reportWeek } from '../../functions/src/help-report/week.ts';
import { helpSiteFacts } from '../../scripts/lib/help-report.ts';
import { startInbox } from '../../scripts/lib/smtp-inbox.ts';
import { openLimits, unusedPort } from '../support/mail-harness.ts';
import { autoId, contactMessage } from '../support/visitor-writes.ts';
import { site } from '../../web/src/config/site.ts';

// The weekly report's reading of the help signals (functions/src/help-report/read-week.ts)
// against the Firestore emulator: the signals a page writes, and a burst a script writes
// straight to Firestore's REST API, through the rules, as fast as it likes. The burst is a
// flood: its hour is counted, not read, and none of it counts as an opinion.

const app = initializeApp({ projectId }, 'help-report-test');
const db = getFirestore(app);
// The report only reads: the message written here is not one the mail function should send.
beforeAll(async () => {
  await setBackgroundTriggers(false);
});
afterAll(async () => {
  await deleteApp(app);
});

const hourMs = 3_600_000;
const documents = `projects/${projectId}/databases/(default)/documents`;
const firestoreOrigin = `http://${firestoreEmulator.host}:${String(firestoreEmulator.port)}`;

/** `count` answers that an article did not help, in commits of 50, as a script writes them through the rules. */
async function restFlood(count: number): Promise<Response[]> {
  const write = () => ({
    update: {
      name: `${documents}/${collections.helpSignals}/${autoId()}`,
      fields: {
        kind: { stringValue: 'answer' },
        language: { stringValue: 'en' },
        article: { stringValue: 'cancel-pro' },
        helped: { booleanValue: false },
        expireAt: { timestampValue: new Date(helpSignalExpiryMs(Date.now())).toISOString() },
      },
    },
    updateTransforms: [{ fieldPath: 'createdAt', setToServerValue: 'REQUEST_TIME' }],
    currentDocument: { exists: false },
  });
  const commits = Array.from({ length: Math.ceil(count / 50) }, (_, index) =>
    Array.from({ length: Math.min(50, count - index * 50) }, write),
  );
  return Promise.all(
    commits.map((writes) =>
      fetch(`${firestoreOrigin}/v1/${documents}:commit`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ writes }),
      }),
    ),
  );
}

/** A signal written `hoursAgo` (past the rules: only the server's time passes them). */
const earlier = (hoursAgo: number, fields: Record<string, unknown>) =>
  db.collection(collections.helpSignals).add({
    language: 'en',
    createdAt: Timestamp.fromMillis(Date.now() - hoursAgo * hourMs),
    expireAt: Timestamp.fromMillis(helpSignalExpiryMs(Date.now())),
    ...fields,
  });

describe('the weekly report’s reading of the help signals', () => {
  it('counts what pages wrote, skips what is not a signal, and marks a burst through the REST API as a flood', async () => {
    const burst = 450;
    const responses = await restFlood(burst);
    expect(responses.map((response) => response.status)).toEqual(responses.map(() => 200));
    await Promise.all([
      earlier(3, { kind: 'answer', article: 'offline-maps', helped: false }),
      earlier(3, { kind: 'answer', article: 'offline-maps', helped: false }),
      earlier(3, { kind: 'reason', article: 'offline-maps', reason: 'unclear' }),
      earlier(4, { kind: 'search', place: 'help', text: 'tide table' }),
      earlier(4, { kind: 'search', place: 'contact', text: 'tide table' }),
      // Not a signal (only admin access could write it): read, and skipped.
      earlier(4, { kind: 'search', place: 'help', text: 'Order 12345' }),
    ]);

    const now = Date.now();
    const summary = await readWeek(db, hourOf(now) - 7 * 24 * hourMs, hourOf(now) + hourMs);

    // The burst: its hour (or, across an hour's end, the larger part) is a flood, unread.
    const flooded = summary.floods.reduce((sum, flood) => sum + flood.signals, 0);
    expect(flooded).toBeGreaterThan(floodPerHour);
    const cancel = summary.articles.find((line) => line.article === 'cancel-pro');
    expect(flooded + (cancel?.no ?? 0) + (cancel?.uncounted ?? 0)).toBe(burst);
    expect(cancel?.no ?? 0).toBeLessThanOrEqual(perSubjectPerDay);

    expect(summary.articles).toContainEqual({
      article: 'offline-maps',
      no: 2,
      yes: 0,
      reasons: { 'not-my-problem': 0, unclear: 1, 'did-not-work': 0 },
      uncounted: 0,
    });
    expect(summary.searches.en).toEqual([{ text: 'tide table', count: 2, places: ['help', 'contact'], uncounted: 0 }]);
  });
});

describe('npm run help:report', () => {
  it('prints the week: the searches, the articles answered No, a suggestion read before writing, each linked', async () => {
    await Promise.all([
      earlier(2, { kind: 'search', place: 'help', text: 'reel oil' }),
      earlier(2, { kind: 'answer', article: 'restore-pro', helped: false }),
      earlier(2, { kind: 'reason', article: 'restore-pro', reason: 'did-not-work' }),
      // A message written after reading a suggestion: its context names the article.
      db.collection(collections.mail).add({
        ...contactMessage({
          name: 'Ann',
          email: 'ann@example.org',
          subject: 'Restore Pro',
          message: 'It did not come back.',
          language: 'en',
          articles: ['restore-pro'],
        }),
        createdAt: Timestamp.fromMillis(Date.now() - 2 * hourMs),
      }),
    ]);
    const { stdout } = await promisify(execFile)(process.execPath, ['scripts/help-report.ts', '--project', projectId], {
      cwd: root,
      env: { ...process.env, FIRESTORE_EMULATOR_HOST: `${firestoreEmulator.host}:${String(firestoreEmulator.port)}` },
    });
    expect(stdout).toMatch(/^Help centre, .+: \d+ searches found nothing, \d+ articles answered No\n/);
    expect(stdout).toContain(`  1×  reel oil  (help centre)\n      ${site.origin}/help?q=reel+oil\n`);
    expect(stdout).toContain(
      `  1 No, 0 Yes  restore-pro  (tried it, did not work 1)\n      ${site.origin}/help/restore-pro\n`,
    );
    expect(stdout).toMatch(
      new RegExp(
        `READ BEFORE WRITING ANYWAY\\n(.+\\n)*  1 message  restore-pro\\n      ${site.origin}/help/restore-pro\\n`,
      ),
    );
    expect(stdout).toMatch(/MESSAGES PER TOPIC, BY THE ARTICLE WRITTEN FROM\n(.+\n)* {2}\d+ messages? {2}pro\n/);
    expect(stdout).toMatch(
      /NOT COUNTED\n {2}\d{1,2} \w{3} \d{4}, \d\d:00 Rome time: \d+ signals in the hour, a flood, not read\n/,
    );
  });
});

describe('the weekly report by email', () => {
  // A week of its own, years ahead (Monday 2 January 2040 to Monday 9 January, in Rome): nothing
  // another test writes falls in it.
  const sendAt = Date.parse('2040-01-09T07:00:00Z');
  const week = reportWeek(sendAt);
  const inWeek = (hours: number) => Timestamp.fromMillis(week.fromMs + hours * hourMs);
  const signal = (hours: number, fields: Record<string, unknown>) =>
    db.collection(collections.helpSignals).add({
      language: 'en',
      createdAt: inWeek(hours),
      expireAt: Timestamp.fromMillis(week.toMs + 35 * 24 * hourMs),
      ...fields,
    });

  it('is held while the mail account fails, then sent once, as text and HTML, through a real SMTP server', async () => {
    expect(week.key).toBe('2040-01-02');
    await Promise.all([
      signal(30, { kind: 'search', place: 'contact', text: 'lure colours' }),
      signal(31, { kind: 'search', place: 'help', text: 'lure colours' }),
      signal(50, { kind: 'answer', article: 'payment-failed', helped: false }),
      signal(50, { kind: 'reason', article: 'payment-failed', reason: 'unclear' }),
      db.collection(collections.mail).add({
        ...contactMessage({
          name: 'Ann',
          email: 'ann@example.org',
          subject: 'Payment',
          message: 'Still failing.',
          language: 'it',
          articles: ['payment-failed', 'pro-prices'],
        }),
        createdAt: inWeek(51),
      }),
    ]);
    const port = await unusedPort();
    const inbox = await startInbox(port);
    await inbox.stop();
    const base = emulatorMailConfig();
    const config = { ...base, smtp: { ...base.smtp, port }, limits: openLimits };
    const options = {
      now: () => sendAt,
      transport: getTransport(config.smtp),
      facts: helpSiteFacts(),
      sleep: () => Promise.resolve(),
    };
    try {
      // The server is gone: the send fails, the account's check fails too, the account is down.
      expect(await sendHelpReport(db, config, options)).toBe('HELD');
      expect(readAccount(await accountRef(db).get()).down).toBe(true);
      // Held, with every other email, while it is down.
      expect(await sendHelpReport(db, config, options)).toBe('HELD');
      // Mended: the sweep's check marks the account up, and the next run sends the report once,
      // however many runs meet.
      await inbox.start();
      await markAccountUp(db, sendAt);
      const runs = await Promise.all(Array.from({ length: 4 }, () => sendHelpReport(db, config, options)));
      expect(runs.filter((outcome) => outcome === 'SENT')).toHaveLength(1);
      expect(runs.every((outcome) => ['SENT', 'BUSY', 'DONE'].includes(outcome))).toBe(true);
      expect(await sendHelpReport(db, config, options)).toBe('DONE');
      expect(inbox.messages).toHaveLength(1);

      const [mail] = inbox.messages;
      expect(inbox.recipients[0]).toEqual([config.supportEmail]);
      expect(mail?.subject).toBe('Help centre, 2 Jan 2040 – 8 Jan 2040: 1 search found nothing, 1 article answered No');
      const { origin } = helpSiteFacts();
      expect(mail?.text).toContain(
        `SEARCHES THAT FOUND NOTHING\n  English (en)\n  2×  lure colours  (help centre, contact form)\n      ${origin}/help?q=lure+colours\n`,
      );
      expect(mail?.text).toContain(
        `ARTICLES ANSWERED NO\n  1 No, 0 Yes  payment-failed  (unclear 1)\n      ${origin}/help/payment-failed\n`,
      );
      expect(mail?.text).toContain(
        `READ BEFORE WRITING ANYWAY\n  1 message  payment-failed\n      ${origin}/help/payment-failed\n  1 message  pro-prices\n`,
      );
      expect(mail?.text).toContain(
        'MESSAGES PER TOPIC, BY THE ARTICLE WRITTEN FROM\n  1 message  pro\n  1 message this week',
      );
      expect(mail?.html).toContain(
        `<a href="${origin}/help/payment-failed" style="color:#0b57d0">1 No, 0 Yes  payment-failed  (unclear 1)</a>`,
      );
      expect(mail?.html).toContain(`<a href="${origin}/help?q=lure+colours"`);
    } finally {
      // The account up again, and its notice gone: another file's next email must not carry it.
      await markAccountUp(db, Date.now());
      await db
        .collection(collections.mailAlerts)
        .doc(`account-${String(sendAt)}`)
        .delete();
      closeTransport();
      await inbox.close();
    }
  });
});
