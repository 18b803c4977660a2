import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getFirestore, Timestamp } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collections } from '../../functions/src/contracts/collections.ts';
import { helpSignalExpiryMs } from '../../functions/src/contracts/help-signal.ts';
import { readWeek } from '../../functions/src/help-report/read-week.ts';
import { renderHelpReport, reportMaxBytes } from '../../functions/src/help-report/render-report.ts';
import { reportLinks, scopeOf } from '../../functions/src/help-report/site-facts.ts';
import { floodPerHour, hourOf, perSubjectPerDay, samplePerMinute } from '../../functions/src/help-report/summary.ts';
import { summarizeMessages } from '../../functions/src/help-report/messages.ts';
import { emulatorMailConfig, firestoreEmulator, projectId, root, setBackgroundTriggers } from '../support/emulators.ts';
import { accountRef, markAccountUp, readAccount } from '../../functions/src/email/smtp-account.ts';
import { closeTransport, getTransport } from '../../functions/src/email/transport.ts';
import { sendHelpReport } from '../../functions/src/help-report/weekly.ts';
import { reportWeek } from '../../functions/src/help-report/week.ts';
import { helpSiteFacts } from '../../scripts/lib/help-report.ts';
import { startInbox } from '../../scripts/lib/smtp-inbox.ts';
import { openLimits } from '../support/mail-harness.ts';
import { freePort } from '../../scripts/lib/free-port.ts';
import { autoId, contactMessage } from '../support/visitor-writes.ts';
import { site } from '../../web/src/config/site.ts';

// The weekly report's reading of the help signals (functions/src/help-report/read-week.ts)
// against the Firestore emulator: the signals a page writes, a burst a script writes straight to
// Firestore's REST API, through the rules, as fast as it likes, and a steady flood of every field
// in every shape the rules let in. A flood's hour is sampled, a minute at a time; what the site
// does not have is counted as unknown; the email stays within its bound and the real lines in it.

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

type RestFields = Record<string, { stringValue: string } | { booleanValue: boolean }>;
const cancelProNo: RestFields = {
  kind: { stringValue: 'answer' },
  language: { stringValue: 'en' },
  article: { stringValue: 'cancel-pro' },
  helped: { booleanValue: false },
};

