import type { ParsedMail } from 'mailparser';
import { Timestamp } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import { deliverMail } from '../../../functions/src/contact-pipeline/deliver.ts';
import { defaultRateLimits } from '../../../functions/src/contact-pipeline/caps.ts';
import { sweepMail } from '../../../functions/src/contact-pipeline/sweep.ts';
import { carrying, mailHarness, minute, token } from '../../support/mail-harness.ts';
import { autoId, contactMessage } from '../../support/visitor-writes.ts';
import { collections } from '../../../functions/src/contracts/collections.ts';

// A flood, as a script makes one: rule-abiding messages written straight to Firestore's REST
// API, then delivered by the project's own modules the way Cloud Functions runs them (waves
// of 10 invocations side by side, maxInstances 10) with the deployed default caps, against
// the Firestore emulator and a real SMTP server. The clock is the test's: each test runs in
// an hour of its own, years ahead, so no counter of another test counts, and the sweep runs
// every simulated minute as Cloud Scheduler would run it. Nothing is left waiting at the end.
const harness = mailHarness({
  rules: true,
  // The deployed default caps, not the emulators' higher ones.
  limits: defaultRateLimits,
  clockFrom: 2040,
  atEnd: ({ expectQueueEmpty }) => expectQueueEmpty(),
});
const { db, config, alerts, onAlert, deliveryOf, invoke, scriptWrites, visitorWrites, freshHour } = harness;

/**
 * A flood test's time-out: what it checks runs on the test's clock (the visitor within two
 * simulated minutes), so the real one only guards against a hang. The first takes 13 s alone on
 * two cores and took over 30 s, the suite's default, beside the browser tests in a fresh
 * clone's npm test: the same work, on a busier machine.
 */
const floodTimeoutMs = 120_000;

describe('a flood of scripted messages', () => {
  it(
    '150 from distinct addresses, then a visitor: all 151 reach the inbox once, the visitor within 2 minutes',
    async () => {
      const t = token();
      const start = freshHour() + 5 * minute;
      const before = harness.inbox.messages.length;
      alerts.length = 0;

      const flood = await Promise.all(
        Array.from({ length: 150 }, (_, index) =>
          scriptWrites({ email: `flood${index}+${t}@example.org`, subject: `Flood ${t} ${index}` }),
        ),
      );
      const floodOutcomes = await invoke(flood, start);
      expect(floodOutcomes.filter((outcome) => outcome === 'SUCCESS')).toHaveLength(defaultRateLimits.perHour);
      expect(floodOutcomes.filter((outcome) => outcome === 'QUEUED')).toHaveLength(150 - defaultRateLimits.perHour);

      const visitorWrittenAt = start + 20_000;
      const visitor = await visitorWrites({ email: `visitor+${t}@example.org`, subject: `Help ${t}` });
      expect(await invoke([visitor], visitorWrittenAt)).toEqual(['QUEUED']);

      // The sweep, every simulated minute of the hour.
      let visitorInboxAt: number | undefined;
      for (let at = start + minute; at < start + 60 * minute; at += minute) {
        await sweepMail(db, config, { now: at, onAlert });
        if (visitorInboxAt === undefined && carrying(harness.inbox.messages.slice(before), visitor).length > 0)
          visitorInboxAt = at;
      }
      const mails = harness.inbox.messages.slice(before);
      const everyone = [...flood, visitor];
      for (const id of everyone) {
        expect(carrying(mails, id), `Mail/${id}`).toHaveLength(1);
        expect(await deliveryOf(id), `Mail/${id}`).toMatchObject({ state: 'SUCCESS' });
      }
      const digests = mails.filter((mail) => mail.subject?.startsWith('[Digest]'));
      // The hour's emails alone, and the digests (at most one per sweep).
      expect(mails.length - digests.length).toBe(defaultRateLimits.perHour);
      expect(digests.length).toBeGreaterThanOrEqual(1);
      expect(digests.length).toBeLessThanOrEqual(59);
      expect(visitorInboxAt).toBeDefined();
      expect((visitorInboxAt ?? Infinity) - visitorWrittenAt).toBeLessThanOrEqual(2 * minute);
      // The digest's copy of the visitor's message: complete, with a reply link to them.
      const copy = carrying(digests, visitor)[0];
      expect(copy?.text).toContain(`Subject: Help ${t}\n`);
      expect(copy?.html).toContain(`href="mailto:visitor%2B${t}@example.org?subject=`);
      // And the team heard of it: a digest alert for the log-based alert policy.
      expect(alerts).toContainEqual(expect.objectContaining({ kind: 'digest', messages: 51, waiting: 0 }));
    },
    floodTimeoutMs,
  );

  it(
    '20 from one sender at once: all 20 reach the team in at most the sender cap of emails',
    async () => {
      const t = token();
      const start = freshHour() + 10 * minute;
      const before = harness.inbox.messages.length;
      const sender = `one+${t}@example.org`;
      const ids = await Promise.all(
        Array.from({ length: 20 }, (_, index) => scriptWrites({ email: sender, subject: `Again ${t} ${index}` })),
      );
      const outcomes = await invoke(ids, start);
      expect(outcomes.filter((outcome) => outcome === 'SUCCESS')).toHaveLength(defaultRateLimits.perSenderPerHour - 1);
      await sweepMail(db, config, { now: start + minute, onAlert });
      const mails = harness.inbox.messages.slice(before);
      for (const id of ids) expect(carrying(mails, id), `Mail/${id}`).toHaveLength(1);
      expect(mails.length).toBeLessThanOrEqual(defaultRateLimits.perSenderPerHour);
    },
    floodTimeoutMs,
  );
});

