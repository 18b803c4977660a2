import type { DocumentReference, DocumentSnapshot, Firestore } from 'firebase-admin/firestore';
import { errorCodes, logEvent } from '../log.js';
import { raiseWarning, type AlertSink } from './alerts.js';
import type { SendFailure } from './send-failures.js';
import { collections } from '../contracts/collections.js';

// What is wrong with the SMTP account is not wrong with the message. When a send fails in a
// way that may be the account's (send-failures.ts, `failureScope`: a refused login, a server
// unreachable or silent, a refusal of the connection) and a check of the account that carries
// nothing of a visitor's fails too (smtp-account-check.ts), the message waits, held (delivery.ts,
// `held`): it never ends in ERROR for it, however long that lasts within its retention, and it
// is not counted against the caps. The account is then marked down in one small document,
// `MailSweep/account`, which every claim reads with the message (no operation of its own):
// while it is down, a new message, a digest and a deletion confirmation are held at once
// instead of trying the login again, and the sweep tries the account at a gentle pace (1, 2,
// 4, 8 minutes, then every 15) with the same check that proved it down, never with a held
// message. The first check that goes through marks the account up, and every held message goes
// out, oldest first, through the same claim and within the same caps as any other. The
// operator hears of it once when it goes down (a log alert and a delivery warning in the first email
// that gets through) and again each day it lasts. The document is written only when the
// account changes state or is tried, never by each message.

/** How a check tries the account: a login, or a message of our own. */
export type CheckKind = 'login' | 'message';

/** What proves a suspected failure of the account: itself, a login, or a message of our own. */
export function proofOf(failure: Pick<SendFailure, 'responseCode' | 'stage'>): 'itself' | CheckKind {
  if (failure.responseCode !== null && failure.responseCode >= 500 && failure.stage !== 'message') return 'itself';
  return tryWith(failure);
}

/** How the sweep tries an account that went down with this failure. */
export function tryWith(failure: Pick<SendFailure, 'stage'>): CheckKind {
  return failure.stage === 'login' ? 'login' : 'message';
}

export const accountStateId = 'account';

/** Pauses between tries of an account that is down: 1, 2, 4, 8 minutes, then every 15. */
export function accountTryDelayMs(tries: number): number {
  return Math.min(60_000 * 2 ** Math.max(0, tries), 15 * 60_000);
}

/** How often the operator hears again while the account stays down. */
export const accountReminderMs = 24 * 60 * 60_000;

/** The account as its document says: up (no document), or down since when, and when it is tried next. */
export type AccountState =
  | { down: false }
  | {
      down: true;
      sinceMs: number;
      reason: string;
      tries: number;
      nextTryMs: number;
      remindedMs: number;
      /** The check that proved it down, and tries it again (smtp-account-check.ts). */
      check: CheckKind;
    };

export const accountRef = (db: Firestore): DocumentReference =>
  db.collection(collections.mailSweep).doc(accountStateId);

/** The state a snapshot of the account's document holds. */
export function readAccount(snapshot: DocumentSnapshot | undefined): AccountState {
  const data = snapshot?.exists ? snapshot.data() : undefined;
  if (data?.down !== true) return { down: false };
  const number = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);
  return {
    down: true,
    sinceMs: number(data.sinceMs),
    reason: typeof data.reason === 'string' ? data.reason : '',
    tries: number(data.tries),
    nextTryMs: number(data.nextTryMs),
    remindedMs: number(data.remindedMs),
    check: data.check === 'login' ? 'login' : 'message',
  };
}

/** One line on why, for the warning and the document: the server's words (an SMTP reply, no message text). */
const reasonOf = (failure: Pick<SendFailure, 'message'>) => failure.message.slice(0, 300);

/**
 * Marks the account down after a send failed for its sake: the first failure writes the
 * document and tells the operator (log alert, and a delivery warning for the first email that gets
 * through); while it is down already, nothing is written. Never throws.
 */
export async function markAccountDown(
  db: Firestore,
  failure: Pick<SendFailure, 'message' | 'code' | 'responseCode' | 'stage'>,
  nowMs: number,
  sink: AlertSink,
): Promise<void> {
  try {
    const ref = accountRef(db);
    const wentDown = await db.runTransaction(async (tx) => {
      if (readAccount(await tx.get(ref)).down) return false;
      tx.set(ref, {
        down: true,
        sinceMs: nowMs,
        reason: reasonOf(failure),
        code: failure.code,
        responseCode: failure.responseCode,
        check: tryWith(failure),
        tries: 0,
        nextTryMs: nowMs + accountTryDelayMs(0),
        remindedMs: nowMs,
      });
      return true;
    });
    if (!wentDown) return;
    const alert = { kind: 'account', sinceMs: nowMs, reason: reasonOf(failure), reminder: false } as const;
    sink(alert);
    await raiseWarning(db, `account-${String(nowMs)}`, alert, nowMs);
  } catch (error) {
    logEvent('accountUnrecorded', { code: errorCodes(error).code });
  }
}

/** Marks the account up after a try went through (a no-op while it is up). Never throws. */
export async function markAccountUp(db: Firestore, nowMs: number): Promise<void> {
  try {
    const ref = accountRef(db);
    const was = await db.runTransaction(async (tx) => {
      const state = readAccount(await tx.get(ref));
      if (state.down) tx.delete(ref);
      return state;
    });
    if (was.down) {
      logEvent('accountWorksAgain', {
        downForMinutes: Math.round((nowMs - was.sinceMs) / 60_000),
        tries: was.tries,
      });
    }
  } catch (error) {
    logEvent('accountUnrecorded', { code: errorCodes(error).code });
  }
}

/**
 * The sweep's look at the account: up; down and not to be tried yet; or down and tried now,
 * by this sweep alone (the next try is set in the same transaction, so two sweeps at once
 * never both try). A day after the last word to the operator, it tells them again.
 */
export async function takeAccountTry(
  db: Firestore,
  nowMs: number,
  sink: AlertSink,
): Promise<{ kind: 'up' | 'wait' } | { kind: 'try'; check: CheckKind }> {
  const ref = accountRef(db);
  const { decision, remind } = await db.runTransaction(async (tx) => {
    const state = readAccount(await tx.get(ref));
    if (!state.down) return { decision: { kind: 'up' as const }, remind: undefined };
    const remindNow = nowMs - state.remindedMs >= accountReminderMs;
    const tryNow = nowMs >= state.nextTryMs;
    if (remindNow || tryNow) {
      tx.update(ref, {
        ...(remindNow ? { remindedMs: nowMs } : {}),
        ...(tryNow
          ? { tries: state.tries + 1, lastTryMs: nowMs, nextTryMs: nowMs + accountTryDelayMs(state.tries + 1) }
          : {}),
      });
    }
    return {
      decision: tryNow ? { kind: 'try' as const, check: state.check } : { kind: 'wait' as const },
      remind: remindNow ? state : undefined,
    };
  });
  if (remind?.down) sink({ kind: 'account', sinceMs: remind.sinceMs, reason: remind.reason, reminder: true });
  return decision;
}
