import {
  Timestamp,
  type DocumentReference,
  type DocumentSnapshot,
  type Firestore,
  type QueryDocumentSnapshot,
} from 'firebase-admin/firestore';
import { logEvent } from '../log.js';
import type { MailConfig } from '../config.js';
import { referenceFor } from '../contracts/contact-message.js';
import { accountRef, markAccountDown, readAccount } from './account.js';
import { proveAccountFailure } from './account-check.js';
import {
  alertSink,
  markReported,
  pendingNotices,
  reportFailure,
  reportQuota,
  type AlertSink,
  type Notices,
} from './alerts.js';
import { endedUnsent, failed, inDigest, requeued, succeeded, type DeliveryUpdate } from './delivery.js';
import {
  cleanPictureFrom,
  fieldsBesidesPicture,
  parseMailDocument,
  pictureFlag,
  pictureMark,
  type ContactMail,
} from './mail-document.js';
import { countEmail, dayKey, markDaySpent, nextDayMs, readCounts } from './counters.js';
import { digestPart, mayBeARepeat, renderDigest, type DigestPart } from './render-email.js';
import { readKnownProblems } from './known-problems.js';
import { asTheEmails, decide, heldFor, type Decision, type Sent } from './decide.js';
import { pause, type SendFailure } from './retry-policy.js';
import { recordWithRetries, runJob, type Job } from './pipeline.js';
import { getTransport, type MailTransport } from './transport.js';
import { collections } from '../contracts/collections.js';

// Messages over a cap (caps.ts) wait in state QUEUED, and the sweep sends them
// together: at most one digest per run (every minute), fewer as the day's emails run down,
// so the SMTP volume stays within the caps and the day's quota while nothing is dropped.
// A digest takes the due messages in the order of their place in the queue (`digestTime`:
// when they were queued, later for a sender with many queued already), so the oldest go
// first and one sender's flood waits behind everyone else's messages. Each message is shown
// complete up to a length, a long one as its beginning with a link to its document, so a
// digest carries a flood of the longest messages the rules allow, hundreds a minute.
// A digest takes its messages in transactions (state PROCESSING, a lease, `delivery.digest`),
// so a second sweep or a retried run never sends one twice; a digest that cannot be sent for
// now gives them back to the queue, due again after the same back-off as a message of its own;
// one the server refuses for good is split in halves and each sent again, so only the message
// the server refuses ends in ERROR; when the server says the account's quota is spent, they
// wait for the next day.

/**
 * Most messages in one digest: three times what a flood of 300 a minute writes, so a digest
 * a minute, or one every three as the day's emails run down, keeps up with it.
 */
export const maxDigestMessages = 1_000;
/**
 * Most bytes of the digest's html and text parts together: about 460 parts of the longest
 * messages the rules allow, every character one that escapes longest (at most about 8.7 kB each
 * as a digest shows it, with the row that says a picture came with it: a digest never carries
 * the picture itself; more than a flood of 300 a minute), a thousand typical ones (1.6 kB); with MIME encoding under 6 MB, well within what mail servers accept (Gmail 25 MB,
 * Microsoft 365 25 MB by default) and what a mail client opens without a wait.
 */
export const maxDigestBytes = 4_000_000;
/** Where the sweep keeps when the last digest went (`MailSweep/digests`), to space them out. */
export const digestStateId = 'digests';

export type DigestOptions = {
  now?: () => number;
  transport?: MailTransport;
  /** The Firebase project the email links each document in; the running project when not given. */
  projectId?: string;
  /** Told of each alert besides the log (alerts.ts). */
  onAlert?: AlertSink;
  sleep?: (ms: number) => Promise<void>;
};

export type DigestReport = {
  /** The digest's id, when one was sent or tried. */
  digest: string | null;
  /**
   * SUCCESS: every message it took went out; ERROR: some ended in ERROR (refused alone);
   * QUEUED: some went back to the queue; NONE: nothing due; PACED: not yet (the day's emails
   * are running down); SPENT: the day's emails are spent; HELD: the mail account is down
   * (account.ts), or failed while sending it: its messages keep their place in the queue.
   */
  outcome: 'SUCCESS' | 'QUEUED' | 'ERROR' | 'NONE' | 'PACED' | 'SPENT' | 'HELD';
  /** Messages the digest carried (or tried to). */
  messages: number;
  /** Messages in the queue once it is done (due now or later). */
  waiting: number;
  /** Emails sent (a refused digest is sent again in halves). */
  emails: number;
};

