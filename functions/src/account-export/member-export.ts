// A copy of one member's data (GDPR Art. 15 access, Art. 20 portability): their account as
// Auth holds it and every document and file that contracts/member-data.ts says is
// theirs — the same map the clean-up deletes by, so what a member can download and what a
// deletion removes cannot drift apart. Capped per member per day, and each export recorded
// without personal data (a one-way code, the time, and how much by place).
import { createHash, randomUUID } from 'node:crypto';
import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { forMember, memberData as defaultMemberData, type MemberData } from '../contracts/member-data.js';

export { ExportTimeoutError, ExportTooLargeError };
import type { StorageLister } from '../member-files/buckets.js';
import type { ListedFile, MemberAccount, MemberCopy } from '../contracts/member-copy.js';
import {
  copyReading,
  deadlineAt,
  ExportTimeoutError,
  ExportTooLargeError,
  listMemberFiles,
  readMemberDocuments,
} from './copy-reading.js';
import { collections } from '../contracts/collections.js';

/**
 * Copies a member may ask for in any 24 hours: each try that made a copy, or found one too
 * large, counts (the Account page and the privacy policy say so: web/src/config/account.ts).
 * A try that failed on our side (an error, or given up at its deadline) is given back: a member
 * does not lose a request to our failure (GDPR art. 12). Three: a member needs one copy; the
 * others cover a download lost in the browser.
 */
export const exportsPerDay = 3;

/**
 * Tries that failed on our side a member may make in any 24 hours besides their copies. Every
 * try costs the same, up to `maxExportDocuments` paid reads and an instance's
 * `exportDeadlineMs`, and a copy that failed or ran out of time will mostly do so again: past
 * these the member is answered as for any failure, and the page asks them to write to us.
 */
export const failedExportsPerDay = 3;

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
 * How long the copy may take before it is given up (recorded TIMED_OUT; the copy is given back):
 * well inside Hosting's 60 seconds for a rewrite to a function, which cuts the answer off
 * after that, so a copy the member never receives is never recorded as made. Every step that
 * waits on another service (Auth, each read and listing of Firestore, each page of the Storage
 * listing) is cut off at it, not only checked between documents.
 */
export const exportDeadlineMs = 40_000;

/** Exports listed in a member's record, newest last. */
export const exportHistoryLength = 20;

const dayMs = 24 * 60 * 60_000;

/** One export as its record lists it: no id, no address, no content. */
export type ExportLogEntry = {
  at: Date;
  /**
   * How the try ended. A copy made and one too large count against the day's copies
   * (`exportsPerDay`); a failed one and one given up against the day's failures
   * (`failedExportsPerDay`).
   */
  state: 'DONE' | 'TOO_LARGE' | 'FAILED' | 'TIMED_OUT';
  /** Documents per place of the map: `users/{UID}`, `posts.ownerId`. */
  documents: Record<string, number>;
  files: number;
  bytes: number;
};

/**
 * A member's export record. `recent`: the tries of the last 24 hours, each a copy (or one
 * still being made) unless it `failed` on our side.
 */
export type ExportRecord = {
  hashedId: string;
  recent: Array<{ at: number; id: string; failed?: true }>;
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
  failedPerDay?: number;
  maxBytes?: number;
  maxDocuments?: number;
  deadlineMs?: number;
  /** The clock the deadline is kept by (the real one unless a test stops it). */
  clock?: () => number;
};

/** Over the daily cap: `retryAt` is when the oldest of today's copies stops counting. */
export class ExportLimitError extends Error {
  readonly retryAt: number;
  constructor(retryAt: number) {
    super('Too many copies of this member’s data today');
    this.retryAt = retryAt;
  }
}

/** Over the day's failures: the copy keeps failing on our side, and the member is told as for a failure. */
export class ExportFailingError extends Error {
  constructor() {
    super('This member’s copy failed too often today');
  }
}

/**
 * Time the record of how a try ended may take past the deadline: it is written after the copy
 * was given up, and still well inside Hosting's 60 seconds.
 */
const recordGraceMs = 5_000;

/** A one-way id for the record: the same member always gives the same one; it names no one. */
export function exportRecordId(uid: string): string {
  return createHash('sha256').update(`data-export:${uid}`).digest('hex');
}

function recordExpiry(ms: number): Timestamp {
  const expiry = new Date(ms);
  expiry.setUTCFullYear(expiry.getUTCFullYear() + exportRecordYears);
  return Timestamp.fromDate(expiry);
}

