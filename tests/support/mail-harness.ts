// The one set-up of the mail emulator tests: an SMTP server on loopback, a Firebase Admin app,
// the Functions emulator's triggers as the file needs them, the writers of contact messages
// (mail-writers.ts) and the reads and waits every file uses. A file calls mailHarness() once
// at its top and its tests are then only their own steps; what a file does differently (its
// caps, its simulated years, the triggers on, servers of its own, what it checks at its end)
// it says in the options.
import { randomInt } from 'node:crypto';
import { basename } from 'node:path';
import { initializeTestEnvironment, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import {
  getFirestore,
  Timestamp,
  type DocumentData,
  type DocumentReference,
  type Firestore,
} from 'firebase-admin/firestore';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import type { MailConfig } from '../../functions/src/config.ts';
import { collections } from '../../functions/src/contracts/collections.ts';
import { referenceFor } from '../../functions/src/contracts/contact-message.ts';
import type { MailAlert } from '../../functions/src/email/alerts.ts';
import { deliverMail, type Outcome } from '../../functions/src/contact-pipeline/deliver.ts';
import { queued } from '../../functions/src/contact-pipeline/delivery.ts';
import { queuedCount } from '../../functions/src/contact-pipeline/digest-queue.ts';
import type { RateLimits } from '../../functions/src/contact-pipeline/caps.ts';
import { dayShards, hourField, shardFields } from '../../functions/src/email/counters.ts';
import { closeTransport } from '../../functions/src/email/transport.ts';
import { freePort } from '../../scripts/lib/free-port.ts';
import { startInbox, type Inbox } from '../../scripts/lib/smtp-inbox.ts';
import {
  emulatorMailConfig,
  eventually,
  firestoreEmulator,
  firestoreRules,
  projectId,
  readDocument,
  setBackgroundTriggers,
  smtpPort,
} from './emulators.ts';
import { messageWriters, type MessageWriters } from './mail-writers.ts';

export const minute = 60_000;
export const hour = 60 * minute;
export const day = 24 * hour;

/**
 * Caps that do not bite, for the files that test something else than the caps: no sender or
 * hour runs out within a file, and a daily limit of 0 means none, so digests are not spaced out.
 */
export const openLimits: RateLimits = { perSenderPerHour: 1000, perHour: 100_000, perDay: 0 };

/** A test's own mark, put in its subjects and addresses so that it finds only its own emails. */
export const token = () => `t${Date.now()}${Math.random().toString(36).slice(2, 8)}`;

/** The emails (alone or digests) that carry a message, found by its reference row. */
export const carrying = (mails: readonly ParsedMail[], id: string) =>
  mails.filter((mail) => mail.text?.includes(`Reference: ${referenceFor(id)}\n`) ?? false);

/**
 * What a claim over the global cap leaves on a message, written directly so that a test can
 * queue thousands in seconds: its reference, and QUEUED at its place in the queue (`atMs +
 * place`), kept a year.
 */
export const queuedFields = (id: string, atMs: number, place: number) => ({
  reference: referenceFor(id),
  ...queued('global cap', atMs + place, Timestamp.fromMillis(atMs + 365 * day)),
});

/** Waits when the clock hour is about to turn (within `marginMs`), so a test's counts stay in one hour. */
export async function awayFromHourTurn(marginMs = 5_000): Promise<void> {
  const left = hour - (Date.now() % hour);
  if (left < marginMs) await new Promise((resolve) => setTimeout(resolve, left + 100));
}

/** A message's `delivery` as a plain HTTP read of the emulator gives it: times are ISO strings. */
export type DeliveryRead = {
  state: string;
  attempts: number;
  error: string | null;
  info: { messageId: string; accepted: string[]; rejected: string[]; response: string } | null;
  startTime?: unknown;
  endTime?: unknown;
  leaseExpireTime?: unknown;
  expireAt?: string;
  queuedFor?: string;
};

export type MailHarnessOptions = {
  /**
   * The Functions emulator's background triggers. Off by default: the test calls the delivery
   * code itself and no trigger takes its documents meanwhile. On for a file about a trigger.
   */
  triggers?: boolean;
  /**
   * The file's inbox, on the emulators' SMTP port when the triggers are on; false for a file
   * that runs SMTP servers of its own.
   */
  inbox?: boolean;
  /** A rules test environment, for writes through the rules as the site's client makes them. */
  rules?: boolean;
  /** The caps of `config`; the emulators' (functions/.env.local) when not given. */
  limits?: RateLimits;
  /**
   * The first year of the file's simulated time: each test takes a day or an hour of its own
   * after it (`freshDay`, `freshHour`), so no counter of another test counts.
   */
  clockFrom?: number;
  /**
   * What the file checks when its tests are done, before anything is closed: the harness
   * closes what it started whether the check passes or not, so the next file finds the SMTP
   * port free.
   */
  atEnd?: (harness: MailHarness) => Promise<void> | void;
};

export type MailHarness = MessageWriters & {
  readonly app: App;
  readonly db: Firestore;
  /** The file's inbox, `config`'s SMTP server; every test starts with it taking every email at once. */
  readonly inbox: Inbox;
  readonly rules: RulesTestEnvironment;
  /** The emulators' mail settings, with the file's caps. */
  readonly config: MailConfig;
  /** The ids of every message written through the harness, for the file's check at its end. */
  readonly written: string[];
  /** The alerts raised through `onAlert`, from the start of the current test. */
  readonly alerts: MailAlert[];
  onAlert: (alert: MailAlert) => void;
  mailRef: (id: string) => DocumentReference;
  deliveryOf: (id: string) => Promise<DocumentData>;
  /**
   * `Mail/{id}` read with one plain HTTP request, past the rules (readDocument): what a test
   * polls while a trigger works, as polling through an SDK client could hang now and then.
   */
  readMail: (id: string) => Promise<DocumentData | undefined>;
  /** Waits until the message's delivery is as `done` wants it (read as readMail reads), and gives it. */
  deliveryWhen: (id: string, done: (delivery: DeliveryRead) => boolean, timeoutMs?: number) => Promise<DeliveryRead>;
  /** The emails in the inbox whose subject holds `value` (a test's token, a message's id). */
  withToken: (value: string) => ParsedMail[];
  /** The trigger for each document, at most 10 at a time (maxInstances), at the given moment. */
  invoke: (ids: readonly string[], nowMs: number, settings?: MailConfig) => Promise<Outcome[]>;
  /** Counts the hour's emails alone as spent, as that many messages sent alone would have. */
  spendHour: (nowMs: number, perHour?: number) => Promise<void>;
  /** The start of a UTC day of the calling test's own, years ahead. */
  freshDay: () => number;
  /** The start of an hour of the calling test's own, years ahead. */
  freshHour: () => number;
  /** Every message written ended in a recorded final state, with its expiry for the TTL policy. */
  expectEnded: () => Promise<void>;
  /** Nothing is left waiting: every message reached the inbox or ended. */
  expectQueueEmpty: () => Promise<void>;
  /**
   * Deletes every message written and any alert filed under its id: nothing stays for another
   * file's sweep to find, nor a failure's notice for another file's next email to carry.
   */
  deleteWritten: () => Promise<void>;
};

/** What was started, once it has been: a read before then is a mistake in the test. */
function started<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`mail-harness: no ${what} (not asked for, or read before beforeAll)`);
  return value;
}

