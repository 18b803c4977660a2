// The copy of a member's data as the Account page handles it: what it checks of the answer, the
// file it saves it as, and the failures it words. Pure, with no Firebase import.
import { copyRefusals, memberCopyPath, type MemberCopy } from '@contracts/member-copy';
import { errorCode } from '../../firebase/errors';

export { memberCopyPath, type MemberCopy };

/** The function's answer, if it is a copy (the parts the page reads are checked); throws otherwise. */
export function readMemberCopy(data: unknown): MemberCopy {
  if (
    typeof data === 'object' &&
    data !== null &&
    'exportedAt' in data &&
    typeof data.exportedAt === 'string' &&
    'documents' in data &&
    Array.isArray(data.documents) &&
    'storage' in data &&
    typeof data.storage === 'object' &&
    data.storage !== null
  )
    return data as MemberCopy;
  throw new Error('The answer is not a copy of member data');
}

/** `fishingapp-data-2026-11-25.json`: the product's name and the day of the copy. */
export function copyFileName(productName: string, exportedAt: string): string {
  const name =
    productName
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'member';
  return `${name}-data-${exportedAt.slice(0, 10)}.json`;
}

/** How many items the copy holds: its documents and listed files. */
export function copyItems(copy: MemberCopy): number {
  return copy.documents.length + (copy.storage.state === 'LISTED' ? copy.storage.files.length : 0);
}

export type CopyFailure =
  | { kind: 'limit'; retryAt: Date | undefined }
  | { kind: 'tooLarge' }
  | { kind: 'recentLogin' }
  | { kind: 'unavailable' };

function detail(error: unknown, key: string): unknown {
  if (typeof error !== 'object' || error === null || !('details' in error)) return undefined;
  const { details } = error;
  return typeof details === 'object' && details !== null && key in details
    ? (details as Record<string, unknown>)[key]
    : undefined;
}

/** What went wrong, from the callable's error code and details (contracts/member-copy.ts). */
export function copyFailureOf(error: unknown): CopyFailure {
  const code = errorCode(error);
  const is = (refusal: { code: string }) => code === `functions/${refusal.code}`;
  if (is(copyRefusals.overDailyCap)) {
    const at = detail(error, 'retryAt');
    const retryAt = typeof at === 'string' ? new Date(at) : undefined;
    return { kind: 'limit', retryAt: retryAt && !Number.isNaN(retryAt.getTime()) ? retryAt : undefined };
  }
  if (is(copyRefusals.tooLarge) && detail(error, 'reason') === copyRefusals.tooLarge.reason)
    return { kind: 'tooLarge' };
  // Signed in too long ago, or no longer: the page signs them in again.
  if (is(copyRefusals.signInAgain)) return { kind: 'recentLogin' };
  return { kind: 'unavailable' };
}
