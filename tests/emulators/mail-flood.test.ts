import { randomInt } from 'node:crypto';
import { initializeTestEnvironment, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore, Timestamp, type DocumentData, type Firestore } from 'firebase-admin/firestore';
import { addDoc, collection, serverTimestamp } from 'firebase/firestore';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailAlert } from '../../functions/src/mail/alerts.ts';
import type { MailConfig } from '../../functions/src/config.ts';
import { referenceFor } from '../../functions/src/contracts/contact-message.ts';
import { deliverMail, type Outcome } from '../../functions/src/mail/deliver.ts';
import { queuedCount } from '../../functions/src/mail/digest.ts';
import { defaultRateLimits } from '../../functions/src/mail/rate-limits.ts';
import { sweepMail } from '../../functions/src/mail/sweep.ts';
import { closeTransport } from '../../functions/src/mail/transport.ts';
import { startInbox, type Inbox } from '../../scripts/lib/smtp-inbox.ts';
import {
  emulatorMailConfig,
  firestoreEmulator,
  firestoreRules,
  projectId,
  setBackgroundTriggers,
  smtpPort,
} from '../support/emulators.ts';
import { autoId, contactMessage, restWrite } from '../support/visitor-writes.ts';
import { collections } from '../../functions/src/contracts/collections.ts';

// A flood, as a script makes one: rule-abiding messages written straight to Firestore's REST
// API, then delivered by the project's own modules the way Cloud Functions runs them (waves
// of 10 invocations side by side, maxInstances 10) with the deployed default caps, against
// the Firestore emulator and a real SMTP server. The clock is the test's: each test runs in
// an hour of its own, years ahead, so no counter of another test counts, and the sweep runs
// every simulated minute as Cloud Scheduler would run it.
let app: App;
let db: Firestore;
let env: RulesTestEnvironment;
let inbox: Inbox;
let config: MailConfig;
const alerts: MailAlert[] = [];
const onAlert = (alert: MailAlert) => alerts.push(alert);

beforeAll(async () => {
  await setBackgroundTriggers(false);
  app = initializeApp({ projectId }, 'mail-flood-test');
  db = getFirestore(app);
  env = await initializeTestEnvironment({
    projectId,
    firestore: { rules: firestoreRules, host: firestoreEmulator.host, port: firestoreEmulator.port },
  });
  inbox = await startInbox(smtpPort);
  // The deployed default caps, not the emulators' higher ones.
  config = { ...emulatorMailConfig(), limits: defaultRateLimits };
});
afterAll(async () => {
  try {
    expect(await queuedCount(db)).toBe(0);
  } finally {
    closeTransport();
    await inbox.close();
    await env.cleanup();
    await deleteApp(app);
  }
});

const firestoreOrigin = `http://${firestoreEmulator.host}:${String(firestoreEmulator.port)}`;
const minute = 60_000;
/** The start of an hour of this test's own, years ahead: its caps' counters are fresh. */
const freshHour = () => Date.UTC(2040, 0, 1) + randomInt(0, 500_000) * 3_600_000;
const token = () => `t${Date.now()}${Math.random().toString(36).slice(2, 8)}`;

/** A script's write: straight to the REST API, through the rules. */
async function scriptWrites(fields: Parameters<typeof contactMessage>[0]): Promise<string> {
  const id = autoId();
  const response = await restWrite(firestoreOrigin, projectId, id, contactMessage(fields));
  expect(response.status, await response.clone().text()).toBe(200);
  return id;
}

/** A visitor's write through the site's path: the Firestore client, unauthenticated, through the rules. */
async function visitorWrites(fields: Parameters<typeof contactMessage>[0]): Promise<string> {
  const ref = await addDoc(collection(env.unauthenticatedContext().firestore(), collections.mail), {
    ...contactMessage(fields),
    createdAt: serverTimestamp(),
  });
  return ref.id;
}

/** The trigger for each document, at most 10 at a time (maxInstances), at the given moment. */
async function invoke(ids: readonly string[], nowMs: number, limits = config.limits): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  for (let start = 0; start < ids.length; start += 10) {
    const wave = ids.slice(start, start + 10);
    outcomes.push(
      ...(await Promise.all(
        wave.map((id) =>
          deliverMail(db.collection(collections.mail).doc(id), { ...config, limits }, { now: () => nowMs, onAlert }),
        ),
      )),
    );
  }
  return outcomes;
}

