import { FieldValue, Timestamp, type DocumentReference, type DocumentSnapshot } from 'firebase-admin/firestore';
import { logEvent } from '../log.js';
import { markAccountDown, readAccount, accountRef } from './smtp-account.js';
import { raiseWarning, reportQuota } from './alerts.js';
import { dayCount, hourCount, takeTicket, type Ticket } from './budget.js';
import { markDaySpent } from './counters.js';
import type { Decision, Sent } from './decide.js';
import { settle, type Settlement } from './settlement.js';
import { stableMessageId, type OutgoingEmail } from './outgoing-email.js';
import { runJob, type Job, type Take } from './runner.js';
import { runIo, type EmailPlatform } from './platform.js';

// One of the site's own emails to one address (the weekly help report, a deletion
// confirmation), sent once however many runs meet and whatever the SMTP server does. Every such
// kind sends through `sendOnce` and writes nothing of its own about the send:
//   - a lease, taken in a transaction on the email's record (a map field of a document the kind
//     owns), so two runs never send it side by side; ended, the record says so for good;
//   - the gate every email passes: not while the SMTP account is down (smtp-account.ts), and a
//     ticket under the day's budget and the kind's hourly budget, if it has one (budget.ts),
//     counted before the send and given back when it does not go;
//   - the send through the one runner (runner.ts), decided by decide.ts: a failure for now
//     waits (`nextTryMs`, send-failures.ts's back-off; the run says LATER or WAITING and a later
//     one sends it), a failure of the SMTP account or its quota holds it without spending an
//     attempt, a refusal for good or the last attempt ends it (FAILED, with an alert);
//   - a send that met no answer once the email was on its way may have reached its reader: the
//     next says so first ("may have reached you already", the same Message-ID), and a second
//     silence ends it (FAILED, with an alert that says how to send it again: `npm run
//     mail:resend`), so it arrives twice at most.

/** The state of a site email's record: being sent, sent, ended unsent, over its hourly budget. */
export type OnceState = 'SENDING' | 'SENT' | 'FAILED' | 'CAPPED';
const ended: readonly string[] = ['SENT', 'FAILED', 'CAPPED'];

/** A site email's record, as its map field holds it. */
export type OnceRecord = {
  state?: OnceState;
  leaseUntil?: number;
  /** Sends tried; a hold (the SMTP account down, the day's emails spent) spends none. */
  attempts?: number;
  /** When a send met no answer once the email was on its way. */
  unansweredMs?: number;
  /** Not tried again before this (the back-off after a failure for now). */
  nextTryMs?: number;
  /** The last failure, in the server's words (never the email's text). */
  error?: string;
  sentAt?: Timestamp;
};

/** What a run of `sendOnce` came to. */
export type OnceOutcome =
  /** The server took it now. */
  | 'SENT'
  /** Ended unsent now: refused for good, out of attempts, or met twice by no answer. */
  | 'FAILED'
  /** Ended unsent now: over the kind's hourly budget. */
  | 'CAPPED'
  /** Ended by an earlier run (SENT, FAILED or CAPPED). */
  | 'DONE'
  /** Another run holds the lease. */
  | 'BUSY'
  /** A failure for now, and its next try is not due yet. */
  | 'WAITING'
  /** Held: the SMTP account is down. */
  | 'HELD'
  /** Held for the day: its emails are spent (the site's count for the day, or the account's quota). */
  | 'DAY_SPENT'
  /** Failed for now: a later run tries again. */
  | 'LATER';

/** The kinds of site email, as the logs and the alerts name them. */
export type SiteEmailKind = 'help-report' | 'deletion-confirmation';

/** Where an email's record lives: a map field of a document its kind owns. */
export type OncePlace = { ref: DocumentReference; field: string };

export type OnceEmail = {
  kind: SiteEmailKind;
  /** Its key among its kind's (the week, the deletion's record): its Message-ID, and its warning's id. */
  key: string;
  place: OncePlace;
  /** The email; `repeatOf`: when an earlier send met no answer, so this one says it may be a repeat. */
  render(
    repeatOf: number | undefined,
  ): Omit<OutgoingEmail, 'from' | 'messageId'> | Promise<Omit<OutgoingEmail, 'from' | 'messageId'>>;
  /** An hourly budget of its own (budget.ts, hourCount): over it, the email ends CAPPED. */
  perHour?: { counter: string; cap: number };
  /** Its recipient is not the support address: a refusal of the recipient is then this email's own. */
  toOthers?: boolean;
  /** How it can be sent again once it ended unsent, in words for the alert. */
  sendAgain: string;
};

