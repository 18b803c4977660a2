// What the email action page shows, as a pure function of what has happened: the link read,
// Auth's answers, the member's choices. `use-email-action.ts` feeds it the events; unit tests
// drive it through every state.
import type { ActionLink } from './action-link';
import { retryable, type Failure } from './action-failure';
import type { PasswordRule } from './password-rules';

/** What the page shows; `checking` is also what the prerendered page holds for every link. */
export type View =
  | { step: 'checking' }
  | { step: 'verifying' }
  | { step: 'verified' }
  | { step: 'resetForm'; email: string; rules: PasswordRule[] }
  | { step: 'resetDone' }
  | { step: 'recoverAsk'; email: string; previousEmail: string | undefined }
  | { step: 'recovered'; email: string }
  | { step: 'failed'; failure: Failure };

export type Step = View['step'];

export type Event =
  /** The link was read from the address (after hydration). */
  | { type: 'read'; link: ActionLink }
  /** This browser already spent the link's code. */
  | { type: 'used' }
  /** The page is shown: the code is being applied. */
  | { type: 'verifying' }
  /** Auth applied the code of a verification link. */
  | { type: 'verified' }
  /** Auth says whose password the link resets, and the password rules. */
  | { type: 'resetAsked'; email: string; rules: PasswordRule[] }
  /** The new password is saved. */
  | { type: 'resetSaved' }
  /** Auth says which address a recovery would restore. */
  | { type: 'recoverAsked'; email: string; previousEmail: string | undefined }
  /** The address is restored. */
  | { type: 'recovered' }
  /** Something failed (Auth's answer, the connection, the script part). */
  | { type: 'failed'; failure: Failure }
  /** The member tries again after a failure that allows it. */
  | { type: 'retry' };

export const initialView: View = { step: 'checking' };

/** From which steps each answer is taken: a late answer after another outcome changes nothing. */
export const takenFrom: Readonly<Record<Exclude<Event['type'], 'read' | 'failed'>, readonly Step[]>> = {
  used: ['checking'],
  verifying: ['checking'],
  verified: ['verifying'],
  resetAsked: ['checking'],
  resetSaved: ['resetForm'],
  recoverAsked: ['checking'],
  recovered: ['recoverAsk'],
  retry: ['failed'],
};

/** The view after `event`. */
export function next(view: View, event: Event): View {
  switch (event.type) {
    case 'read':
      return afterRead(view, event.link);
    case 'failed':
      return afterFailure(view, event.failure);
    default:
      return takenFrom[event.type].includes(view.step) ? afterAnswer(view, event) : view;
  }
}

/** The view once the link is read: only a visit without a code, or a broken one, shows something else. */
function afterRead(view: View, link: ActionLink): View {
  if (view.step !== 'checking') return view;
  // A visit without a code is the app's continue address after a verification.
  if (link.kind === 'none') return { step: 'verified' };
  if (link.kind === 'broken') return { step: 'failed', failure: 'invalid' };
  return view;
}

/** A failure ends whatever was under way, but not what is already done. */
function afterFailure(view: View, failure: Failure): View {
  const done: readonly Step[] = ['verified', 'resetDone', 'recovered', 'failed'];
  return done.includes(view.step) ? view : { step: 'failed', failure };
}

/** The view after an answer or a choice taken from a step it belongs to (`takenFrom`). */
function afterAnswer(view: View, event: Exclude<Event, { type: 'read' | 'failed' }>): View {
  switch (event.type) {
    case 'used':
      return { step: 'failed', failure: 'used' };
    case 'verifying':
      return { step: 'verifying' };
    case 'verified':
      return { step: 'verified' };
    case 'resetAsked':
      return { step: 'resetForm', email: event.email, rules: event.rules };
    case 'resetSaved':
      return { step: 'resetDone' };
    case 'recoverAsked':
      return { step: 'recoverAsk', email: event.email, previousEmail: event.previousEmail };
    case 'recovered':
      return view.step === 'recoverAsk' ? { step: 'recovered', email: view.email } : view;
    case 'retry':
      return view.step === 'failed' && retryable.has(view.failure) ? { step: 'checking' } : view;
  }
}