describe('an SMTP outage', () => {
  it('an hour of 421 replies: messages are held, the team is alerted once, and every one arrives at the first try after', async () => {
    const t = token();
    const start = freshHour() + 2 * minute;
    let now = start;
    const outageEnds = start + 60 * minute;
    const tries: number[] = [];
    harness.inbox.rejectWhen(() => {
      tries.push(now);
      return now < outageEnds
        ? { code: 421, text: '4.3.2 Service not available, closing transmission channel' }
        : undefined;
    });
    alerts.length = 0;
    const before = harness.inbox.messages.length;
    try {
      const ids: string[] = [];
      for (let index = 0; index < 3; index += 1) {
        const id = autoId();
        await db
          .collection(collections.mail)
          .doc(id)
          .set({
            ...contactMessage({ email: `wait${index}+${t}@example.org`, subject: `Outage ${t} ${index}` }),
            createdAt: Timestamp.fromMillis(start + index),
          });
        ids.push(id);
      }
      await Promise.all(
        ids.map((id) =>
          deliverMail(db.collection(collections.mail).doc(id), config, { now: () => now, retryDelaysMs: [], onAlert }),
        ),
      );
      for (const id of ids) expect(await deliveryOf(id)).toMatchObject({ state: 'RETRY', waitsFor: 'account' });

      let deliveredAt: number | undefined;
      for (now = start + minute; now <= start + 120 * minute; now += minute) {
        await sweepMail(db, config, { now, onAlert });
        if ((await Promise.all(ids.map(deliveryOf))).every((delivery) => delivery.state === 'SUCCESS')) {
          deliveredAt = now;
          break;
        }
      }
      // Tried at a gentle pace (1, 2, 4, 8, then 15 minutes apart) with a message of our own,
      // never a visitor's, and every message went out at the first try after the outage.
      expect(tries.filter((at) => at > start)).toEqual(
        [1, 3, 7, 15, 30, 45, 60, 60, 60, 60].map((minutes) => start + minutes * minute),
      );
      expect(deliveredAt).toBe(start + 60 * minute);
      // Told once, not every minute; no message "waited in RETRY" alert for held messages.
      expect(alerts.filter((alert) => alert.kind === 'account')).toHaveLength(1);
      expect(alerts.filter((alert) => alert.kind === 'stale-retry')).toEqual([]);
      // Every message arrived once, the oldest first, and the first email says what happened.
      const all = harness.inbox.messages.slice(before);
      // The check that found the account mended reached the team once.
      const isCheck = (mail: ParsedMail) => mail.subject?.startsWith('SMTP account check') ?? false;
      expect(all.filter(isCheck)).toHaveLength(1);
      const mails = all.filter((mail) => !isCheck(mail));
      for (const id of ids) expect(carrying(mails, id), `Mail/${id}`).toHaveLength(1);
      expect(carrying(mails.slice(0, 1), ids[0] ?? '')).toHaveLength(1);
      expect(mails[0]?.text).toMatch(
        /^Delivery warning:\n- Since \d{4}-\d\d-\d\d \d\d:\d\d UTC the mail account has failed for every message \(/,
      );
      // Once carried, the notice is done: the next message's email has none.
      now += minute;
      const next = await scriptWrites({ email: `after+${t}@example.org`, subject: `After ${t}` });
      expect(await invoke([next], now)).toEqual(['SUCCESS']);
      expect(carrying(harness.inbox.messages.slice(before), next)[0]?.text).not.toContain('Delivery warning');
      for (const id of ids) expect(await deliveryOf(id)).toMatchObject({ state: 'SUCCESS', attempts: 1 });
    } finally {
      harness.inbox.rejectWhen(undefined);
    }
  }, 120_000);
});
