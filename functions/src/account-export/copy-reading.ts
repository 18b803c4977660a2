import {
  FieldPath,
  type DocumentReference,
  type DocumentSnapshot,
  type Firestore,
  type Query,
} from 'firebase-admin/firestore';
import type { ExportedDocument, ListedFile } from '../contracts/member-copy.js';
import { forMember, type MemberData } from '../contracts/member-data.js';
import type { StorageLister } from '../member-files/buckets.js';
import { plainJson } from './plain-json.js';

// How a member's copy (member-export.ts) is read: every document and file the map of their data
// names, a page at a time, within the copy's deadline, its size and its count of documents.

/**
 * The copy would be larger than a callable can answer with, or read more documents than a copy
 * may: `bytes` and `documents` are what was read when it stopped (at least that much).
 */
export class ExportTooLargeError extends Error {
  readonly bytes: number;
  readonly documents: number;
  constructor(bytes: number, documents: number) {
    super('The copy of this member’s data is too large to send');
    this.bytes = bytes;
    this.documents = documents;
  }
}

/** Reading took longer than `exportDeadlineMs`: given up before Hosting would cut it off. */
export class ExportTimeoutError extends Error {
  constructor() {
    super('The copy of this member’s data took too long to make');
  }
}

/**
 * What a page of a query may hold: its size follows the documents read so far (a page of the
 * largest documents Firestore allows, 1 MiB each, is two of them), between `minPageSize` and
 * `maxPageSize` documents.
 */
const pageBudgetBytes = 2 * 1024 * 1024;
const minPageSize = 2;
const maxPageSize = 500;
const firstPageSize = 20;

/** The copy's deadline, by `clock`: every wait on another service is cut off at it. */
export type Deadline = {
  /** Throws ExportTimeoutError once the deadline has passed. */
  check(): void;
  /**
   * What `work` resolves to, or ExportTimeoutError once the deadline (plus `graceMs`) passes
   * first. The work given up is left to end on its own; its failure is not reported again.
   */
  within<T>(work: Promise<T>, graceMs?: number): Promise<T>;
};

export function deadlineAt(at: number, clock: () => number): Deadline {
  const check = () => {
    if (clock() > at) throw new ExportTimeoutError();
  };
  return {
    check,
    async within(work, graceMs = 0) {
      const left = at + graceMs - clock();
      if (left <= 0) {
        work.catch(() => undefined);
        throw new ExportTimeoutError();
      }
      let timer: NodeJS.Timeout | undefined;
      const timeUp = new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          reject(new ExportTimeoutError());
        }, left);
      });
      work.catch(() => undefined);
      try {
        return await Promise.race([work, timeUp]);
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

/**
 * Every document of `query`, a page at a time, each page as large as `pageSize()` says then,
 * each read cut off at the deadline.
 */
async function* pages(query: Query, pageSize: () => number, deadline: Deadline): AsyncGenerator<DocumentSnapshot[]> {
  let last: DocumentSnapshot | undefined;
  for (;;) {
    const size = pageSize();
    const page = await deadline.within((last ? query.startAfter(last) : query).limit(size).get());
    if (page.empty) return;
    yield page.docs;
    last = page.docs.at(-1);
    if (page.size < size) return;
  }
}

/** The document at `ref` if it exists, and every document under it, at any depth. */
async function* documentAndBelow(
  ref: DocumentReference,
  pageSize: () => number,
  deadline: Deadline,
): AsyncGenerator<DocumentSnapshot> {
  const snapshot = await deadline.within(ref.get());
  if (snapshot.exists) yield snapshot;
  for (const collection of await deadline.within(ref.listCollections())) {
    for await (const page of pages(collection.orderBy(FieldPath.documentId()), pageSize, deadline))
      for (const document of page) yield* documentAndBelow(document.ref, pageSize, deadline);
  }
}

/** What a copy holds so far, checked at every document it adds. */
export type CopyReading = {
  deadline: Deadline;
  /** Adds a document (once, however often it is found), or throws once the copy is too large or late. */
  add: (place: string, snapshot: DocumentSnapshot) => void;
  /** Documents read by place (a path template, or a collection and its owner field). */
  counts: Record<string, number>;
  /** The documents, by path. */
  documents: () => ExportedDocument[];
  /** Documents read so far. */
  read: () => number;
  /** What the next page may hold: its size follows the documents read so far. */
  pageSize: () => number;
};

/**
 * A running count of what the copy holds, so reading stops once the copy is too large, has read
 * too many documents, or is running out of time.
 */
export function copyReading(
  { maxBytes, maxDocuments }: { maxBytes: number; maxDocuments: number },
  deadline: Deadline,
): CopyReading {
  const documents = new Map<string, ExportedDocument>();
  const counts: Record<string, number> = {};
  let bytes = 0;
  let read = 0;
  return {
    deadline,
    counts,
    documents: () => [...documents.values()].sort((a, b) => a.path.localeCompare(b.path)),
    read: () => read,
    pageSize: () =>
      Math.min(
        maxPageSize,
        Math.max(minPageSize, read === 0 ? firstPageSize : Math.floor(pageBudgetBytes / Math.max(1, bytes / read))),
      ),
    add: (place, snapshot) => {
      read += 1;
      counts[place] = (counts[place] ?? 0) + 1;
      if (!documents.has(snapshot.ref.path)) {
        const entry = { path: snapshot.ref.path, place, data: plainJson(snapshot.data()) };
        bytes += Buffer.byteLength(JSON.stringify(entry)) + 1;
        documents.set(snapshot.ref.path, entry);
      }
      if (bytes > maxBytes || read > maxDocuments) throw new ExportTooLargeError(bytes, read);
      deadline.check();
    },
  };
}

/**
 * Every document of the member's: those the map names by path with everything under them (the
 * member's own subcollections); those found by an owner field alone.
 */
export async function readMemberDocuments(
  db: Firestore,
  uid: string,
  data: MemberData,
  reading: CopyReading,
): Promise<void> {
  const { deadline } = reading;
  for (const template of data.documents)
    for await (const snapshot of documentAndBelow(db.doc(forMember(template, uid)), reading.pageSize, deadline))
      reading.add(template, snapshot);
  for (const { collection, field } of data.queries) {
    const query = db.collection(collection).where(field, '==', uid).orderBy(FieldPath.documentId());
    for await (const page of pages(query, reading.pageSize, deadline))
      for (const snapshot of page) reading.add(`${collection}.${field}`, snapshot);
  }
}

/**
 * The member's files, added to `files` as each listing comes (so a copy given up records how
 * many it had), then sorted by name. Each page of the listing is cut off at the deadline, and
 * none is asked for after it, so a listing given up does not go on paging behind the answer.
 */
export async function listMemberFiles(
  storage: StorageLister,
  { uid, data }: { uid: string; data: MemberData },
  deadline: Deadline,
  files: ListedFile[],
): Promise<void> {
  for (const template of data.storagePrefixes)
    files.push(
      ...(await deadline.within(
        storage.list(forMember(template, uid), () => {
          deadline.check();
        }),
      )),
    );
  files.sort((a, b) => a.name.localeCompare(b.name));
}
