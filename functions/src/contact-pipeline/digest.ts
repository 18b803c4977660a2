import type { Firestore } from 'firebase-admin/firestore';
import { logEvent } from '../log.js';
import { platformSettings, type MailConfig } from '../config.js';
import { collections } from '../contracts/collections.js';
import { referenceFor } from '../contracts/contact-message.js';
import { accountRef, markAccountDown, readAccount } from '../email/smtp-account.js';
import {
  alertSink,
  markReported,
  pendingWarnings,
  reportFailure,
  reportQuota,
  type AlertSink,
  type Warnings,
} from '../email/alerts.js';
import {
  candidates,
  decisionFor,
  digestOutcomes,
  queuedCount,
  recordDigest,
  claimQueued,
  type DigestItem,
} from './digest-queue.js';
import { dayCount, takeTicket, type Ticket } from '../email/budget.js';
import { markDaySpent } from '../email/counters.js';
import { dayAllows, digestStateId } from './digest-pace.js';
import { renderDigest } from './render-digest.js';
import { mayBeARepeat } from '../email/outgoing-email.js';
import { readKnownProblems } from './known-problems.js';
import { heldFor, type Decision } from '../email/decide.js';
import { pause, type SendFailure } from '../email/send-failures.js';
import { runJob, type Job, type Next, type Step } from '../email/runner.js';
import { emailPlatform, runIo } from '../email/platform.js';
import type { MailTransport } from '../email/transport.js';

// Messages over a cap (caps.ts) wait in state QUEUED, and the sweep sends them together: at
// most one digest per run (every minute), fewer as the day's emails run down, so the SMTP
// volume stays within the caps and the day's quota while nothing is dropped. The queue
// (digest-queue.ts) gives the due messages in their order (`digestTime`: when they were
// queued, later for a sender with many queued already), so the oldest go first and one
// sender's flood waits behind everyone else's; each is shown complete up to a length, a long
// one as its beginning with a link to its document. A digest that cannot be sent for now gives
// them back to the queue, due again after the same back-off as a message of its own; one the
// server refuses for good is split in halves and each sent again, so only the message the
// server refuses ends in ERROR; when the server says the account's quota is spent, they wait
// for the next day.

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
   * are running down); SPENT: the day's emails are spent; HELD: the SMTP account is down
   * (smtp-account.ts), or failed while sending it: its messages keep their place in the queue.
   */
  outcome: 'SUCCESS' | 'QUEUED' | 'ERROR' | 'NONE' | 'PACED' | 'SPENT' | 'HELD';
  /** Messages the digest carried (or tried to). */
  messages: number;
  /** Messages in the queue once it is done (due now or later). */
  waiting: number;
  /** Emails sent (a refused digest is sent again in halves). */
  emails: number;
};

/** What sending a digest (and, refused, its halves) came to. */
type Sending = {
  failures: Array<{ mailId: string; reference: string; error: string }>;
  emails: number;
  /** The server said the account's quota is spent: nothing more is sent today. */
  quota: boolean;
  /** The SMTP account failed (smtp-account.ts): nothing more is sent until it works again. */
  account?: SendFailure;
  requeued: number;
};

/** A digest, or one of a refused digest's halves: its messages, and what its email shows. */
type DigestWork = {
  items: readonly DigestItem[];
  id: string;
  /** Messages waiting in the queue when the digest was taken. */
  waiting: number;
  /** Warnings the email carries (the whole digest's; a refused one's first half). */
  warnings: Warnings;
};

/**
 * Refused for good, a digest of several is sent again in halves, so only the message the server
 * refuses ends (refused for good is so whatever a message's attempts).
 */
const splits = (work: DigestWork, decision: Decision): boolean =>
  work.items.length > 1 && decision.kind === 'ended' && decision.forGood;

const noWarnings: Warnings = { ids: [], lines: [] };

/** Where and when a digest is sent, and how its email is rendered. */
type DigestRun = {
  db: Firestore;
  /** The digest's id: its messages' claim. */
  id: string;
  nowMs: number;
  render: (work: DigestWork) => Promise<ReturnType<typeof renderDigest>>;
  markDaySpent: () => Promise<void>;
  sleep: (ms: number) => Promise<void>;
  /** The day's emails (MAIL_LIMIT_PER_DAY); 0 for no cap. */
  perDay: number;
  /** Each email's ticket under the day's budget, by its id (the digest's, or a half's). */
  tickets: Map<string, Ticket>;
};

