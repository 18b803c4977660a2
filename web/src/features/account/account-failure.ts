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

/**
 * A failure signing in (`step: 'signIn'`) or confirming the deletion (`'confirm'`), with the
 * way the member signs in (a password, or a Google or Apple popup).
 */
export function accountFailureOf(
  error: unknown,
  step: 'signIn' | 'confirm',
  method: SignInMethod = 'password',
): AccountFailure {
  switch (errorCode(error)) {
    case 'auth/invalid-credential':
    case 'auth/invalid-login-credentials':
    case 'auth/wrong-password':
    case 'auth/user-not-found':
    case 'auth/invalid-email':
    case 'auth/user-mismatch':
      if (method !== 'password') return step === 'signIn' ? 'unknown' : 'otherAccount';
      return step === 'signIn' ? 'credentials' : 'wrongPassword';
    case 'auth/account-exists-with-different-credential':
      return 'otherMethod';
    case 'auth/popup-closed-by-user':
    case 'auth/cancelled-popup-request':
    case 'auth/user-cancelled':
      return 'popupClosed';
    case 'auth/popup-blocked':
      return 'popupBlocked';
    case 'auth/requires-recent-login':
    case 'auth/user-token-expired':
      return 'recentLogin';
    case 'auth/too-many-requests':
      return 'tooManyRequests';
    case 'auth/network-request-failed':
    case 'auth/timeout':
      return 'network';
    case 'auth/user-disabled':
      return 'disabled';
    default:
      return 'unknown';
  }
}