/** How long a run may take to send before another may try. */
export const onceLeaseMs = 10 * 60_000;

/** A site email's record as a snapshot holds it (a record of an older shape: its state only). */
export function readOnce(snapshot: DocumentSnapshot, field: string): OnceRecord {
  const value: unknown = snapshot.get(field);
  if (typeof value === 'string') return { state: value as OnceState };
  return value && typeof value === 'object' ? value : {};
}

/** The record's change, as a merge of its map field. */
const change = ({ ref, field }: OncePlace, fields: Record<string, unknown>) =>
  ref.set({ [field]: fields }, { merge: true });

const lease = { state: FieldValue.delete(), leaseUntil: FieldValue.delete() };

type Work = { attempts: number; unansweredMs: number | undefined; tickets: Ticket[] };

/** The lease, in a transaction: the record's attempts so far, or why this run does not send. */
async function takeLease(place: OncePlace, nowMs: number): Promise<OnceRecord | OnceOutcome> {
  return place.ref.firestore.runTransaction(async (tx) => {
    const record = readOnce(await tx.get(place.ref), place.field);
    if (record.state && ended.includes(record.state)) return 'DONE';
    if (record.state === 'SENDING' && (record.leaseUntil ?? 0) > nowMs) return 'BUSY';
    if ((record.nextTryMs ?? 0) > nowMs) return 'WAITING';
    tx.set(place.ref, { [place.field]: { state: 'SENDING', leaseUntil: nowMs + onceLeaseMs } }, { merge: true });
    return record;
  });
}

/** The gate every site email passes: the SMTP account up, then a ticket under each budget. */
async function passGate(
  platform: EmailPlatform,
  email: OnceEmail,
  nowMs: number,
): Promise<{ tickets: Ticket[] } | 'HELD' | 'DAY_SPENT' | 'CAPPED'> {
  const { db, perDay, sleep } = platform;
  if (readAccount(await accountRef(db).get()).down) return 'HELD';
  const day = await takeTicket(dayCount(db, nowMs), perDay, { sleep });
  if (day.verdict === 'over') return 'DAY_SPENT';
  if (!email.perHour) return { tickets: [day] };
  const hour = await takeTicket(hourCount(db, email.perHour.counter, nowMs), email.perHour.cap, { sleep });
  if (hour.verdict === 'under') return { tickets: [day, hour] };
  await day.release();
  return 'CAPPED';
}

async function take(platform: EmailPlatform, email: OnceEmail): Promise<Take<Work, OnceOutcome>> {
  const nowMs = platform.now();
  const record = await takeLease(email.place, nowMs);
  if (typeof record === 'string') return { kind: 'settled', outcome: record };
  const gate = await passGate(platform, email, nowMs);
  if (typeof gate !== 'string') {
    return {
      kind: 'taken',
      work: { attempts: record.attempts ?? 0, unansweredMs: record.unansweredMs, tickets: gate.tickets },
    };
  }
  await change(email.place, gate === 'CAPPED' ? { state: 'CAPPED', leaseUntil: FieldValue.delete() } : lease);
  logEvent(gate === 'CAPPED' ? 'siteEmailCapped' : 'siteEmailHeld', { kind: email.kind, why: gate });
  return { kind: 'settled', outcome: gate };
}

/** The silence a settlement remembers, as the record keeps it. */
const silenceOf = (settled: Settlement) =>
  'unansweredMs' in settled && settled.unansweredMs !== undefined ? { unansweredMs: settled.unansweredMs } : {};

/**
 * A settlement (settlement.ts) as a site email's record keeps it, and what the run came to: a
 * hold spends no attempt and keeps a silence, so the next send still says it may be a repeat.
 */
export function onceOutcome(
  settled: Settlement,
  nowMs: number,
): { record: Record<string, unknown>; outcome: OnceOutcome } {
  switch (settled.kind) {
    case 'sent':
      return {
        record: {
          state: 'SENT',
          leaseUntil: FieldValue.delete(),
          attempts: settled.attempts,
          sentAt: Timestamp.fromMillis(nowMs),
        },
        outcome: 'SENT',
      };
    case 'ended':
      return {
        record: { state: 'FAILED', leaseUntil: FieldValue.delete(), attempts: settled.attempts, error: settled.error },
        outcome: 'FAILED',
      };
    case 'again':
    case 'waits':
      return {
        record: {
          ...lease,
          attempts: settled.attempts,
          error: settled.error,
          nextTryMs: settled.kind === 'waits' ? settled.dueMs : nowMs,
          ...silenceOf(settled),
        },
        outcome: 'LATER',
      };
    case 'held':
      return settled.for === 'account'
        ? { record: { ...lease, error: settled.error, ...silenceOf(settled) }, outcome: 'HELD' }
        : { record: { ...lease, nextTryMs: settled.dueMs }, outcome: 'DAY_SPENT' };
  }
}