/** The trigger runs and the simulated clock: each test's own time, years ahead. */
function deliveryRuns(
  { db, config, mailRef, onAlert }: Pick<MailHarness, 'db' | 'config' | 'mailRef' | 'onAlert'>,
  clockFrom: number,
): Pick<MailHarness, 'invoke' | 'spendHour' | 'freshDay' | 'freshHour'> {
  return {
    async invoke(ids, nowMs, settings = config) {
      const outcomes: Outcome[] = [];
      for (let start = 0; start < ids.length; start += 10) {
        const wave = ids.slice(start, start + 10);
        outcomes.push(
          ...(await Promise.all(wave.map((id) => deliverMail(mailRef(id), settings, { now: () => nowMs, onAlert })))),
        );
      }
      return outcomes;
    },

    async spendHour(nowMs, perHour = config.limits.perHour) {
      await dayShards(db, nowMs)
        .doc('0')
        .set(shardFields({ [hourField(nowMs)]: perHour, day: perHour }), { merge: true });
    },

    freshDay: () => Date.UTC(clockFrom, 0, 1) + randomInt(0, 20_000) * day,
    freshHour: () => Date.UTC(clockFrom, 0, 1) + randomInt(0, 500_000) * hour,
  };
}

type EndChecks = Pick<MailHarness, 'expectEnded' | 'expectQueueEmpty' | 'deleteWritten'>;