/** Whether a try's end gives it back: it failed on our side. */
const givenBack = (state: ExportLogEntry['state']) => state === 'FAILED' || state === 'TIMED_OUT';

/**
 * Takes one of today's copies for the member, in a transaction on their record (so parallel
 * calls cannot all slip under the cap), or throws ExportLimitError (the day's copies are
 * spent) or ExportFailingError (the day's failures are). Resolves to a function that logs how
 * the try ended and, for a try that failed on our side, gives the copy back.
 */
async function takeExport(
  db: Firestore,
  uid: string,
  now: number,
  caps: { perDay: number; failedPerDay: number },
): Promise<(entry: Omit<ExportLogEntry, 'at'>) => Promise<void>> {
  const record = db.collection(collections.dataExports).doc(exportRecordId(uid));
  const id = randomUUID();
  await db.runTransaction(async (tx) => {
    const current = (await tx.get(record)).data() as ExportRecord | undefined;
    const recent = (current?.recent ?? []).filter((entry) => entry.at > now - dayMs);
    const copies = recent.filter((entry) => !entry.failed);
    if (copies.length >= caps.perDay) throw new ExportLimitError(Math.min(...copies.map((entry) => entry.at)) + dayMs);
    if (recent.length - copies.length >= caps.failedPerDay) throw new ExportFailingError();
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
        ...(givenBack(entry.state)
          ? { recent: current.recent.map((taken) => (taken.id === id ? { ...taken, failed: true } : taken)) }
          : {}),
      });
    });
  };
}

/** The copy's settings: what a test passes, else the defaults above, and its deadline from now. */
function settingsOf(deps: ExportDeps) {
  const clock = deps.clock ?? Date.now;
  return {
    data: deps.data ?? defaultMemberData,
    now: (deps.now ?? Date.now)(),
    deadline: deadlineAt(clock() + (deps.deadlineMs ?? exportDeadlineMs), clock),
    maxBytes: deps.maxBytes ?? maxExportBytes,
    maxDocuments: deps.maxDocuments ?? maxExportDocuments,
    perDay: deps.perDay ?? exportsPerDay,
    failedPerDay: deps.failedPerDay ?? failedExportsPerDay,
  };
}

/** How a try that did not make a copy ended, for its record. */
function endState(error: unknown): ExportLogEntry['state'] {
  if (error instanceof ExportTooLargeError) return 'TOO_LARGE';
  return error instanceof ExportTimeoutError ? 'TIMED_OUT' : 'FAILED';
}

/**
 * Makes the member's copy, within the daily cap, and records it. Documents the map names by
 * path come with everything under them (the member's own subcollections); documents found by
 * an owner field come alone: what other members wrote under them (comments on a post) is those
 * members' data. A document found twice (a member who follows themself) is listed once.
 */
export async function exportMember(uid: string, deps: ExportDeps): Promise<MemberCopy> {
  const { db } = deps;
  const { data, now, deadline, maxBytes, maxDocuments, perDay, failedPerDay } = settingsOf(deps);
  // Refuses an id that could widen a path before anything is taken or read.
  for (const template of data.documents) forMember(template, uid);
  const finish = await takeExport(db, uid, now, { perDay, failedPerDay });
  const reading = copyReading({ maxBytes, maxDocuments }, deadline);
  const files: ListedFile[] = [];
  try {
    const account = await deadline.within(deps.account(uid));
    await readMemberDocuments(db, uid, data, reading);
    if (deps.storage) await listMemberFiles(deps.storage, { uid, data }, deadline, files);
    const copy: MemberCopy = {
      format: 'member-data-export',
      version: 1,
      exportedAt: new Date(now).toISOString(),
      account,
      documents: reading.documents(),
      storage: deps.storage ? { state: 'LISTED', files } : { state: 'UNAVAILABLE' },
    };
    const size = Buffer.byteLength(JSON.stringify(copy));
    if (size > maxBytes) throw new ExportTooLargeError(size, reading.read());
    deadline.check();
    await deadline.within(
      finish({ state: 'DONE', documents: reading.counts, files: files.length, bytes: size }),
      recordGraceMs,
    );
    return copy;
  } catch (error) {
    const tooLarge = error instanceof ExportTooLargeError;
    await deadline
      .within(
        finish({
          state: endState(error),
          documents: reading.counts,
          files: files.length,
          bytes: tooLarge ? error.bytes : 0,
        }),
        recordGraceMs,
      )
      .catch(() => undefined);
    throw error;
  }
}
