// What went wrong on the Account page, from Firebase Auth's error codes: each has its message
// (locales: account.failure.*), and none of them deleted anything.
import { errorCode } from '../../firebase/errors';

export type AccountFailure =
  'credentials' | 'wrongPassword' | 'recentLogin' | 'tooManyRequests' | 'network' | 'disabled' | 'unknown';

/** A failure signing in (`step: 'signIn'`) or confirming the deletion (`'confirm'`). */
export function accountFailureOf(error: unknown, step: 'signIn' | 'confirm'): AccountFailure {
  switch (errorCode(error)) {
    case 'auth/invalid-credential':
    case 'auth/invalid-login-credentials':
    case 'auth/wrong-password':
    case 'auth/user-not-found':
    case 'auth/invalid-email':
    case 'auth/user-mismatch':
      return step === 'signIn' ? 'credentials' : 'wrongPassword';
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
