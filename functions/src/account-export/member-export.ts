// A copy of one member's data (GDPR Art. 15 access, Art. 20 portability): their account as
// Auth holds it and every document and file that account-deletion/member-data.ts says is
// theirs — the same map the clean-up deletes by, so what a member can download and what a
// deletion removes cannot drift apart. Capped per member per day, and each export recorded
// without personal data (a one-way code, the time, and how much by place).
import { createHash, randomUUID } from 'node:crypto';
import {
  FieldPath,
  Timestamp,
  type DocumentReference,
  type DocumentSnapshot,
  type Firestore,
  type Query,
} from 'firebase-admin/firestore';
import { forMember, memberData as defaultMemberData, type MemberData } from '../account-deletion/member-data.js';
import type { ListedFile, StorageLister } from '../account-deletion/storage-cleaner.js';
import { plainJson, type Json } from './plain-json.js';

/** Where exports are recorded, one document per member under a one-way code. Clients can neither read nor write it. */
export const exportsCollection = 'DataExports';

/** Copies a member may make in any 24 hours (the Account page and the privacy policy say so: web/src/config/account.ts). */
export const exportsPerDay = 3;

/** Years an export record is kept after the last export (a TTL policy on `expireAt`); the privacy policy states it. */
export const exportRecordYears = 2;

/**
 * A copy larger than this is not sent (a callable answers at most 32 MB); the member is asked
 * to write to us. Reading stops as soon as the copy passes it, so an instance never holds much
 * more than this for one copy (below: what a page adds).
 */
export const maxExportBytes = 24 * 1024 * 1024;

/**
 * Most documents one copy reads (each read is paid for): far more than an angler's years of
 * catches and posts; a member past it is asked to write to us, as for a copy too large.
 */
export const maxExportDocuments = 20_000;

/**
 * How long reading may take before the copy is given up (and given back to the daily cap):
 * well inside Hosting's 60 seconds for a rewrite to a function, which cuts the answer off
 * after that, so a copy the member never receives is never recorded as made.
 */
export const exportDeadlineMs = 40_000;

/**
 * What a page of a query may hold: its size follows the documents read so far (a page of the
 * largest documents Firestore allows, 1 MiB each, is two of them), between `minPageSize` and
 * `maxPageSize` documents.
 */
const pageBudgetBytes = 2 * 1024 * 1024;
const minPageSize = 2;
const maxPageSize = 500;
const firstPageSize = 20;

/** Exports listed in a member's record, newest last. */
export const exportHistoryLength = 20;

const dayMs = 24 * 60 * 60_000;

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

/** The copy, as the member downloads it (JSON). */
export type MemberExport = {
  format: 'member-data-export';
  version: 1;
  exportedAt: string;
  account: MemberAccount;
  documents: ExportedDocument[];
  storage: { state: 'LISTED'; files: ListedFile[] } | { state: 'UNAVAILABLE' };
};

/** One export as its record lists it: no id, no address, no content. */
export type ExportLogEntry = {
  at: Date;
  /**
   * DONE and TOO_LARGE count against the day's copies (a copy too large costs its reads
   * every time); FAILED and TIMED_OUT are given back: the member received nothing.
   */
  state: 'DONE' | 'TOO_LARGE' | 'FAILED' | 'TIMED_OUT';
  /** Documents per place of the map: `users/{UID}`, `posts.ownerId`. */
  documents: Record<string, number>;
  files: number;
  bytes: number;
};

/** A member's export record. `recent`: the exports that count against today's cap. */
export type ExportRecord = {
  hashedId: string;
  recent: Array<{ at: number; id: string }>;
  exports: number;
  history: ExportLogEntry[];
  expireAt: Timestamp;
};

export type ExportDeps = {
  db: Firestore;
  /** The member's Auth account (firebase-admin's getUser, in production). */
  account: (uid: string) => Promise<MemberAccount>;
  /** The bucket's lister, or undefined where there is no Storage (the emulators here). */
  storage: StorageLister | undefined;
  data?: MemberData;
  now?: () => number;
  perDay?: number;
  maxBytes?: number;
  maxDocuments?: number;
  deadlineMs?: number;
  /** The clock the deadline is kept by (the real one unless a test stops it). */
  clock?: () => number;
};

/** Over the daily cap: `retryAt` is when the oldest of today's exports stops counting. */
export class ExportLimitError extends Error {
  readonly retryAt: number;
  constructor(retryAt: number) {
    super('Too many copies of this member’s data today');
    this.retryAt = retryAt;
  }
}

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

/** A one-way id for the record: the same member always gives the same one; it names no one. */
export function exportRecordId(uid: string): string {
  return createHash('sha256').update(`data-export:${uid}`).digest('hex');
}

function recordExpiry(ms: number): Timestamp {
  const expiry = new Date(ms);
  expiry.setUTCFullYear(expiry.getUTCFullYear() + exportRecordYears);
  return Timestamp.fromDate(expiry);
}

/**
 * Takes one of today's exports for the member, in a transaction on their record (so parallel
 * calls cannot all slip under the cap), or throws ExportLimitError. Resolves to a function
 * that logs how the export ended; one that failed is given back to the cap.
 */
