import { HttpsError } from 'firebase-functions/v2/https';
import { describe, expect, it } from 'vitest';
import { exportMemberId, maxSignInAgeSeconds, type ExportRequest } from './request.js';

const now = Date.UTC(2026, 10, 25, 12);
const signedIn = (uid: string, secondsAgo = 10) => ({ uid, token: { auth_time: now / 1000 - secondsAgo } });

function refusal(request: ExportRequest, requireAppCheck = false): { code: string; details: unknown } {
  try {
    exportMemberId(request, { now, requireAppCheck });
  } catch (error) {
    if (error instanceof HttpsError) return { code: error.code, details: error.details };
    throw error;
  }
  throw new Error('not refused');
}

describe('exportMemberId', () => {
  it('answers with the caller’s own id, named or not', () => {
    expect(exportMemberId({ auth: signedIn('abc'), data: {} }, { now, requireAppCheck: false })).toBe('abc');
    expect(exportMemberId({ auth: signedIn('abc'), data: null }, { now, requireAppCheck: false })).toBe('abc');
    expect(exportMemberId({ auth: signedIn('abc'), data: { uid: 'abc' } }, { now, requireAppCheck: false })).toBe(
      'abc',
    );
    expect(
      exportMemberId({ auth: signedIn('abc'), app: { appId: 'x' }, data: {} }, { now, requireAppCheck: true }),
    ).toBe('abc');
  });

  it('refuses a call without a sign-in', () => {
    expect(refusal({ data: {} }).code).toBe('unauthenticated');
  });

  it('refuses another member’s id, and any other field', () => {
    expect(refusal({ auth: signedIn('abc'), data: { uid: 'xyz' } }).code).toBe('permission-denied');
    expect(refusal({ auth: signedIn('abc'), data: { uid: 'abc', path: 'users/xyz' } }).code).toBe('invalid-argument');
    expect(refusal({ auth: signedIn('abc'), data: ['abc'] }).code).toBe('invalid-argument');
    expect(refusal({ auth: signedIn('abc'), data: 'abc' }).code).toBe('invalid-argument');
  });

  it('refuses a sign-in older than the limit, and a token without its time', () => {
    expect(refusal({ auth: signedIn('abc', maxSignInAgeSeconds + 1), data: {} })).toEqual({
      code: 'unauthenticated',
      details: { reason: 'recent-sign-in' },
    });
    expect(refusal({ auth: { uid: 'abc', token: {} }, data: {} }).code).toBe('unauthenticated');
    expect(
      exportMemberId({ auth: signedIn('abc', maxSignInAgeSeconds - 1), data: {} }, { now, requireAppCheck: false }),
    ).toBe('abc');
  });

  it('refuses a call without App Check where it is required', () => {
    expect(refusal({ auth: signedIn('abc'), data: {} }, true).code).toBe('failed-precondition');
  });
});
