import { nextDayMs } from './counters.js';
import type { Decision, DeliveryInfo } from './decide.js';

// What a decision (decide.ts) does to an email's record, the same for every kind of email: a
// message sent alone, each message a digest carried, a site email. This one table says which
// attempts a send spends (none when it is held), when the email is due again, and which silence
// it remembers; each kind writes the settlement in its record's shape and nothing more (the
// contact pipeline's delivery-decisions.ts for a message's `delivery`, send-once.ts for a site
// email's record).

/** What one send came to besides its decision: the attempts with it, and when it met no answer. */
export type SendStep = {
  /** Attempts so far, this send included. */
  attempts: number;
  /** Attempts before this run: what an email held without spending one keeps. */
  before: number;
  /** When this send (or, for a site email, an earlier one) met no answer once the email was on its way. */
  unansweredMs?: number | undefined;
};

export type Settlement =
  | { kind: 'sent'; attempts: number; info: DeliveryInfo }
  | { kind: 'ended'; attempts: number; error: string }
  /** Sent again within this run after a pause (a message's quick tries; none for others, which wait). */
  | { kind: 'again'; attempts: number; error: string }
  /** A failure for now: this attempt spent, due again at `dueMs`; `unansweredMs` as the step had it. */
  | { kind: 'waits'; attempts: number; error: string; dueMs: number; unansweredMs?: number }
  /**
   * Held, no attempt spent (`attempts`: as before this run) and its count given back: for the
   * SMTP account, until it works again; or for the day, whose emails the account's sending quota
   * says are spent, until the next day (`dueMs`), the day marked spent (a site email's outcome
   * `DAY_SPENT`, as when the site's own count for the day is reached).
   */
  | { kind: 'held'; for: 'account'; attempts: number; error: string; unansweredMs?: number }
  | { kind: 'held'; for: 'day'; attempts: number; dueMs: number };

/** A decision as every kind's record takes it: what the send spent, and what the email waits for. */
export function settle(decision: Decision, { attempts, before, unansweredMs }: SendStep, nowMs: number): Settlement {
  const silence = unansweredMs === undefined ? {} : { unansweredMs };
  switch (decision.kind) {
    case 'sent':
      return { kind: 'sent', attempts, info: decision.info };
    case 'ended':
      return { kind: 'ended', attempts, error: decision.error };
    case 'again':
      return { kind: 'again', attempts, error: decision.error };
    case 'later':
      return { kind: 'waits', attempts, error: decision.error, dueMs: decision.atMs, ...silence };
    case 'account':
      return { kind: 'held', for: 'account', attempts: before, error: decision.error, ...silence };
    case 'quota':
      return { kind: 'held', for: 'day', attempts: before, dueMs: nextDayMs(nowMs) };
  }
}
