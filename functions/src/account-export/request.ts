// Who may have a copy of which data: the callable's checks, before anything is read. Pure (the
// request in, the member's id or an HttpsError out), so every refusal is unit-tested here and
// the emulator tests show the same refusals through the real callable.
import { HttpsError } from 'firebase-functions/v2/https';
import { copyRefusals } from '../contracts/member-copy.js';

/**
 * How recent the member's sign-in must be, in seconds: a copy of someone's data is worth
 * stealing, and an ID token lives an hour and is refreshed for as long as a tab stays open.
 * The Account page signs the member in just before; an older sign-in is asked to sign in again.
 */
export const maxSignInAgeSeconds = 15 * 60;

/** What the callable is given: Firebase's verified ID token and App Check token, and the data. */
export type ExportRequest = {
  auth?: { uid: string; token: { auth_time?: number } } | undefined;
  app?: unknown;
  data: unknown;
};

export type ExportRequestOptions = {
  /** Whether calls without a valid App Check token are refused (EXPORT_REQUIRES_APP_CHECK). */
  requireAppCheck: boolean;
  /** Now, in milliseconds. */
  now: number;
};

/** The request's data: an object with at most the caller's own uid; throws otherwise. */
function checkData(data: unknown, uid: string): void {
  if (typeof data !== 'object' || data === null || Array.isArray(data))
    throw new HttpsError('invalid-argument', 'The request must be an object.');
  const fields = Object.keys(data);
  if (fields.some((field) => field !== 'uid')) throw new HttpsError('invalid-argument', 'Unknown request fields.');
  if ('uid' in data && data.uid !== uid)
    throw new HttpsError('permission-denied', 'A member can download only their own data.');
}

/**
 * The id of the member whose copy this call may make: always the caller's own. The request
 * may name no one (`{}`) or the caller (`{uid}` of their own); any other id, any other field,
 * no sign-in, an old sign-in or, where required, no App Check token is refused.
 */
export function exportMemberId(request: ExportRequest, options: ExportRequestOptions): string {
  if (options.requireAppCheck && request.app === undefined)
    throw new HttpsError('failed-precondition', 'This request did not come from the site (App Check).');
  const caller = request.auth;
  const { code: signIn, reason } = copyRefusals.signInAgain;
  if (!caller) throw new HttpsError(signIn, 'Sign in to download your data.', { reason });
  checkData(request.data ?? {}, caller.uid);
  const signedInAt = caller.token.auth_time;
  if (typeof signedInAt !== 'number' || options.now / 1000 - signedInAt > maxSignInAgeSeconds)
    throw new HttpsError(signIn, 'Sign in again to download your data.', { reason });
  return caller.uid;
}
