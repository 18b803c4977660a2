// Where a member's data lives, keyed by their user id: what the clean-up deletes when the
// account is deleted. The shape of Firebase's "Delete User Data" extension: documents at
// paths with `{UID}` in them, collections queried by an owner field, and Storage prefixes.
// EXAMPLE paths, for the app's data model: the operator lists the app's real ones here (the
// privacy policy and the Account page describe the same data in words: web/src/config/account.ts).

export type MemberData = {
  /** Documents (with everything under them) whose path names the member: `users/{UID}`. */
  documents: readonly string[];
  /**
   * Documents (with everything under them) in a collection whose `field` holds the member's
   * id. Everything under: a post goes with the comments and likes other members left on it,
   * as the privacy policy (section 3) and the Account page say.
   */
  queries: ReadonlyArray<{ collection: string; field: string }>;
  /** Storage folders whose files are all the member's: `catches/{UID}/`. */
  storagePrefixes: readonly string[];
};

export const memberData: MemberData = {
  documents: ['users/{UID}', 'settings/{UID}'], // EXAMPLE
  queries: [
    { collection: 'posts', field: 'ownerId' }, // EXAMPLE
    { collection: 'catches', field: 'ownerId' }, // EXAMPLE
    { collection: 'follows', field: 'followerId' }, // EXAMPLE
    { collection: 'follows', field: 'followeeId' }, // EXAMPLE
    { collection: 'notifications', field: 'recipientId' }, // EXAMPLE
  ],
  storagePrefixes: ['users/{UID}/', 'catches/{UID}/'], // EXAMPLE
};

/** A user id as Firebase Auth makes them: letters, digits, a few marks, never a slash. */
const uidPattern = /^[A-Za-z0-9_-]{1,128}$/;

/**
 * `template` with the member's id put in for `{UID}`. Refuses an id that could reach another
 * member's data (a slash or an empty id would widen a path or a prefix).
 */
export function forMember(template: string, uid: string): string {
  if (!uidPattern.test(uid)) throw new Error('Refusing a user id that is not a plain Firebase Auth id');
  if (!template.includes('{UID}')) throw new Error(`"${template}" does not name the member ({UID})`);
  return template.replaceAll('{UID}', uid);
}
