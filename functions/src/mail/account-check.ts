import { classifySendError, type SendFailure } from './retry-policy.js';
import type { OutgoingEmail } from './outgoing-email.js';
import type { MailTransport } from './transport.js';
import type { RunIo } from './pipeline.js';

// A failure that a message met proves nothing of the mail account by itself: the server may
// have answered that one message (its content, its size, a filter that stalled on it), and a
// message held as "the account is down" would hold every other one behind it. So a failure
// that may be the account's (retry-policy.ts, `account`) is proven by what carries nothing of
// a visitor's:
//   - itself, when the server refused the session for good before the message (a 5xx to the
//     login, the sender or the recipient: the operator's settings, the same for every email);
//   - a login of our own (connect, greet, log in, quit: nodemailer's verify) for any other
//     failure of the connection or the login (a 4xx, a server out of reach);
//   - a message of our own, to the same support address as every message (only a message
//     meets what a server says at the end of DATA), for a reply to the message, a refusal of
//     the envelope for now, or no answer at all.
// Only when the proof fails too is the account down (account.ts); else the failure is the
// message's. The sweep tries an account that is down the same way (a login when it failed at
// the login, else a message of our own), never with a held message. The team sees a check's
// message only when it went through: after one message met a suspect failure, or once when a
// mended account is tried.
//
// A check that went through stands for a minute on this instance, and checks asked for at
// the same time share one, so a burst of failures costs one check, not one each.

/** How a check tries the account: a login, or a message of our own. */
export type CheckKind = 'login' | 'message';

/** Where a check's message goes: from the sender, to the support address, as every message does. */
export type CheckAddresses = { from: string; to: string };

/** What proves a suspected failure of the account: itself, a login, or a message of our own. */
export function proofOf(failure: Pick<SendFailure, 'responseCode' | 'stage'>): 'itself' | CheckKind {
  if (failure.responseCode !== null && failure.responseCode >= 500 && failure.stage !== 'message') return 'itself';
  return tryWith(failure);
}

/** How the sweep tries an account that went down with this failure. */
export function tryWith(failure: Pick<SendFailure, 'stage'>): CheckKind {
  return failure.stage === 'login' ? 'login' : 'message';
}

/** What a check needs: the transport (its `verify` logs in without sending). */
export type CheckTransport = MailTransport & { verify?: () => Promise<unknown> };

/** How long a check that went through stands for the account on this instance. */
export const checkHoldsMs = 60_000;

const passedAt = new WeakMap<CheckTransport, Map<CheckKind, number>>();
const running = new WeakMap<CheckTransport, Map<CheckKind, Promise<SendFailure | undefined>>>();

/** The check's own email: from the sender to the support address, nothing of any visitor's. */
export function checkEmail({ from, to }: CheckAddresses, nowMs: number): OutgoingEmail {
  const when = new Date(nowMs).toISOString();
  const text = [
    `A check of the mail account by the support site's mail function, ${when}.`,
    "An email met an error that could have been the mail account's. This one carries nothing of a visitor's: that it arrived shows the account can send, so the error was that email's own and it is retried on its own schedule. Nothing needs doing.",
  ].join('\n\n');
  return {
    from,
    to,
    subject: 'Mail account check: it can send (nothing to do)',
    headers: { 'Auto-Submitted': 'auto-generated' },
    text,
    html: text
      .split('\n\n')
      .map((paragraph) => `<p>${paragraph.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</p>`)
      .join('\n'),
  };
}

/**
 * Proves a failure that may be the mail account's (`proofOf`): resolves to the failure that
 * proves it (the send's own, or the check's), or undefined when the check went through (or
 * failed for a reason that is not the account's, which shows the account can send). Never throws.
 */
export async function proveAccountFailure(
  transport: CheckTransport,
  addresses: CheckAddresses,
  failure: SendFailure,
  nowMs: number,
): Promise<SendFailure | undefined> {
  const proof = proofOf(failure);
  return proof === 'itself' ? failure : checkAccount(transport, addresses, proof, nowMs);
}

/**
 * Checks the mail account the given way; resolves to the check's failure when the account
 * fails it, or undefined when it went through. `fresh`: not answered from a recent pass (the
 * sweep's try of an account that is down). Never throws.
 */
export async function checkAccount(
  transport: CheckTransport,
  addresses: CheckAddresses,
  kind: CheckKind,
  nowMs: number,
  { fresh = false }: { fresh?: boolean } = {},
): Promise<SendFailure | undefined> {
  const passes = passedAt.get(transport) ?? new Map<CheckKind, number>();
  passedAt.set(transport, passes);
  // A message of our own that went through proves a login too.
  const last = Math.max(passes.get(kind) ?? -Infinity, passes.get('message') ?? -Infinity);
  if (!fresh && nowMs >= last && nowMs - last < checkHoldsMs) return undefined;
  const inFlight = running.get(transport) ?? new Map<CheckKind, Promise<SendFailure | undefined>>();
  running.set(transport, inFlight);
  let check = inFlight.get(kind);
  if (!check) {
    check = runCheck(transport, addresses, kind, nowMs).finally(() => inFlight.delete(kind));
    inFlight.set(kind, check);
  }
  const failure = await check;
  if (!failure) passes.set(kind, nowMs);
  else passes.clear();
  return failure;
}

async function runCheck(
  transport: CheckTransport,
  addresses: CheckAddresses,
  kind: CheckKind,
  nowMs: number,
): Promise<SendFailure | undefined> {
  try {
    if (kind === 'login' && transport.verify) await transport.verify();
    else await transport.sendMail(checkEmail(addresses, nowMs));
    return undefined;
  } catch (error) {
    const failure = classifySendError(error);
    return failure.account ? failure : undefined;
  }
}

/**
 * The runner's I/O (pipeline.ts) for the functions' emails: the transport, the pauses, the
 * clock, and the proof of an account failure by a check from the operator's sender to
 * `addresses.to`.
 */
export function mailRunIo(
  transport: MailTransport,
  addresses: { from: string; to: string },
  { sleep, now }: Pick<RunIo, 'sleep' | 'now'>,
): RunIo {
  return {
    transport,
    sleep,
    now,
    checkAccount: (failure) => proveAccountFailure(transport, addresses, failure, now()),
  };
}