/**
 * A digest (or half) that went: every email sent counts once against the day's, this digest's
 * and each half's alike; a count the database refuses is tried again as an outcome is (a count
 * lost would let the day's emails pass the SMTP account's quota).
 */
async function afterSent(run: DigestRun, sending: Sending, work: DigestWork): Promise<void> {
  sending.emails += 1;
  await markReported(run.db, work.warnings);
}

/**
 * The ticket of a digest (or half) under the day's budget (budget.ts), taken before it is sent
 * like every email's: over it, the day's emails are spent, and the digest waits as it would for
 * the server's quota; under it, the digest is counted, and gives its count back if not sent.
 */
async function dayTicket(run: DigestRun, sending: Sending, work: DigestWork): Promise<Decision | undefined> {
  const ticket = await takeTicket(dayCount(run.db, run.nowMs), run.perDay, { sleep: run.sleep });
  if (ticket.verdict === 'over') {
    sending.quota = true;
    return { kind: 'quota' };
  }
  run.tickets.set(work.id, ticket);
  return undefined;
}

/** A digest that was not sent, or failed: what its messages came to, added to `sending`. */
async function afterUnsent(
  run: DigestRun,
  sending: Sending,
  { work, sent, decision }: Step<DigestWork, void>,
): Promise<Next<DigestWork, void> | undefined> {
  if (!sent || decision.kind === 'account' || decision.kind === 'quota') {
    sending.requeued += work.items.length;
    if (sent && decision.kind === 'account') sending.account = decision.failure;
    if (sent && decision.kind === 'quota') {
      sending.quota = true;
      await run.markDaySpent();
    }
    return undefined;
  }
  if (splits(work, decision)) {
    logEvent('digestSplit', {
      digest: work.id,
      messages: work.items.length,
      code: sent.kind === 'failed' ? sent.failure.responseCode : undefined,
    });
    const half = Math.ceil(work.items.length / 2);
    return {
      kind: 'parts',
      works: [
        { ...work, items: work.items.slice(0, half), id: `${work.id}-1` },
        { ...work, items: work.items.slice(half), id: `${work.id}-2`, warnings: noWarnings },
      ],
    };
  }
  for (const item of work.items) {
    const itemDecision = decisionFor(item, decision, sent, run.nowMs);
    if (itemDecision.kind === 'ended')
      sending.failures.push({ mailId: item.ref.id, reference: item.reference, error: itemDecision.error });
    else sending.requeued += 1;
  }
  return undefined;
}

/**
 * The digest's job for the runner (runner.ts). Take: the queue's candidates, in transactions.
 * Send the digest of them and record what came of it on each (decided on its own attempts):
 * SUCCESS with the digest's Message-ID; back to the queue; ERROR. Refused for good, each half
 * is sent again as a digest of its own (`id-1`, `id-2`), down to the single message the server
 * refuses, which alone ends in ERROR. Once the server says the account's quota is spent, or the
 * SMTP account fails, the parts not sent yet wait without a send. What it came to adds up in
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
    known(work) {
      if (sending.account) return { kind: 'account', failure: sending.account, error: heldFor(sending.account) };
      return sending.quota ? { kind: 'quota' } : dayTicket(run, sending, work);
    },
    context: ({ items }, _tries, now) => ({ attempts: items[0]?.attempts ?? 1, quickRetryLeft: false, nowMs: now }),
    async record(work, decision, sent) {
      if (!splits(work, decision))
        await recordDigest(db, run.id, digestOutcomes(work.items, decision, sent, nowMs, work.id));
    },
    async after(step) {
      const { work, sent, recorded } = step;
      if (recorded === 'unrecorded') logEvent('digestUnrecorded', { digest: work.id, messages: work.items.length });
      if (sent?.kind === 'sent') await afterSent(run, sending, work);
      else await run.tickets.get(work.id)?.release();
      const next = sent?.kind === 'sent' ? undefined : await afterUnsent(run, sending, step);
      return next ?? { kind: 'done', outcome: undefined };
    },
  };
}

/** The digest's email: its messages' parts, the known problems they name (one read), the warnings. */
async function renderWork(db: Firestore, config: MailConfig, { items, id, waiting, warnings }: DigestWork) {
  const parts = items.map(({ part }) => part);
  const named = parts.flatMap(({ notice }) => (notice ? [notice] : []));
  const knownProblems = named.length > 0 ? await readKnownProblems(db, named) : undefined;
  // Sent again after a try that met no answer: it says so first.
  const unansweredMs = Math.min(...items.flatMap((item) => item.unansweredMs ?? []));
  const repeat = Number.isFinite(unansweredMs) ? [mayBeARepeat(unansweredMs)] : [];
  return renderDigest(parts, config, { id, waiting }, [...repeat, ...warnings.lines], knownProblems);
}