/** `count` signals (an answer that an article did not help), in commits of 50, as a script writes them through the rules. */
async function restFlood(
  count: number,
  fields: (index: number) => RestFields = () => cancelProNo,
): Promise<Response[]> {
  let written = 0;
  const write = () => ({
    update: {
      name: `${documents}/${collections.helpSignals}/${autoId()}`,
      fields: {
        ...fields(written++),
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

const facts = helpSiteFacts();
const scope = scopeOf(facts);

describe('the weekly report’s reading of the help signals', () => {
  it('reads a sample of a burst through the REST API, a minute at a time, and counts what pages wrote in the other hours', async () => {
    const burst = 450;
    const responses = await restFlood(burst);
    expect(responses.map((response) => response.status)).toEqual(responses.map(() => 200));
    await Promise.all([
      earlier(3, { kind: 'answer', article: 'offline-use', helped: false }),
      earlier(3, { kind: 'answer', article: 'offline-use', helped: false }),
      earlier(3, { kind: 'reason', article: 'offline-use', reason: 'unclear' }),
      ...[4, 28, 52].map((hours) => earlier(hours, { kind: 'search', outcome: 'nothing', text: 'tide table' })),
      // Written before the outcome was: read as a search that found nothing; a subject, never.
      earlier(4, { kind: 'search', place: 'help', text: 'tide table' }),
      earlier(4, { kind: 'search', place: 'contact', text: 'tide table' }),
      // Not a signal (only admin access could write it): read, and skipped.
      earlier(4, { kind: 'search', outcome: 'nothing', text: 'Order 12345' }),
    ]);

    const now = Date.now();
    const summary = await readWeek(db, hourOf(now) - 7 * 24 * hourMs, hourOf(now) + hourMs, scope);

    // The burst: its hour (or, across an hour's end, the larger part) is a flood, sampled: at
    // most a few of each of its minutes read, none of the rest.
    const flooded = summary.floods.reduce((sum, flood) => sum + flood.signals, 0);
    expect(flooded).toBeGreaterThan(floodPerHour);
    for (const flood of summary.floods) expect(flood.read).toBeLessThanOrEqual(60 * samplePerMinute);
    const cancel = summary.articles.lines.find((line) => line.article === 'cancel-pro');
    expect((cancel?.no ?? 0) + (cancel?.uncounted ?? 0)).toBeLessThanOrEqual(burst - flooded + 60 * samplePerMinute);
    expect(cancel?.no ?? 0).toBeLessThanOrEqual(perSubjectPerDay);

    expect(summary.articles.lines).toContainEqual({
      article: 'offline-use',
      no: 2,
      yes: 0,
      reasons: { 'not-my-problem': 0, unclear: 1, 'did-not-work': 0 },
      uncounted: 0,
    });
    expect(summary.searches.nothing.en?.lines).toContainEqual({ text: 'tide table', count: 4, uncounted: 0 });
  });

  it('keeps the real lines of a week of steady floods in every field, and the email within its bound', async () => {
    // A week of its own, years ahead (from Monday 7 January 2041, in Rome): nothing else falls in it.
    const week = reportWeek(Date.parse('2041-01-14T09:00:00Z'));
    const inWeek = (hours: number, minute = 0) => Timestamp.fromMillis(week.fromMs + hours * hourMs + minute * 60_000);
    // What a script may write through the rules in every field: any two-letter language, any
    // article id of the right form, any search of kept words, Yes on a real article.
    const hostile = (index: number): Record<string, unknown> => {
      const language = `${String.fromCharCode(97 + (index % 26))}${String.fromCharCode(97 + ((index >> 5) % 26))}`;
      const pick = index % 4;
      if (pick === 0) return { kind: 'answer', language, article: `mario-rossi-${String(index)}`, helped: false };
      if (pick === 1) return { kind: 'answer', language: 'en', article: 'cancel-pro', helped: true };
      if (pick === 2)
        return { kind: 'search', language: 'en', outcome: 'nothing', text: `zz${'q'.repeat(index % 40)}-via-roma` };
      return { kind: 'search', language, outcome: 'unopened', text: 'mario rossi via garibaldi' };
    };
    // The shapes are the rules' to let in: each written once through the REST API first.
    const asRest = (data: Record<string, unknown>): RestFields =>
      Object.fromEntries(
        Object.entries(data).map(([key, value]) => [
          key,
          typeof value === 'boolean' ? { booleanValue: value } : { stringValue: String(value) },
        ]),
      );
    const shapes = await restFlood(8, (index) => asRest(hostile(index)));
    expect(shapes.map((response) => response.status)).toEqual([200]);

    // 240 an hour (a flood) in six hours over three days, 60 in six quiet hours.
    const floodHours = [2, 3, 26, 27, 50, 51];
    const quietHours = [10, 11, 34, 35, 58, 59];
    const writes = [
      ...floodHours.flatMap((hours) => Array.from({ length: 240 }, (_, index) => [hours, index % 60, index] as const)),
      ...quietHours.flatMap((hours) => Array.from({ length: 60 }, (_, index) => [hours, index, index + 1] as const)),
    ];
    for (let first = 0; first < writes.length; first += 500) {
      const batch = db.batch();
      for (const [hours, minute, index] of writes.slice(first, first + 500))
        batch.create(db.collection(collections.helpSignals).doc(), {
          ...hostile(index),
          createdAt: inWeek(hours, minute),
          expireAt: Timestamp.fromMillis(week.toMs + 35 * 24 * hourMs),
        });
      await batch.commit();
    }
    // The readers of the week: a search three readers made on three days, in the floods'
    // hours too, a No beside the scripted Yes, a reason.
    const real = (hours: number, minute: number, fields: Record<string, unknown>) =>
      db.collection(collections.helpSignals).add({
        language: 'it',
        createdAt: inWeek(hours, minute),
        expireAt: Timestamp.fromMillis(week.toMs + 35 * 24 * hourMs),
        ...fields,
      });
    await Promise.all([
      ...[2, 26, 50].map((hours) => real(hours, 30.5, { kind: 'search', outcome: 'nothing', text: 'nodo palomar' })),
      ...[3, 27].map((hours) => real(hours, 10.5, { kind: 'answer', article: 'cancel-pro', helped: false })),
      real(34, 5, { kind: 'reason', article: 'cancel-pro', reason: 'did-not-work' }),
    ]);

    const summary = await readWeek(db, week.fromMs, week.toMs, scope);
    // Four of the script's a minute and the readers' one: every signal of these floods is read.
    const heldByFloods = [241, 241, 241, 241, 241, 240];
    expect(summary.floods.map((flood) => [flood.signals, flood.read])).toEqual(heldByFloods.map((n) => [n, n]));
    expect(summary.searches.nothing.it?.lines).toEqual([{ text: 'nodo palomar', count: 3, uncounted: 0 }]);
    expect(summary.searches.unopened.en?.lines).toEqual([]);
    expect(summary.articles.lines).toEqual([
      {
        article: 'cancel-pro',
        no: 2,
        yes: 3 * perSubjectPerDay,
        reasons: { 'not-my-problem': 0, unclear: 0, 'did-not-work': 1 },
        // The script's Yes: 60 in each flood hour, 15 in each quiet one, 20 a day counted.
        uncounted: 6 * 60 + 6 * 15 - 3 * perSubjectPerDay,
      },
    ]);
    expect(summary.unknown).toBeGreaterThan(0);

    const email = renderHelpReport(
      {
        fromMs: week.fromMs,
        toMs: week.toMs,
        signals: summary,
        messages: summarizeMessages({ total: 0, named: [] }, () => undefined),
      },
      reportLinks(facts),
    );
    expect(Buffer.byteLength(email.text)).toBeLessThanOrEqual(reportMaxBytes.text);
    expect(Buffer.byteLength(email.html)).toBeLessThanOrEqual(reportMaxBytes.html);
    expect(email.text).toContain('  2 No, 60 Yes  cancel-pro  (1 did not work when tried)');
    expect(email.text).toContain('  3×  nodo palomar\n');
    // The script's ids and its searches in languages the site has not are nowhere in it.
    expect(email.text).not.toContain('mario');
  });
});

describe('npm run help:report', () => {
  it('prints the week: the searches, the articles answered No, a suggestion read before writing, each linked', async () => {
    await Promise.all([
      ...[2, 26, 50].map((hours) => earlier(hours, { kind: 'search', outcome: 'nothing', text: 'reel oil' })),
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
    expect(stdout).toContain(`  3×  reel oil  (new)\n      ${site.origin}/help?q=reel+oil\n`);
    expect(stdout).toContain(
      `  1 No, 0 Yes  restore-pro  (1 did not work when tried)  (new)\n      ${site.origin}/help/restore-pro\n`,
    );
    expect(stdout).toMatch(
      new RegExp(
        `READ BEFORE WRITING ANYWAY\\n(.+\\n)*  1 message  restore-pro\\n      ${site.origin}/help/restore-pro\\n`,
      ),
    );
    expect(stdout).toMatch(/MESSAGES PER TOPIC, BY THE ARTICLE WRITTEN FROM\n(.+\n)* {2}\d+ messages? {2}pro\n/);
    expect(stdout).toMatch(
      /NOT COUNTED\n {2}\d{1,2} \w{3} \d{4}, \d\d:00 Rome time: \d+ signals in the hour, a flood; \d+ read \(at most 5 a minute\), the rest not counted\n/,
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
      ...[30, 54, 78].map((hours) => signal(hours, { kind: 'search', outcome: 'nothing', text: 'lure colours' })),
      // A name typed once: counted, never shown.
      signal(40, { kind: 'search', outcome: 'nothing', text: 'lure colours mario' }),
      // Messages written after a search, on three days.
      ...[32, 56, 80].map((hours) =>
        db.collection(collections.mail).add({
          ...contactMessage({
            name: 'Bea',
            email: 'bea@example.org',
            subject: 'Knots',
            message: 'Which knot for braid?',
            language: 'en',
            searches: ['lure knots'],
          }),
          createdAt: inWeek(hours),
        }),
      ),
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
    const port = await freePort();
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
        `SEARCHES THAT FOUND NOTHING\n  English (en)\n  3×  lure colours  (new)\n      ${origin}/help?q=lure+colours\n`,
      );
      expect(mail?.text).toContain(
        `ARTICLES ANSWERED NO\n  1 No, 0 Yes  payment-failed  (1 unclear)  (new)\n      ${origin}/help/payment-failed\n`,
      );
      expect(mail?.text).toContain(
        `READ BEFORE WRITING ANYWAY\n  1 message  payment-failed\n      ${origin}/help/payment-failed\n  1 message  pro-prices\n`,
      );
      expect(mail?.text).toContain(
        'MESSAGES PER TOPIC, BY THE ARTICLE WRITTEN FROM\n  1 message  pro\n  3 messages  named no article\n  4 messages this week',
      );
      expect(mail?.html).toContain(
        `<a href="${origin}/help/payment-failed" style="color:#0b57d0">1 No, 0 Yes  payment-failed  (1 unclear)  (new)</a>`,
      );
      expect(mail?.html).toContain(`<a href="${origin}/help?q=lure+colours"`);
      expect(mail?.text).toContain('  1 search (1 signal) made in fewer than 3 hours or 2 days, not shown');
      expect(mail?.text).not.toContain('mario');
      expect(mail?.text).toContain(
        `SEARCHED BEFORE WRITING ANYWAY\n  3 messages  lure knots  (English (en))\n      ${origin}/help?q=lure+knots\n`,
      );
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