/**
 * How long after the last digest the next may go: a minute, or longer when the day's emails
 * left would not last a digest a minute until midnight (UTC).
 */
export function digestIntervalMs(perDay: number, sentToday: number, nowMs: number): number {
  if (perDay <= 0) return 60_000;
  const left = perDay - sentToday;
  if (left <= 0) return Infinity;
  return Math.max(60_000, Math.floor((nextDayMs(nowMs) - nowMs) / left));
}

/**
 * The queue's next candidates: the messages of a digest whose invocation died, to send them
 * again as that digest; else the due messages, in their order in the queue.
 */
async function candidates(db: Firestore, nowMs: number): Promise<{ id?: string; docs: QueryDocumentSnapshot[] }> {
  // Only `delivery` is read here (a thousand messages with their pictures could be 640 MB);
  // `take` reads the messages again, in transactions.
  const mail = db.collection(collections.mail).select('delivery');
  const resend = await mail.where('delivery.resendAs', '>', '').limit(1).get();
  const id: unknown = resend.docs[0]?.get('delivery.resendAs');
  if (typeof id === 'string') {
    const again = await mail.where('delivery.resendAs', '==', id).limit(maxDigestMessages).get();
    return { id, docs: again.docs };
  }
  const due = await mail
    .where('delivery.digestTime', '<=', Timestamp.fromMillis(nowMs))
    .orderBy('delivery.digestTime')
    .limit(maxDigestMessages)
    .get();
  return { docs: due.docs };
}

/** How many messages wait in the queue, due now or later. */
export async function queuedCount(db: Firestore): Promise<number> {
  const snapshot = await db.collection(collections.mail).where('delivery.state', '==', 'QUEUED').count().get();
  return snapshot.data().count;
}

type Taken = {
  ref: DocumentReference;
  attempts: number;
  part: DigestPart;
  digestMs: number;
  reference: string;
  /** Whether the message came with a picture (which a digest never attaches). */
  hasPicture: boolean;
  /** When a digest carrying it met no answer once it may have reached the server (`delivery.unanswered`). */
  unansweredMs?: number;
};

type Malformed = { ref: DocumentReference; error: string };

/**
 * Messages taken per transaction (a transaction writes at most 500 documents). Each is read
 * without its picture (`digestFields`): a chunk is a few hundred kilobytes of text, where whole
 * documents could be 128 MB should every one carry a picture of the largest size the rules allow.
 */
const takeChunk = 200;

/** What a digest reads of a message: every field it prints and decides by, and the flag. */
export const digestFields: readonly string[] = [...fieldsBesidesPicture, pictureFlag];

/**
 * The message as a digest shows it: a picture is never attached to a digest, only said to have
 * come, so one known from the flag stands in for the bytes that were not read.
 */
function withPictureKnown(mail: ContactMail, picture: boolean): ContactMail {
  if (mail.shape !== 'fields' || !picture || mail.picture) return mail;
  return { ...mail, picture: { kind: 'refused', reason: 'is kept with its document: a digest does not read it' } };
}

/**
 * Takes the candidates still QUEUED and due (or, resending, still waiting for that digest)
 * into the digest, `takeChunk` to a transaction, the whole within maxDigestMessages and
 * maxDigestBytes. A malformed document ends in ERROR. Should the invocation die between two
 * parts, the leases of those taken run out and the sweep puts them back in the queue.
 */
