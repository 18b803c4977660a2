import { collections } from '../contracts/collections.js';
import { escapeHtml } from '../contracts/html-text.js';
import { dayCount, takeTicket } from './budget.js';
import { dayKey } from './counters.js';
import { mayBeARepeat, stableMessageId, type OutgoingEmail } from './outgoing-email.js';
import type { Firestore } from 'firebase-admin/firestore';
import { sendEmail } from './runner.js';
import { proofOf, type CheckKind } from './smtp-account.js';
import { classifySendError, type SendFailure } from './send-failures.js';
import type { MailTransport } from './transport.js';

// A failure that a message met proves nothing of the SMTP account by itself: the server may
// have answered that one message (its content, its size, a filter that stalled on it), and a
// message held as "the account is down" would hold every other one behind it. So a failure
// that may be the account's (send-failures.ts, `account`) is proven by what carries nothing of
// a visitor's:
//   - itself, when the server refused the session for good before the message (a 5xx to the
//     login, the sender or the recipient: the operator's settings, the same for every email);
//   - a login of our own (connect, greet, log in, quit: nodemailer's verify) for any other
//     failure of the connection or the login (a 4xx, a server out of reach);
//   - a message of our own, to the same support address as every message (only a message
//     meets what a server says at the end of DATA), for a reply to the message, a refusal of
//     the envelope for now, or no answer at all.
// Only when the proof fails too is the account down (smtp-account.ts); else the failure is the
// message's. The sweep tries an account that is down the same way (a login when it failed at
// the login, else a message of our own), never with a held message. The team sees a check's
// message only when it went through: after one message met a suspect failure, or once when a
// mended account is tried.
//
// A check that went through stands for a minute on this instance, and checks asked for at
// the same time share one, so a burst of failures costs one check, not one each. Across
// instances there is one check by message a minute at most (`MailSweep/account-check`, written
// once a minute at most), and it is one of the day's emails, counted first like every other
// (budget.ts): with the day spent, no check is made and nothing is proven.
//
// A check by message that met no answer once it was on its way may have arrived, as any email
// may (decide.ts): the next check of the day goes with the same Message-ID and says first that
// it may be a repeat; after a second silence the day's checks go by login alone, so a server
// that stalls on every email sends the team two checks a day at most, the second labelled.

/** The document that keeps the minute's check of each kind, for every instance. */
export const accountCheckId = 'account-check';
const checkRef = (db: Firestore) => db.collection(collections.mailSweep).doc(accountCheckId);

/** How long a check that went through stands for the account on this instance. */
export const checkHoldsMs = 60_000;

/** What a check came to: it went through, the account failed it, or it was not tried (the day's emails are spent). */
export type CheckResult = { kind: 'passed' } | { kind: 'failed'; failure: SendFailure } | { kind: 'not-tried' };

/** What a check is made with: the platform's database, transport, addresses, budget and pauses. */
export type CheckPlatform = {
  db: Firestore;
  transport: MailTransport;
  from: string;
  supportEmail: string;
  /** The day's emails (budget.ts); 0 for no cap. */
  perDay: number;
  sleep: (ms: number) => Promise<void>;
};

const passedAt = new WeakMap<MailTransport, Map<CheckKind, number>>();
const running = new WeakMap<MailTransport, Map<CheckKind, Promise<CheckResult>>>();

/** A check by message that met no answer today: when it did, and how many did (`silencesPerDay` at most). */
type Silence = { day: string; firstMs: number; count: number };

/** Checks by message a day that may meet no answer before the day's checks go by login alone. */
export const silencesPerDay = 2;

/**
 * The check's own email, from the sender to the support address, nothing of any visitor's;
 * `repeatOf`: when today's check met no answer, so this one says it may be a repeat of that one.
 */
export function checkEmail(
  { from, to }: { from: string; to: string },
  nowMs: number,
  repeatOf?: number,
): OutgoingEmail {
  const when = new Date(nowMs).toISOString();
  const text = [
    ...(repeatOf === undefined ? [] : [mayBeARepeat(repeatOf)]),
    `A check of the SMTP account by the support site's mail function, ${when}.`,
    "An email met an error that could have been the SMTP account's. This one carries nothing of a visitor's: that it arrived shows the account can send, so the error was that email's own and it is retried on its own schedule. Nothing needs doing.",
  ];
  return {
    from,
    to,
    messageId: stableMessageId('account-check', String(repeatOf ?? nowMs), from),
    subject: 'SMTP account check: it can send (nothing to do)',
    headers: { 'Auto-Submitted': 'auto-generated' },
    text: text.join('\n\n'),
    html: text.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join('\n'),
  };
}

/**
 * Proves a failure that may be the SMTP account's (`proofOf`): resolves to the failure that
 * proves it (the send's own, or the check's), or undefined when the check went through, failed
 * for a reason that is not the account's (which shows the account can send), or could not be
 * made: nothing then proves the account failed, and the failure is the email's own. Never throws.
 */
export async function proveAccountFailure(
  platform: CheckPlatform,
  failure: SendFailure,
  nowMs: number,
): Promise<SendFailure | undefined> {
  const proof = proofOf(failure);
  if (proof === 'itself') return failure;
  const result = await checkAccount(platform, proof, nowMs);
  return result.kind === 'failed' ? result.failure : undefined;
}

