// What went wrong with an email action, from Firebase Auth's error codes, as the page tells the
// member: each failure has its own message and next step (locales: emailAction.failure.*).
import { errorCode } from '../../firebase/errors';

export type Failure =
  /** The code's time ran out. */
  | 'expired'
  /** This browser already carried the action out with this link. */
  | 'used'
  /** Unknown to Auth: already used elsewhere (a mail scanner, another device), cut, or made up. */
  | 'invalid'
  | 'disabled'
  /** The account was deleted since the email was sent. */
  | 'accountGone'
  /** Restoring an address that another account has taken since. */
  | 'emailTaken'
  | 'tooManyRequests'
  /** The request did not reach Auth: the member can try again, the code is still good. */
  | 'network'
  | 'unknown';

/** Failures the member can retry from the same page without a new link. */
export const retryable: ReadonlySet<Failure> = new Set(['network', 'tooManyRequests']);

const byCode: Readonly<Record<string, Failure>> = {
  'auth/expired-action-code': 'expired',
  'auth/invalid-action-code': 'invalid',
  'auth/invalid-oob-code': 'invalid',
  'auth/missing-action-code': 'invalid',
  'auth/argument-error': 'invalid',
  'auth/user-disabled': 'disabled',
  'auth/user-not-found': 'accountGone',
  'auth/email-already-in-use': 'emailTaken',
  'auth/too-many-requests': 'tooManyRequests',
  'auth/network-request-failed': 'network',
  'auth/timeout': 'network',
  'auth/internal-error': 'unknown',
};

/** A password the project's rules refuse: told beside the field, not as a failure of the link. */
export const weakPasswordCodes: ReadonlySet<string> = new Set([
  'auth/weak-password',
  'auth/password-does-not-meet-requirements',
]);

/** The failure an error from Firebase Auth stands for. */
export function failureOf(error: unknown): Failure {
  const code = errorCode(error);
  return (code && byCode[code]) || 'unknown';
}
