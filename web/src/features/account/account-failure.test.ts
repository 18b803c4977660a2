import { describe, expect, it } from 'vitest';
import { accountFailureOf } from './account-failure';

const error = (code: string) => Object.assign(new Error(code), { code });

describe('accountFailureOf', () => {
  it('says which was wrong, in the words of the step', () => {
    expect(accountFailureOf(error('auth/invalid-credential'), 'signIn')).toBe('credentials');
    expect(accountFailureOf(error('auth/invalid-credential'), 'confirm')).toBe('wrongPassword');
    expect(accountFailureOf(error('auth/wrong-password'), 'confirm')).toBe('wrongPassword');
  });

  it('says a Google or Apple member chose another account, or another way of signing in', () => {
    expect(accountFailureOf(error('auth/user-mismatch'), 'confirm', 'google')).toBe('otherAccount');
    expect(accountFailureOf(error('auth/user-mismatch'), 'confirm', 'password')).toBe('wrongPassword');
    expect(accountFailureOf(error('auth/account-exists-with-different-credential'), 'signIn', 'apple')).toBe(
      'otherMethod',
    );
  });

  it.each([
    ['auth/popup-closed-by-user', 'popupClosed'],
    ['auth/cancelled-popup-request', 'popupClosed'],
    ['auth/popup-blocked', 'popupBlocked'],
    ['auth/requires-recent-login', 'recentLogin'],
    ['auth/too-many-requests', 'tooManyRequests'],
    ['auth/network-request-failed', 'network'],
    ['auth/user-disabled', 'disabled'],
    ['auth/internal-error', 'unknown'],
  ])('%s is %s', (code, failure) => {
    expect(accountFailureOf(error(code), 'confirm')).toBe(failure);
  });

  it('is unknown for anything that is not a Firebase error', () => {
    expect(accountFailureOf(new Error('x'), 'signIn')).toBe('unknown');
    expect(accountFailureOf(undefined, 'signIn')).toBe('unknown');
  });
});