async function take(
  db: Firestore,
  refs: DocumentReference[],
  digest: string,
  resending: boolean,
  nowMs: number,
  source: (id: string) => { id: string; projectId?: string },
): Promise<{ taken: Taken[]; malformed: Malformed[] }> {
  const taken: Taken[] = [];
  const malformed: Malformed[] = [];
  let bytes = 0;
  for (let first = 0; first < refs.length && taken.length < maxDigestMessages; first += takeChunk) {
    const part = await db.runTransaction(async (tx) => {
      const snapshots = await tx.getAll(...refs.slice(first, first + takeChunk), { fieldMask: [...digestFields] });
      const isWaiting = (snapshot: DocumentSnapshot) => {
        const time: unknown = snapshot.get('delivery.digestTime');
        return (
          snapshot.get('delivery.state') === 'QUEUED' &&
          (resending
            ? snapshot.get('delivery.resendAs') === digest
            : time instanceof Timestamp && time.toMillis() <= nowMs)
        );
      };
      // Messages queued before the flag existed say nothing of a picture: those alone are read
      // whole (and flagged as they are taken, so never read whole again).
      const unflagged = snapshots.filter(
        (snapshot) => isWaiting(snapshot) && typeof snapshot.get(pictureFlag) !== 'boolean',
      );
      const whole = new Map(
        (unflagged.length > 0 ? await tx.getAll(...unflagged.map((snapshot) => snapshot.ref)) : []).map((snapshot) => [
          snapshot.id,
          snapshot,
        ]),
      );
      // What this attempt takes; kept only once the transaction commits.
      const chunk = { taken: [] as Taken[], malformed: [] as Malformed[], bytes };
      for (const masked of snapshots) {
        if (!isWaiting(masked)) continue;
        const snapshot = whole.get(masked.id) ?? masked;
        const time: unknown = snapshot.get('delivery.digestTime');
        const attemptsBefore: unknown = snapshot.get('delivery.attempts');
        const unanswered: unknown = snapshot.get('delivery.unanswered');
        const attempts = typeof attemptsBefore === 'number' ? attemptsBefore : 0;
        const result = parseMailDocument(snapshot.data());
        if (!result.ok) {
          const error = `malformed document: ${result.reason}`;
          tx.update(snapshot.ref, endedUnsent(error, attempts, snapshot.get('delivery.expireAt') as Timestamp));
          chunk.malformed.push({ ref: snapshot.ref, error });
          continue;
        }
        if (taken.length + chunk.taken.length >= maxDigestMessages) break;
        const flag: unknown = snapshot.get(pictureFlag);
        const mark = typeof flag === 'boolean' ? { [pictureFlag]: flag } : pictureMark(snapshot.data() ?? {});
        const rendered = digestPart(withPictureKnown(result.mail, mark[pictureFlag]), source(snapshot.id));
        if (taken.length + chunk.taken.length > 0 && chunk.bytes + rendered.bytes > maxDigestBytes) break;
        chunk.bytes += rendered.bytes;
        chunk.taken.push({
          ref: snapshot.ref,
          attempts: attempts + 1,
          part: rendered,
          digestMs: time instanceof Timestamp ? time.toMillis() : nowMs,
          reference: referenceFor(snapshot.id),
          hasPicture: mark[pictureFlag],
          ...(unanswered instanceof Timestamp ? { unansweredMs: unanswered.toMillis() } : {}),
        });
        tx.update(snapshot.ref, { ...inDigest(digest, attempts + 1, nowMs), ...(whole.has(snapshot.id) ? mark : {}) });
      }
      return chunk;
    });
    taken.push(...part.taken);
    malformed.push(...part.malformed);
    bytes = part.bytes;
    if (part.taken.length === 0 && bytes > 0) break;
  }
  return { taken, malformed };
}

/**
 * Writes a digest's outcome on its messages, in transactions of `takeChunk`, each message only
 * while its claim is still this digest's; the same outcome written twice changes nothing. A
 * refusal throws: the runner (pipeline.ts) tries the whole write again, then leaves it to the
 * lease (the sweep requeues them, to be sent again under the same digest id).
 */
async function recordDigest(
  db: Firestore,
  digest: string,
  updates: ReadonlyArray<[DocumentReference, DeliveryUpdate]>,
): Promise<void> {
  for (let first = 0; first < updates.length; first += takeChunk) {
    const chunk = updates.slice(first, first + takeChunk);
    await db.runTransaction(async (tx) => {
      // The claim alone decides: the messages are not read again, their pictures least of all.
      const snapshots = await tx.getAll(...chunk.map(([ref]) => ref), { fieldMask: ['delivery.claim'] });
      chunk.forEach(([ref, update], index) => {
        if (snapshots[index]?.get('delivery.claim') === digest) tx.update(ref, update);
      });
    });
  }
}