async function takeExport(
  db: Firestore,
  uid: string,
  now: number,
  perDay: number,
): Promise<(entry: Omit<ExportLogEntry, 'at'>) => Promise<void>> {
  const record = db.collection(exportsCollection).doc(exportRecordId(uid));
  const id = randomUUID();
  await db.runTransaction(async (tx) => {
    const current = (await tx.get(record)).data() as ExportRecord | undefined;
    const recent = (current?.recent ?? []).filter((entry) => entry.at > now - dayMs);
    if (recent.length >= perDay) throw new ExportLimitError(Math.min(...recent.map((entry) => entry.at)) + dayMs);
    tx.set(record, {
      hashedId: record.id,
      recent: [...recent, { at: now, id }],
      exports: (current?.exports ?? 0) + 1,
      history: current?.history ?? [],
      expireAt: recordExpiry(now),
    } satisfies ExportRecord);
  });
  return async (entry) => {
    await db.runTransaction(async (tx) => {
      const current = (await tx.get(record)).data() as ExportRecord | undefined;
      if (!current) return;
      tx.update(record, {
        history: [...current.history, { at: new Date(now), ...entry }].slice(-exportHistoryLength),
        ...(entry.state === 'DONE' || entry.state === 'TOO_LARGE'
          ? {}
          : { recent: current.recent.filter((taken) => taken.id !== id) }),
      });
    });
  };
}

/** Every document of `query`, a page at a time, each page as large as `pageSize()` says then. */
async function* pages(query: Query, pageSize: () => number): AsyncGenerator<DocumentSnapshot[]> {
  let last: DocumentSnapshot | undefined;
  for (;;) {
    const size = pageSize();
    const page = await (last ? query.startAfter(last) : query).limit(size).get();
    if (page.empty) return;
    yield page.docs;
    last = page.docs.at(-1);
    if (page.size < size) return;
  }
}

/** The document at `ref` if it exists, and every document under it, at any depth. */
async function* documentAndBelow(ref: DocumentReference, pageSize: () => number): AsyncGenerator<DocumentSnapshot> {
  const snapshot = await ref.get();
  if (snapshot.exists) yield snapshot;
  for (const collection of await ref.listCollections()) {
    for await (const page of pages(collection.orderBy(FieldPath.documentId()), pageSize))
      for (const document of page) yield* documentAndBelow(document.ref, pageSize);
  }
}

/**
 * Makes the member's copy, within the daily cap, and records it. Documents the map names by
 * path come with everything under them (the member's own subcollections); documents found by
 * an owner field come alone: what other members wrote under them (comments on a post) is those
 * members' data. A document found twice (a member who follows themself) is listed once.
 */
export async function exportMember(uid: string, deps: ExportDeps): Promise<MemberExport> {
  const { db } = deps;
  const data = deps.data ?? defaultMemberData;
  const now = (deps.now ?? Date.now)();
  const clock = deps.clock ?? Date.now;
  const deadline = clock() + (deps.deadlineMs ?? exportDeadlineMs);
  const maxBytes = deps.maxBytes ?? maxExportBytes;
  const maxDocuments = deps.maxDocuments ?? maxExportDocuments;
  // Refuses an id that could widen a path before anything is taken or read.
  for (const template of data.documents) forMember(template, uid);
  const finish = await takeExport(db, uid, now, deps.perDay ?? exportsPerDay);

  // A running count of what the copy holds, checked at every document, so reading stops
  // once the copy is too large, has read too many documents, or is running out of time.
  const documents = new Map<string, ExportedDocument>();
  const counts: Record<string, number> = {};
  let bytes = 0;
  let read = 0;
  const pageSize = () =>
    Math.min(
      maxPageSize,
      Math.max(minPageSize, read === 0 ? firstPageSize : Math.floor(pageBudgetBytes / Math.max(1, bytes / read))),
    );
  const add = (place: string, snapshot: DocumentSnapshot) => {
    read += 1;
    counts[place] = (counts[place] ?? 0) + 1;
    if (!documents.has(snapshot.ref.path)) {
      const entry = { path: snapshot.ref.path, place, data: plainJson(snapshot.data()) };
      bytes += Buffer.byteLength(JSON.stringify(entry)) + 1;
      documents.set(snapshot.ref.path, entry);
    }
    if (bytes > maxBytes || read > maxDocuments) throw new ExportTooLargeError(bytes, read);
    if (clock() > deadline) throw new ExportTimeoutError();
  };
  let files: ListedFile[] = [];
  try {
    const account = await deps.account(uid);
    for (const template of data.documents)
      for await (const snapshot of documentAndBelow(db.doc(forMember(template, uid)), pageSize))
        add(template, snapshot);
    for (const { collection, field } of data.queries) {
      const query = db.collection(collection).where(field, '==', uid).orderBy(FieldPath.documentId());
      for await (const page of pages(query, pageSize))
        for (const snapshot of page) add(`${collection}.${field}`, snapshot);
    }
    if (deps.storage) {
      for (const template of data.storagePrefixes) files.push(...(await deps.storage.list(forMember(template, uid))));
      files = files.sort((a, b) => a.name.localeCompare(b.name));
    }
    const copy: MemberExport = {
      format: 'member-data-export',
      version: 1,
      exportedAt: new Date(now).toISOString(),
      account,
      documents: [...documents.values()].sort((a, b) => a.path.localeCompare(b.path)),
      storage: deps.storage ? { state: 'LISTED', files } : { state: 'UNAVAILABLE' },
    };
    const size = Buffer.byteLength(JSON.stringify(copy));
    if (size > maxBytes) throw new ExportTooLargeError(size, read);
    if (clock() > deadline) throw new ExportTimeoutError();
    await finish({ state: 'DONE', documents: counts, files: files.length, bytes: size });
    return copy;
  } catch (error) {
    const tooLarge = error instanceof ExportTooLargeError;
    await finish({
      state: tooLarge ? 'TOO_LARGE' : error instanceof ExportTimeoutError ? 'TIMED_OUT' : 'FAILED',
      documents: counts,
      files: files.length,
      bytes: tooLarge ? error.bytes : 0,
    }).catch(() => undefined);
    throw error;
  }
}
