import { describe, expect, it } from 'vitest';
import { errorCode } from '../../firebase/errors';
import { failureOf, retryable, weakPasswordCodes } from './action-failure';

const firebaseError = (code: string) => Object.assign(new Error(`Firebase: Error (${code}).`), { code });

describe('failureOf', () => {
  it.each([
    ['auth/expired-action-code', 'expired'],
    ['auth/invalid-action-code', 'invalid'],
    ['auth/user-disabled', 'disabled'],
    ['auth/user-not-found', 'accountGone'],
    ['auth/email-already-in-use', 'emailTaken'],
    ['auth/too-many-requests', 'tooManyRequests'],
    ['auth/network-request-failed', 'network'],
    ['auth/something-new', 'unknown'],
  ])('%s is %s', (code, failure) => {
    expect(failureOf(firebaseError(code))).toBe(failure);
  });

  it('is unknown for what is not a Firebase error', () => {
    expect(failureOf(new Error('boom'))).toBe('unknown');
    expect(failureOf('text')).toBe('unknown');
    expect(failureOf(null)).toBe('unknown');
    expect(failureOf({ code: 42 })).toBe('unknown');
    expect(errorCode({ code: 42 })).toBeUndefined();
  });

  it('lets the member retry only what a new attempt can fix, with the same link', () => {
    expect([...retryable].sort()).toEqual(['network', 'tooManyRequests']);
  });

  it('knows both ways Auth refuses a weak password', () => {
    expect(weakPasswordCodes.has('auth/weak-password')).toBe(true);
    expect(weakPasswordCodes.has('auth/password-does-not-meet-requirements')).toBe(true);
  });
});
