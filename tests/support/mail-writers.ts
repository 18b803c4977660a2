// How the mail emulator tests write contact messages (mail-harness.ts hands these to every
// file): as the site writes one but straight through the Admin SDK, many at once at a time of
// the test's clock, as a visitor through the rules, and as a script through the REST API. Each
// notes the id it wrote, so that the file can check and clear them at its end.
import type { RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { Timestamp, type DocumentData, type DocumentReference, type Firestore } from 'firebase-admin/firestore';
import { addDoc, collection, serverTimestamp } from 'firebase/firestore';
import { expect } from 'vitest';
import { collections } from '../../functions/src/contracts/collections.ts';
import { firestoreEmulator, projectId } from './emulators.ts';
import { autoId, contactMessage, restWrite } from './visitor-writes.ts';

/** What a test says of a message: the rest is the sample draft's (visitor-writes.ts). */
export type Draft = Parameters<typeof contactMessage>[0];

export type MessageWriters = {
  /**
   * Writes `Mail/{id}` as the site writes a message (the rules' shape), its subject, text and
   * address made from the id so that its email is found by it, written now; `fields` add to it
   * or replace what they name (a delivery already under way, another address or time).
   */
  write: (id: string, fields?: DocumentData) => Promise<DocumentReference>;
  /**
   * Writes `count` messages under ids as Firestore makes them, all written at `atMs` (the test's
   * clock), the i-th from `draft(i)` with `extra(id, i)` added, `perBatch` to a request.
   */
  writeAt: (
    count: number,
    atMs: number,
    draft: (index: number) => Draft,
    extra?: (id: string, index: number) => DocumentData,
    perBatch?: number,
  ) => Promise<string[]>;
  /** A visitor's write through the site's path: the Firestore client, unauthenticated, through the rules. */
  visitorWrites: (fields: Draft, extra?: DocumentData) => Promise<string>;
  /** A script's write: straight to Firestore's REST API, through the rules. */
  scriptWrites: (fields: Draft) => Promise<string>;
};

/** Where the writers write and what they note: the file's database, the ids written, the rules' environment. */
export type WriteTarget = {
  db: Firestore;
  mailRef: (id: string) => DocumentReference;
  written: string[];
  rules: () => RulesTestEnvironment;
};

/** The writers of contact messages into the target's database. */
export function messageWriters({ db, mailRef, written, rules }: WriteTarget): MessageWriters {
  return {
    async write(id, fields = {}) {
      await mailRef(id).set({
        ...contactMessage({ subject: `Message ${id}`, message: `Body of ${id}`, email: `angler+${id}@example.org` }),
        createdAt: Timestamp.now(),
        ...fields,
      });
      written.push(id);
      return mailRef(id);
    },

    async writeAt(count, atMs, draft, extra = () => ({}), perBatch = 400) {
      const ids: string[] = [];
      for (let first = 0; first < count; first += perBatch) {
        const batch = db.batch();
        for (let index = first; index < Math.min(count, first + perBatch); index += 1) {
          const id = autoId();
          ids.push(id);
          batch.set(mailRef(id), {
            ...contactMessage(draft(index)),
            createdAt: Timestamp.fromMillis(atMs),
            ...extra(id, index),
          });
        }
        await batch.commit();
      }
      written.push(...ids);
      return ids;
    },

    async visitorWrites(fields, extra = {}) {
      const ref = await addDoc(collection(rules().unauthenticatedContext().firestore(), collections.mail), {
        ...contactMessage(fields),
        ...extra,
        createdAt: serverTimestamp(),
      });
      written.push(ref.id);
      return ref.id;
    },

    async scriptWrites(fields) {
      const id = autoId();
      const origin = `http://${firestoreEmulator.host}:${String(firestoreEmulator.port)}`;
      const response = await restWrite(origin, projectId, id, contactMessage(fields));
      expect(response.status, await response.clone().text()).toBe(200);
      written.push(id);
      return id;
    },
  };
}
