// Two members' worth of data at every place functions/src/contracts/member-data.ts
// lists (with documents under them), written with the Admin SDK, and a census of what is left
// of each: what the account clean-up tests seed and check.
import type { Firestore } from 'firebase-admin/firestore';
import { forMember, memberData } from '../../functions/src/contracts/member-data.ts';

/** Writes a member's data: every listed document (with a child document), and two of each queried kind. */
export async function seedMember(db: Firestore, uid: string, other: string): Promise<void> {
  const writes: Array<Promise<unknown>> = [];
  for (const template of memberData.documents) {
    const ref = db.doc(forMember(template, uid));
    writes.push(ref.set({ note: `${template} of ${uid}` }), ref.collection('private').doc('child').set({ of: uid }));
  }
  for (const { collection, field } of memberData.queries) {
    for (const n of [1, 2]) {
      const ref = db.collection(collection).doc(`${uid}-${field}-${String(n)}`);
      // The other id fields name the other member, as a follow or a notification would.
      const fields = Object.fromEntries(
        memberData.queries.filter((query) => query.collection === collection).map((query) => [query.field, other]),
      );
      writes.push(ref.set({ ...fields, [field]: uid, n }), ref.collection('comments').doc('c').set({ on: uid }));
    }
  }
  await Promise.all(writes);
}

/** How many documents (children included) of the member's data are there: 0 once deleted. */
export async function census(db: Firestore, uid: string): Promise<number> {
  let count = 0;
  for (const template of memberData.documents) {
    const ref = db.doc(forMember(template, uid));
    if ((await ref.get()).exists) count += 1;
    count += (await ref.collection('private').get()).size;
  }
  for (const { collection, field } of memberData.queries) {
    for (const n of [1, 2]) {
      const ref = db.collection(collection).doc(`${uid}-${field}-${String(n)}`);
      if ((await ref.get()).exists) count += 1;
      count += (await ref.collection('comments').get()).size;
    }
  }
  return count;
}

/** Documents seeded per member. */
export const seededPerMember = memberData.documents.length * 2 + memberData.queries.length * 2 * 2;

/** Files a member has at every Storage prefix. */
export function memberFiles(uid: string): string[] {
  return memberData.storagePrefixes.flatMap((template) =>
    ['a.jpg', 'b/c.jpg'].map((name) => `${forMember(template, uid)}${name}`),
  );
}

/**
 * The paths seedMember(db, uid, other) wrote that are the member's own by the map: every listed
 * document with its child, and every queried document itself (the comments under them are
 * other members' data and stay out of a copy).
 */
export function seededPaths(uid: string): string[] {
  return [
    ...memberData.documents.flatMap((template) => {
      const path = forMember(template, uid);
      return [path, `${path}/private/child`];
    }),
    ...memberData.queries.flatMap(({ collection, field }) =>
      [1, 2].map((n) => `${collection}/${uid}-${field}-${String(n)}`),
    ),
  ];
}