/**
 * Checks the SMTP account the given way. A check that went through stands a minute on this
 * instance, and checks asked for at once share one. A check by message is one of the day's
 * emails (budget.ts), and one a minute across instances (`MailSweep/account-check`): another
 * asking in the same minute reads its result, or, while it is under way, is told it was not
 * tried. `fresh`: the sweep's try of an account that is down, paced by smtp-account.ts: neither the
 * instance's memory nor the minute's check answers it. Never throws.
 */
export async function checkAccount(
  platform: CheckPlatform,
  kind: CheckKind,
  nowMs: number,
  { fresh = false }: { fresh?: boolean } = {},
): Promise<CheckResult> {
  const { transport } = platform;
  const passes = passedAt.get(transport) ?? new Map<CheckKind, number>();
  passedAt.set(transport, passes);
  if (!fresh && passedRecently(passes, kind, nowMs)) return { kind: 'passed' };
  const inFlight = running.get(transport) ?? new Map<CheckKind, Promise<CheckResult>>();
  running.set(transport, inFlight);
  let check = inFlight.get(kind);
  if (!check) {
    // A check by message is an email to the team: one a minute across instances. A login sends nothing.
    const shared = !fresh && kind === 'message';
    check = (shared ? oncePerMinute(platform, kind, nowMs) : runCheck(platform, kind, nowMs)).finally(() =>
      inFlight.delete(kind),
    );
    inFlight.set(kind, check);
  }
  const result = await check;
  if (result.kind === 'passed') passes.set(kind, nowMs);
  if (result.kind === 'failed') passes.clear();
  return result;
}

/** Whether a check of this kind went through on this instance within `checkHoldsMs` (a message of our own proves a login too). */
function passedRecently(passes: Map<CheckKind, number>, kind: CheckKind, nowMs: number): boolean {
  const last = Math.max(passes.get(kind) ?? -Infinity, passes.get('message') ?? -Infinity);
  return nowMs >= last && nowMs - last < checkHoldsMs;
}

/** The minute a check belongs to: `2060-01-01T09:15`. */
const minuteOf = (nowMs: number) => new Date(nowMs).toISOString().slice(0, 16);

/** The minute's check of one kind, as `MailSweep/account-check` keeps it. */
type MinuteCheck = { minute: string; result?: CheckResult };

/** The minute's check: this instance's to make, or the result another instance found (not tried while it runs). */
async function oncePerMinute(platform: CheckPlatform, kind: CheckKind, nowMs: number): Promise<CheckResult> {
  const ref = checkRef(platform.db);
  const minute = minuteOf(nowMs);
  const found = await platform.db
    .runTransaction(async (tx) => {
      const current = (await tx.get(ref)).get(kind) as MinuteCheck | undefined;
      if (current?.minute === minute) return current.result ?? { kind: 'not-tried' as const };
      tx.set(ref, { [kind]: { minute } satisfies MinuteCheck }, { merge: true });
      return undefined;
    })
    .catch(() => undefined);
  if (found) return found;
  const result = await runCheck(platform, kind, nowMs);
  await ref.set({ [kind]: { minute, result } satisfies MinuteCheck }, { merge: true }).catch(() => undefined);
  return result;
}

/** Today's silences of checks by message (none when the document cannot be read: the check is made). */
async function silenceOf(db: Firestore, nowMs: number): Promise<Silence | undefined> {
  const found = (
    await checkRef(db)
      .get()
      .catch(() => undefined)
  )?.get('silence') as Silence | undefined;
  return found?.day === dayKey(nowMs) ? found : undefined;
}

async function runCheck(platform: CheckPlatform, kind: CheckKind, nowMs: number): Promise<CheckResult> {
  const { transport } = platform;
  const silence = kind === 'message' ? await silenceOf(platform.db, nowMs) : undefined;
  const silenced = (silence?.count ?? 0) >= silencesPerDay;
  if (kind === 'login' || silenced) {
    if (transport.verify) return byLogin(transport);
    if (silenced) return { kind: 'not-tried' };
  }
  return byMessage(platform, nowMs, silence);
}

/** A login of our own: connect, greet, log in, quit. */
async function byLogin(transport: MailTransport): Promise<CheckResult> {
  try {
    await transport.verify?.();
    return { kind: 'passed' };
  } catch (error) {
    const failure = classifySendError(error);
    return failure.account ? { kind: 'failed', failure } : { kind: 'passed' };
  }
}

/** A message of our own, one of the day's emails; after a silence today, labelled as a repeat of it. */
async function byMessage(platform: CheckPlatform, nowMs: number, silence: Silence | undefined): Promise<CheckResult> {
  const ticket = await takeTicket(dayCount(platform.db, nowMs), platform.perDay, { sleep: platform.sleep }).catch(
    () => undefined,
  );
  if (ticket?.verdict !== 'under') return { kind: 'not-tried' };
  const email = checkEmail({ from: platform.from, to: platform.supportEmail }, nowMs, silence?.firstMs);
  const sent = await sendEmail(platform.transport, email);
  if (sent.kind === 'sent') return { kind: 'passed' };
  const { failure } = sent;
  // No answer once the check may have been on its way: it may have arrived, so it stays counted.
  if (failure.unanswered) {
    const next: Silence = { day: dayKey(nowMs), firstMs: silence?.firstMs ?? nowMs, count: (silence?.count ?? 0) + 1 };
    await checkRef(platform.db)
      .set({ silence: next }, { merge: true })
      .catch(() => undefined);
  } else await ticket.release().catch(() => undefined);
  return failure.account ? { kind: 'failed', failure } : { kind: 'passed' };
}
