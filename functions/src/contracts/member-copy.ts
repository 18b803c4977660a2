// "Download my data": the contract between the callable (functions/src/account-export/) and the
// Account page (web/src/features/account/): where the page reaches it, what it answers, and
// each refusal as the error code it throws with the detail the page reads.

/** The site's own address of the callable (firebase.json rewrites it to `memberCopyFunction`). */
export const memberCopyPath = '/api/account/export';
/** The callable's name: index.ts exports it, firebase.json's rewrite names it. */
export const memberCopyFunction = 'exportMemberData';

/** A value of the copy as JSON holds it: Firestore's own types already written out. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** A file as the copy lists it. */
export type ListedFile = { name: string; size: number; contentType?: string; updated?: string };

/** The account as Firebase Auth holds it, as the copy shows it. */
export type MemberAccount = {
  uid: string;
  email?: string | undefined;
  emailVerified: boolean;
  displayName?: string | undefined;
  phoneNumber?: string | undefined;
  photoURL?: string | undefined;
  disabled: boolean;
  createdAt?: string | undefined;
  lastSignInAt?: string | undefined;
  providers: Array<{ providerId: string; uid: string; email?: string | undefined; displayName?: string | undefined }>;
  customClaims?: Record<string, unknown> | undefined;
};

/** One document of the copy: where it is, which entry of the map found it, and its fields. */
export type ExportedDocument = { path: string; place: string; data: Json };

/** The copy, as the callable answers and the member downloads it (JSON). */
export type MemberCopy = {
  format: 'member-data-export';
  version: 1;
  exportedAt: string;
  account: MemberAccount;
  documents: ExportedDocument[];
  storage: { state: 'LISTED'; files: ListedFile[] } | { state: 'UNAVAILABLE' };
};

/**
 * Each refusal the page words differently, as the callable's error `code` and, where one code
 * means more than one thing, the `reason` in its details. Every other error is "unavailable".
 */
export const copyRefusals = {
  /** The day's tries are spent; `details.retryAt` (an ISO time) says when the next one is. */
  overDailyCap: { code: 'resource-exhausted' },
  /** The copy is too large to download here. */
  tooLarge: { code: 'failed-precondition', reason: 'too-large' },
  /** The member signed in too long ago, or not at all: they sign in again. */
  signInAgain: { code: 'unauthenticated', reason: 'recent-sign-in' },
} as const;
