// What went wrong on the Account page, from Firebase Auth's error codes: each has its message
// (locales: account.failure.*), and none of them deleted anything.
import { errorCode } from '../../firebase/errors';
import type { SignInMethod } from './sign-in-method';

export type AccountFailure =
  | 'credentials'
  | 'wrongPassword'
  | 'otherAccount'
  | 'otherMethod'
  | 'popupClosed'
  | 'popupBlocked'
  | 'recentLogin'
  | 'tooManyRequests'
  | 'network'
  | 'disabled'
  | 'unknown';

/** Codes that say the password, or the account chosen in a popup, was not the right one. */
const wrongCredentials = new Set([
  'auth/invalid-credential',
  'auth/invalid-login-credentials',
  'auth/wrong-password',
  'auth/user-not-found',
  'auth/invalid-email',
  'auth/user-mismatch',
]);

/** What each other code means; a code not here is `unknown`. */
const failureOfCode = new Map<string, AccountFailure>([
  ['auth/account-exists-with-different-credential', 'otherMethod'],
  ['auth/popup-closed-by-user', 'popupClosed'],
  ['auth/cancelled-popup-request', 'popupClosed'],
  ['auth/user-cancelled', 'popupClosed'],
  ['auth/popup-blocked', 'popupBlocked'],
  ['auth/requires-recent-login', 'recentLogin'],
  ['auth/user-token-expired', 'recentLogin'],
  ['auth/too-many-requests', 'tooManyRequests'],
  ['auth/network-request-failed', 'network'],
  ['auth/timeout', 'network'],
  ['auth/user-disabled', 'disabled'],
]);

/**
 * A failure signing in (`step: 'signIn'`) or confirming the deletion (`'confirm'`), with the
 * way the member signs in (a password, or a Google or Apple popup).
 */
export function accountFailureOf(
  error: unknown,
  step: 'signIn' | 'confirm',
  method: SignInMethod = 'password',
): AccountFailure {
  const code = errorCode(error) ?? '';
  if (wrongCredentials.has(code)) {
    if (method !== 'password') return step === 'signIn' ? 'unknown' : 'otherAccount';
    return step === 'signIn' ? 'credentials' : 'wrongPassword';
  }
  return failureOfCode.get(code) ?? 'unknown';
}