/** What the digest came to, reported: its alerts, the day spent, each message ended in ERROR. */
async function reportSending(
  run: DigestRun,
  config: MailConfig,
  { items, waiting }: DigestWork,
  sending: Sending,
  { now, alert }: { now: () => number; alert: AlertSink },
): Promise<DigestReport> {
  const { db, id: digest, nowMs } = run;
  if (sending.emails > 0) await db.collection(collections.mailSweep).doc(digestStateId).set({ lastMs: nowMs });
  if (sending.account) await markAccountDown(db, sending.account, now(), alert);
  if (sending.emails > 0) {
    alert({ kind: 'digest', digest, messages: items.length - sending.requeued - sending.failures.length, waiting });
  }
  if (sending.quota) {
    await reportQuota(db, config.limits.perDay, nowMs, alert);
  }
  for (const failure of sending.failures) await reportFailure(db, { kind: 'failed', ...failure }, now(), alert);
  const outcome: DigestReport['outcome'] = sending.account
    ? 'HELD'
    : sending.failures.length > 0
      ? 'ERROR'
      : sending.requeued > 0
        ? 'QUEUED'
        : 'SUCCESS';
  return { digest, outcome, messages: items.length, waiting: waiting + sending.requeued, emails: sending.emails };
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
  // The SMTP account is down: the queue waits for the sweep's try of it (smtp-account.ts).
  if (readAccount(await accountRef(db).get()).down) return none('HELD');
  const notNow = await dayAllows(db, config.limits.perDay, nowMs, alert);
  if (notNow) return none(notNow);
  const found = await candidates(db, nowMs);
  if (found.docs.length === 0) return none('NONE');

  const projectId = options.projectId ?? process.env.GCLOUD_PROJECT;
  const run: DigestRun = {
    db,
    id: found.id ?? db.collection(collections.mail).doc().id,
    nowMs,
    render: (work) => renderWork(db, config, work),
    markDaySpent: () => markDaySpent(db, config.limits.perDay, nowMs),
    sleep: options.sleep ?? pause,
    perDay: config.limits.perDay,
    tickets: new Map(),
  };
  const sending: Sending = { failures: [], emails: 0, quota: false, requeued: 0 };
  let taken: DigestWork | undefined;
  const take = async () => {
    const refs = found.docs.map((snapshot) => snapshot.ref);
    const chunks = await claimQueued(db, refs, {
      digest: run.id,
      resending: found.id !== undefined,
      nowMs,
      source: (id) => ({ id, projectId }),
    });
    for (const { ref, error } of chunks.malformed) {
      await reportFailure(db, { kind: 'failed', mailId: ref.id, reference: referenceFor(ref.id), error }, nowMs, alert);
    }
    if (chunks.claimed.length === 0) return undefined;
    taken = { items: chunks.claimed, id: run.id, waiting: await queuedCount(db), warnings: await pendingWarnings(db) };
    return taken;
  };
  const platform = emailPlatform(db, platformSettings(config), { transport: options.transport, sleep: run.sleep, now });
  await runJob(digestJob(run, sending, take), runIo(platform));
  return taken ? reportSending(run, config, taken, sending, { now, alert }) : none('NONE');
}