const deliveryOf = async (id: string) =>
  (await db.collection(collections.mail).doc(id).get()).get('delivery') as DocumentData;
/** The emails (alone or digests) that carry a message, found by its reference row. */
const carrying = (mails: readonly ParsedMail[], id: string) =>
  mails.filter((mail) => mail.text?.includes(`Reference: ${referenceFor(id)}\n`) ?? false);

describe('a flood of scripted messages', () => {
  it('150 from distinct addresses, then a visitor: all 151 reach the inbox once, the visitor within 2 minutes', async () => {
    const t = token();
    const start = freshHour() + 5 * minute;
    const before = inbox.messages.length;
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
      if (visitorInboxAt === undefined && carrying(inbox.messages.slice(before), visitor).length > 0)
        visitorInboxAt = at;
    }
    const mails = inbox.messages.slice(before);
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
  });

  it('20 from one sender at once: all 20 reach the team in at most the sender cap of emails', async () => {
    const t = token();
    const start = freshHour() + 10 * minute;
    const before = inbox.messages.length;
    const sender = `one+${t}@example.org`;
    const ids = await Promise.all(
      Array.from({ length: 20 }, (_, index) => scriptWrites({ email: sender, subject: `Again ${t} ${index}` })),
    );
    const outcomes = await invoke(ids, start);
    expect(outcomes.filter((outcome) => outcome === 'SUCCESS')).toHaveLength(defaultRateLimits.perSenderPerHour - 1);
    await sweepMail(db, config, { now: start + minute, onAlert });
    const mails = inbox.messages.slice(before);
    for (const id of ids) expect(carrying(mails, id), `Mail/${id}`).toHaveLength(1);
    expect(mails.length).toBeLessThanOrEqual(defaultRateLimits.perSenderPerHour);
  });
});

describe('an SMTP outage', () => {
  it('an hour of 421 replies: messages are held, the team is alerted once, and every one arrives at the first try after', async () => {
    const t = token();
    const start = freshHour() + 2 * minute;
    let now = start;
    const outageEnds = start + 60 * minute;
    const tries: number[] = [];
    inbox.rejectWhen(() => {
      tries.push(now);
      return now < outageEnds
        ? { code: 421, text: '4.3.2 Service not available, closing transmission channel' }
        : undefined;
    });
    alerts.length = 0;
    const before = inbox.messages.length;
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
      // Tried at a gentle pace (1, 2, 4, 8, then 15 minutes apart), one message at a time, and
      // every message went out at the first try after the outage.
      expect(tries.filter((at) => at > start)).toEqual(
        [1, 3, 7, 15, 30, 45, 60, 60, 60].map((minutes) => start + minutes * minute),
      );
      expect(deliveredAt).toBe(start + 60 * minute);
      // Told once, not every minute; no message "waited in RETRY" alert for held messages.
      expect(alerts.filter((alert) => alert.kind === 'account')).toHaveLength(1);
      expect(alerts.filter((alert) => alert.kind === 'stale-retry')).toEqual([]);
      // Every message arrived once, the oldest first, and the first email says what happened.
      const mails = inbox.messages.slice(before);
      for (const id of ids) expect(carrying(mails, id), `Mail/${id}`).toHaveLength(1);
      expect(carrying(mails.slice(0, 1), ids[0] ?? '')).toHaveLength(1);
      expect(mails[0]?.text).toMatch(
        /^Delivery notice:\n- Since \d{4}-\d\d-\d\d \d\d:\d\d UTC the mail account has failed for every message \(/,
      );
      // Once carried, the notice is done: the next message's email has none.
      now += minute;
      const next = await scriptWrites({ email: `after+${t}@example.org`, subject: `After ${t}` });
      expect(await invoke([next], now)).toEqual(['SUCCESS']);
      expect(carrying(inbox.messages.slice(before), next)[0]?.text).not.toContain('Delivery notice');
      for (const id of ids) expect(await deliveryOf(id)).toMatchObject({ state: 'SUCCESS', attempts: 1 });
    } finally {
      inbox.rejectWhen(undefined);
    }
  }, 120_000);
});