/** What a file checks of the messages it wrote at its end, and their clearing up. */
function endChecks({ db, written, mailRef }: Pick<MailHarness, 'db' | 'written' | 'mailRef'>): EndChecks {
  return {
    async expectEnded() {
      const snapshots = await Promise.all(written.map((id) => mailRef(id).get()));
      const open = snapshots
        .map((snapshot) => ({ id: snapshot.id, state: snapshot.get('delivery.state') as unknown }))
        .filter(({ state }) => state !== 'SUCCESS' && state !== 'ERROR');
      expect(open).toEqual([]);
      // Each carries its expiry, for the TTL policy, however its delivery went.
      const unexpiring = snapshots.filter((snapshot) => !(snapshot.get('delivery.expireAt') instanceof Timestamp));
      expect(unexpiring.map((snapshot) => snapshot.id)).toEqual([]);
    },

    async expectQueueEmpty() {
      expect(await queuedCount(db)).toBe(0);
    },

    async deleteWritten() {
      await Promise.all(
        written.flatMap((id) => [mailRef(id).delete(), db.collection(collections.mailAlerts).doc(id).delete()]),
      );
    },
  };
}

/** What the file's beforeAll starts, once it has. */
type Started = { inbox?: Inbox; rules?: RulesTestEnvironment };

/**
 * The file's hooks: its beforeAll sets the triggers and starts what the file asked for; each
 * test starts with the inbox taking every email at once and no alerts; its afterAll runs the
 * file's check at its end and closes everything.
 */
function addHooks(options: MailHarnessOptions, servers: Started, harness: MailHarness): void {
  beforeAll(async () => {
    await setBackgroundTriggers(options.triggers ?? false);
    if (options.rules) {
      servers.rules = await initializeTestEnvironment({
        projectId,
        firestore: { rules: firestoreRules, host: firestoreEmulator.host, port: firestoreEmulator.port },
      });
    }
    if (options.inbox ?? true) {
      // The functions send to the emulators' SMTP port: a file with the triggers on listens
      // there. The others give the modules `config`, and listen on a port of their own, so
      // that a file of the other lane can run beside them (lanes.ts).
      const port = options.triggers ? smtpPort : await freePort();
      harness.config.smtp = { ...harness.config.smtp, port };
      servers.inbox = await startInbox(port);
    }
  });

  beforeEach(() => {
    servers.inbox?.rejectWhen(undefined);
    servers.inbox?.delayReplies(0);
    harness.alerts.length = 0;
  });

  afterAll(async () => {
    try {
      await options.atEnd?.(harness);
    } finally {
      closeTransport();
      await servers.inbox?.close();
      await servers.rules?.cleanup();
      await deleteApp(harness.app);
    }
  });
}

/**
 * Sets up the file's mail tests (the servers in its beforeAll) and closes everything in its
 * afterAll; call once, at the top of the file. The Firebase app is named after the file: the
 * files share one worker (isolate: false) and each must name its own.
 */
export function mailHarness(options: MailHarnessOptions = {}): MailHarness {
  // Made now, not in beforeAll: the app makes no connection until it is used, and the file
  // can take `db` with the rest of what it uses at its top.
  const file = expect.getState().testPath;
  if (file === undefined) throw new Error('mail-harness: call mailHarness() at the top of a test file');
  const app = initializeApp({ projectId }, `${basename(file, '.test.ts')}-test`);
  const db = getFirestore(app);
  const servers: Started = {};
  const base = emulatorMailConfig();
  const config: MailConfig = { ...base, limits: options.limits ?? base.limits };
  const written: string[] = [];
  const alerts: MailAlert[] = [];

  const mailRef = (id: string) => db.collection(collections.mail).doc(id);
  const deliveryOf = async (id: string) => (await mailRef(id).get()).get('delivery') as DocumentData;
  const readMail = (id: string) => readDocument(`${collections.mail}/${id}`);
  const onAlert = (alert: MailAlert) => {
    alerts.push(alert);
  };

  const harness: MailHarness = {
    app,
    db,
    get inbox() {
      return started(servers.inbox, 'inbox');
    },
    get rules() {
      return started(servers.rules, 'rules test environment');
    },
    config,
    written,
    alerts,
    onAlert,
    mailRef,
    deliveryOf,
    readMail,
    deliveryWhen: (id, done, timeoutMs = 15_000) =>
      eventually(
        async () => {
          const delivery = (await readMail(id))?.delivery as DeliveryRead | undefined;
          return delivery && done(delivery) ? delivery : undefined;
        },
        timeoutMs,
        `the delivery of Mail/${id}`,
      ),
    withToken: (value) => harness.inbox.messages.filter((mail) => mail.subject?.includes(value)),
    ...messageWriters({ db, mailRef, written, rules: () => harness.rules }),
    ...deliveryRuns({ db, config, mailRef, onAlert }, options.clockFrom ?? 2050),
    ...endChecks({ db, written, mailRef }),
  };
  addHooks(options, servers, harness);
  return harness;
}