/** What sending a digest (and, refused, its halves) came to. */
type Sending = {
  failures: Array<{ mailId: string; reference: string; error: string }>;
  emails: number;
  /** The server said the account's quota is spent: nothing more is sent today. */
  quota: boolean;
  /** The mail account failed (account.ts): nothing more is sent until it works again. */
  account?: SendFailure;
  requeued: number;
};

/** A digest, or one of a refused digest's halves: its messages, and what its email shows. */
type DigestWork = {
  items: readonly Taken[];
  id: string;
  /** Messages waiting in the queue when the digest was taken. */
  waiting: number;
  /** Notices the email carries (the whole digest's; a refused one's first half). */
  notices: Notices;
};

/**
 * What the server's reply means for one of a digest's messages, on its own attempts; without a
 * reply (`known`), the digest's decision. A failure the mail account's check cleared (the
 * digest's decision is not the account's) is the email's for each of them too.
 */
function decisionFor(item: Taken, decision: Decision, sent: Sent | undefined, nowMs: number): Decision {
  if (!sent) return decision;
  const cleared = sent.kind === 'failed' && sent.failure.account && decision.kind !== 'account';
  const own: Sent = cleared ? { kind: 'failed', failure: asTheEmails(sent.failure) } : sent;
  return decide(own, {
    attempts: item.attempts,
    quickRetryLeft: false,
    nowMs,
    unansweredBefore: item.unansweredMs !== undefined,
  });
}

/** The outcome of each of a digest's messages, for what came of its email. */
function outcomes(
  items: readonly Taken[],
  digestDecision: Decision,
  sent: Sent | undefined,
  nowMs: number,
  digest: string,
): Array<[DocumentReference, DeliveryUpdate]> {
  // No answer once the digest may have reached the team: its messages go again as the same
  // digest (the same Message-ID), saying so, and a second silence ends them (decide.ts).
  const unanswered = sent?.kind === 'failed' && sent.failure.unanswered;
  return items.map((item) => {
    const { ref, attempts, digestMs, hasPicture } = item;
    const decision = decisionFor(item, digestDecision, sent, nowMs);
    switch (decision.kind) {
      case 'sent':
        return [ref, { ...succeeded(attempts, decision.info), ...(hasPicture ? cleanPictureFrom(nowMs) : {}) }];
      case 'quota':
        return [ref, requeued(attempts - 1, null, nextDayMs(nowMs))];
      // The mail account failed, not the message: back at its place, no attempt spent (account.ts).
      case 'account':
        return [ref, requeued(attempts - 1, decision.error, digestMs)];
      // Back off as a message of its own would; never before its place.
      case 'again':
      case 'later': {
        const dueMs = Math.max(digestMs, decision.kind === 'later' ? decision.atMs : nowMs);
        return [
          ref,
          unanswered
            ? {
                ...requeued(attempts, decision.error, dueMs, digest),
                'delivery.unanswered': Timestamp.fromMillis(nowMs),
              }
            : requeued(attempts, decision.error, dueMs),
        ];
      }
      case 'ended':
        return [ref, { ...failed(attempts, decision.error), ...(hasPicture ? cleanPictureFrom(nowMs) : {}) }];
    }
  });
}

/**
 * Refused for good, a digest of several is sent again in halves, so only the message the server
 * refuses ends (refused for good is so whatever a message's attempts).
 */
const splits = (work: DigestWork, decision: Decision): boolean =>
  work.items.length > 1 && decision.kind === 'ended' && decision.forGood;

const noNotices: Notices = { ids: [], lines: [] };

/** Where and when a digest is sent, and how its email is rendered. */
type DigestRun = {
  db: Firestore;
  /** The digest's id: its messages' claim. */
  id: string;
  nowMs: number;
  render: (work: DigestWork) => Promise<ReturnType<typeof renderDigest>>;
  markDaySpent: () => Promise<void>;
  sleep: (ms: number) => Promise<void>;
};