/** What a send of a site email settles to: the record's attempts and silence carried on. */
function settledFor(work: Work, decision: Decision, sent: Sent | undefined, nowMs: number): Settlement {
  const silent = sent?.kind === 'failed' && sent.failure.unanswered;
  const step = { attempts: work.attempts + 1, before: work.attempts, unansweredMs: silent ? nowMs : work.unansweredMs };
  return settle(decision, step, nowMs);
}

function onceJob(platform: EmailPlatform, email: OnceEmail): Job<Work, OnceOutcome, OnceOutcome> {
  const { db, now } = platform;
  const path = `${email.place.ref.path}#${email.place.field}`;
  return {
    take: () => take(platform, email),
    async render(work) {
      const rendered = await email.render(work.unansweredMs);
      return { ...rendered, from: platform.from, messageId: stableMessageId(email.kind, email.key, platform.from) };
    },
    context: (work, _tries, nowMs) => ({
      attempts: work.attempts + 1,
      quickRetryLeft: false,
      nowMs,
      unansweredBefore: work.unansweredMs !== undefined,
    }),
    async record(work, decision, sent) {
      const { record, outcome } = onceOutcome(settledFor(work, decision, sent, now()), now());
      await change(email.place, record);
      return outcome;
    },
    async after({ work, sent, decision, recorded }) {
      const outcome =
        recorded === 'unrecorded' ? onceOutcome(settledFor(work, decision, sent, now()), now()).outcome : recorded;
      const failure = sent?.kind === 'failed' ? sent.failure : undefined;
      const codes = { kind: email.kind, record: path, code: failure?.code, responseCode: failure?.responseCode };
      if (decision.kind === 'sent') {
        logEvent(recorded === 'unrecorded' ? 'siteEmailUnrecorded' : 'siteEmailSent', {
          kind: email.kind,
          record: path,
        });
        return { kind: 'done', outcome };
      }
      for (const ticket of work.tickets) await ticket.release().catch(() => undefined);
      if (decision.kind === 'account') await markAccountDown(db, decision.failure, now(), platform.alert);
      if (decision.kind === 'quota') await daySpent(platform);
      if (decision.kind === 'ended') {
        logEvent('siteEmailEnded', codes);
        const alert = {
          kind: 'site-email',
          emailKind: email.kind,
          record: path,
          error: decision.error,
          again: email.sendAgain,
        } as const;
        platform.alert(alert);
        await raiseWarning(db, `${email.kind}-${email.key}`, alert, now()).catch(() => undefined);
      } else {
        logEvent('siteEmailLater', { ...codes, outcome });
      }
      return { kind: 'done', outcome };
    },
  };
}

/** The server said the account's quota is spent: the day is marked so, and the team hears once. */
async function daySpent({ db, perDay, now, alert }: EmailPlatform): Promise<void> {
  await markDaySpent(db, perDay, now()).catch(() => undefined);
  await reportQuota(db, perDay, now(), alert);
}

/**
 * Sends a site email once (see the top of this file) and resolves to what this run came to.
 * A failure of the recipient is the email's own when it goes to others than the support address.
 */
export async function sendOnce(platform: EmailPlatform, email: OnceEmail): Promise<OnceOutcome> {
  const io = runIo(platform);
  return runJob(onceJob(platform, email), {
    ...io,
    checkAccount: (failure) =>
      email.toOthers && failure.stage === 'recipient' ? Promise.resolve(undefined) : io.checkAccount(failure),
  });
}

/**
 * Lets an ended site email be sent again (an operator's `npm run mail:resend`): its record
 * waits once more, with its attempts and silences forgotten. Resolves to the state it had.
 */
export async function resendOnce(place: OncePlace): Promise<OnceState | undefined> {
  return place.ref.firestore.runTransaction(async (tx) => {
    const record = readOnce(await tx.get(place.ref), place.field);
    tx.set(place.ref, { [place.field]: FieldValue.delete() }, { merge: true });
    return record.state;
  });
}
