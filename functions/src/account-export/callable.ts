// The "Download my data" callable, as a module with its I/O passed in: index.ts gives it the
// database, Auth and Storage. Checks the caller (request.ts), makes the copy
// (member-export.ts), and turns every refusal into an HttpsError the Account page can word.
import type { UserRecord } from 'firebase-admin/auth';
import { errorCodes, logEvent } from '../log.js';
import { HttpsError } from 'firebase-functions/v2/https';
import {
  exportMember,
  ExportFailingError,
  ExportLimitError,
  exportRecordId,
  ExportTimeoutError,
  ExportTooLargeError,
  type ExportDeps,
} from './member-export.js';
import { copyRefusals, type MemberAccount, type MemberCopy } from '../contracts/member-copy.js';
import { exportMemberId, type ExportRequest } from './request.js';

/** The Auth account's fields the copy shows: no password hash, no token times. */
export function accountOf(
  user: Pick<
    UserRecord,
    | 'uid'
    | 'email'
    | 'emailVerified'
    | 'displayName'
    | 'phoneNumber'
    | 'photoURL'
    | 'disabled'
    | 'metadata'
    | 'providerData'
    | 'customClaims'
  >,
): MemberAccount {
  const time = (value: string | null | undefined) => (value ? new Date(value).toISOString() : undefined);
  return {
    uid: user.uid,
    email: user.email,
    emailVerified: user.emailVerified,
    displayName: user.displayName,
    phoneNumber: user.phoneNumber,
    photoURL: user.photoURL,
    disabled: user.disabled,
    createdAt: time(user.metadata.creationTime),
    lastSignInAt: time(user.metadata.lastSignInTime),
    providers: user.providerData.map((provider) => ({
      providerId: provider.providerId,
      uid: provider.uid,
      email: provider.email,
      displayName: provider.displayName,
    })),
    customClaims: user.customClaims,
  };
}

/** Answers one call: the caller's own copy, or an HttpsError saying why not. */
export async function answerExport(
  request: ExportRequest,
  deps: ExportDeps & { requireAppCheck: boolean },
): Promise<MemberCopy> {
  const now = (deps.now ?? Date.now)();
  const uid = exportMemberId(request, { now, requireAppCheck: deps.requireAppCheck });
  try {
    return await exportMember(uid, { ...deps, now: () => now });
  } catch (error) {
    // The one-way code only: the log names no member.
    const record = exportRecordId(uid);
    if (error instanceof ExportLimitError) {
      logEvent('exportOverCap', { record });
      throw new HttpsError(copyRefusals.overDailyCap.code, 'No more copies today.', {
        retryAt: new Date(error.retryAt).toISOString(),
      });
    }
    if (error instanceof ExportFailingError) {
      // Answered as the failures before it were: the page asks the member to write to us.
      logEvent('exportFailingToday', { record });
      throw new HttpsError('unavailable', 'The copy keeps failing today; write to us.');
    }
    if (error instanceof ExportTooLargeError) {
      logEvent('exportTooLarge', { record, bytes: error.bytes, documents: error.documents });
      const { code, reason } = copyRefusals.tooLarge;
      throw new HttpsError(code, 'Your data is too large to download here.', { reason });
    }
    if (error instanceof ExportTimeoutError) {
      logEvent('exportTooSlow', { record });
      throw new HttpsError('deadline-exceeded', 'The copy took too long to make; try again later.');
    }
    logEvent('exportFailed', { record, ...errorCodes(error) });
    throw new HttpsError('internal', 'The copy could not be made.');
  }
}