/**
 * The digest's job for the runner (pipeline.ts). Take: the queue's candidates, in transactions.
 * Send the digest of them and record what came of it on each (decided on its own attempts):
 * SUCCESS with the digest's Message-ID; back to the queue; ERROR. Refused for good, each half
 * is sent again as a digest of its own (`id-1`, `id-2`), down to the single message the server
 * refuses, which alone ends in ERROR. Once the server says the account's quota is spent, or the
 * mail account fails, the parts not sent yet wait without a send. What it came to adds up in
 * `sending`.
 */
function digestJob(
  run: DigestRun,
  sending: Sending,
  take: () => Promise<DigestWork | undefined>,
): Job<DigestWork, void, void> {
  const { db, nowMs } = run;
  return {
    async take() {
      const work = await take();
      return work ? { kind: 'taken', work } : { kind: 'settled', outcome: undefined };
    },
    render: (work) => run.render(work),
    known() {
      if (sending.account) return { kind: 'account', failure: sending.account, error: heldFor(sending.account) };
      return sending.quota ? { kind: 'quota' } : undefined;
    },
    context: ({ items }, _tries, now) => ({ attempts: items[0]?.attempts ?? 1, quickRetryLeft: false, nowMs: now }),
    async record(work, decision, sent) {
      if (!splits(work, decision)) await recordDigest(db, run.id, outcomes(work.items, decision, sent, nowMs, work.id));
    },
    async after({ work, sent, decision, recorded }) {
      const done = { kind: 'done', outcome: undefined } as const;
      if (recorded === 'unrecorded') logEvent('digestUnrecorded', { digest: work.id, messages: work.items.length });
      if (sent?.kind === 'sent') {
        // Every email sent counts once against the day's, this digest's and each half's alike;
        // a count the database refuses is tried again as an outcome is (a count lost would let
        // the day's emails pass the mail account's quota).
        sending.emails += 1;
        const counted = await recordWithRetries(() => countEmail(db, nowMs), { sleep: run.sleep });
        if (counted === 'unrecorded') logEvent('digestUncounted', { digest: work.id });
        await markReported(db, work.notices);
        return done;
      }
      if (!sent || decision.kind === 'account' || decision.kind === 'quota') {
        sending.requeued += work.items.length;
        if (sent && decision.kind === 'account') sending.account = decision.failure;
        if (sent && decision.kind === 'quota') {
          sending.quota = true;
          await run.markDaySpent();
        }
        return done;
      }
      if (splits(work, decision)) {
        logEvent('digestSplit', { digest: work.id, messages: work.items.length, code: sent.failure.responseCode });
        const half = Math.ceil(work.items.length / 2);
        return {
          kind: 'parts',
          works: [
            { ...work, items: work.items.slice(0, half), id: `${work.id}-1` },
            { ...work, items: work.items.slice(half), id: `${work.id}-2`, notices: noNotices },
          ],
        };
      }
      for (const item of work.items) {
        const itemDecision = decisionFor(item, decision, sent, nowMs);
        if (itemDecision.kind === 'ended')
          sending.failures.push({ mailId: item.ref.id, reference: item.reference, error: itemDecision.error });
        else sending.requeued += 1;
      }
      return done;
    },
  };
}

/**
 * Sends one digest of the queue's due messages, if any and if the day's emails allow one now,
 * and records the outcome on each message: SUCCESS with the digest's Message-ID; back to the
 * queue on a transient failure or a spent quota; ERROR (each reported, alerts.ts) for a
 * message the server refuses for good, alone, or out of attempts.
 */
export async function sendDigest(
  db: Firestore,
  config: MailConfig,
  options: DigestOptions = {},
): Promise<DigestReport> {
  const now = options.now ?? Date.now;
  const alert = alertSink(options.onAlert);
  const nowMs = now();
  const none = async (outcome: DigestReport['outcome']): Promise<DigestReport> => ({
    digest: null,
    outcome,
    messages: 0,
    waiting: await queuedCount(db),
    emails: 0,
  });

  // The mail account is down: the queue waits for the sweep's try of it (account.ts).
  if (readAccount(await accountRef(db).get()).down) return none('HELD');

  // The day's emails: spent, or running down (then the digests come less often).
  const state = db.collection(collections.mailSweep).doc(digestStateId);
  if (config.limits.perDay > 0) {
    const [{ day }, last] = await Promise.all([readCounts(db, nowMs), state.get()]);
    if (day >= config.limits.perDay) {
      await reportQuota(db, { kind: 'quota', day: dayKey(nowMs), limit: config.limits.perDay }, nowMs, alert);
      return none('SPENT');
    }
    const lastMs: unknown = last.get('lastMs');
    const tolerance = 10_000;
    if (
      typeof lastMs === 'number' &&
      lastMs <= nowMs &&
      nowMs - lastMs + tolerance < digestIntervalMs(config.limits.perDay, day, nowMs)
    ) {
      return none('PACED');
    }
  }

  const found = await candidates(db, nowMs);
  if (found.docs.length === 0) return none('NONE');

  const digest = found.id ?? db.collection(collections.mail).doc().id;
  const projectId = options.projectId ?? process.env.GCLOUD_PROJECT;
  const sending: Sending = { failures: [], emails: 0, quota: false, requeued: 0 };
  let taken: DigestWork | undefined;
  const job = digestJob(
    {
      db,
      id: digest,
      nowMs,
      // The known problems its messages name, in one read for its email.
      render: async ({ items, id, waiting, notices }) => {
        const parts = items.map(({ part }) => part);
        const named = parts.flatMap(({ notice }) => (notice ? [notice] : []));
        const knownProblems = named.length > 0 ? await readKnownProblems(db, named) : undefined;
        // Sent again after a try that met no answer: it says so first.
        const unansweredMs = Math.min(...items.flatMap((item) => item.unansweredMs ?? []));
        const repeat = Number.isFinite(unansweredMs) ? [mayBeARepeat(unansweredMs)] : [];
        return renderDigest(parts, config, { id, waiting }, [...repeat, ...notices.lines], knownProblems);
      },
      markDaySpent: () => markDaySpent(db, config.limits.perDay, nowMs),
      sleep: options.sleep ?? pause,
    },
    sending,
    async () => {
      const chunks = await take(
        db,
        found.docs.map((snapshot) => snapshot.ref),
        digest,
        found.id !== undefined,
        nowMs,
        (id) => ({ id, projectId }),
      );
      for (const { ref, error } of chunks.malformed) {
        await reportFailure(
          db,
          { kind: 'failed', mailId: ref.id, reference: referenceFor(ref.id), error },
          nowMs,
          alert,
        );
      }
      if (chunks.taken.length === 0) return undefined;
      const waiting = await queuedCount(db);
      taken = { items: chunks.taken, id: digest, waiting, notices: await pendingNotices(db) };
      return taken;
    },
  );
  const transport = options.transport ?? getTransport(config.smtp);
  await runJob(job, {
    transport,
    sleep: options.sleep ?? pause,
    now,
    checkAccount: (failure) =>
      proveAccountFailure(transport, { from: config.from, to: config.supportEmail }, failure, now()),
  });
  if (!taken) return none('NONE');
  const { items, waiting } = taken;
  if (sending.emails > 0) await state.set({ lastMs: nowMs });
  if (sending.account) await markAccountDown(db, sending.account, now(), alert);
  const outcome: DigestReport['outcome'] = sending.account
    ? 'HELD'
    : sending.failures.length > 0
      ? 'ERROR'
      : sending.requeued > 0
        ? 'QUEUED'
        : 'SUCCESS';
  if (sending.emails > 0) {
    alert({ kind: 'digest', digest, messages: items.length - sending.requeued - sending.failures.length, waiting });
  }
  if (sending.quota) {
    await reportQuota(db, { kind: 'quota', day: dayKey(nowMs), limit: config.limits.perDay }, nowMs, alert);
  }
  for (const failure of sending.failures) await reportFailure(db, { kind: 'failed', ...failure }, now(), alert);
  return { digest, outcome, messages: items.length, waiting: waiting + sending.requeued, emails: sending.emails };
}
