// Counts the Firestore operations (RPCs) one admin SDK instance makes, by method: what
// `npm run bench:mail -- --ops N` reports per contact message.
//
// The admin SDK (@google-cloud/firestore, 9.x) sends every RPC through two methods of the
// Firestore instance: `request(methodName, request, requestTag, …)` for the unary ones
// (commit, rollback, beginTransaction, listDocuments, listCollectionIds, batchWrite) and
// `requestStream(methodName, bidirectional, request, requestTag)` for the streaming ones
// (batchGetDocuments, runQuery, runAggregationQuery, partitionQueryStream, listen). Both are
// wrapped on the instance, so each call is counted once, synchronously, as it is made: the
// counts do not depend on timing. A call the SDK retries itself (its `_retry` loop, gax's
// retry of UNAVAILABLE) counts once: against the emulator nothing is retried.
import type { Firestore } from 'firebase-admin/firestore';

/** The funnels, as the SDK defines them (internal: not in its type declarations). */
type Funnel = (this: unknown, methodName: string, ...rest: unknown[]) => unknown;
type Funnels = { request?: unknown; requestStream?: unknown };
const funnelNames = ['request', 'requestStream'] as const;

export type FirestoreOps = {
  /** Calls by method name (`batchGetDocuments`, `commit`, …), sorted by name. */
  byMethod: Record<string, number>;
  /** Every call. */
  total: number;
  /**
   * Documents the calls named, by method: read by batchGetDocuments, written by commit and
   * batchWrite. (Firestore bills per document; an RPC may read or write several.)
   */
  documents: Record<string, number>;
  /** Calls that failed (the request's promise rejected), by method. */
  failed: Record<string, number>;
};

export type FirestoreOpsCounter = {
  /** What was counted since the counter was made or last reset (a copy). */
  snapshot(): FirestoreOps;
  /** Starts counting from zero. */
  reset(): void;
  /**
   * Puts the instance's methods back as they were. Counters on the same instance are
   * restored in the reverse order of their making.
   */
  restore(): void;
};

/** Documents a request names: the reads of a batch get, the writes of a commit. */
function documentsOf(methodName: string, request: unknown): number {
  if (typeof request !== 'object' || request === null) return 0;
  const { documents, writes } = request as { documents?: unknown; writes?: unknown };
  if (methodName === 'batchGetDocuments' && Array.isArray(documents)) return documents.length;
  if ((methodName === 'commit' || methodName === 'batchWrite') && Array.isArray(writes)) return writes.length;
  return 0;
}

const sorted = (map: Map<string, number>) =>
  Object.fromEntries([...map].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
const add = (map: Map<string, number>, key: string, by = 1) => map.set(key, (map.get(key) ?? 0) + by);

/**
 * Counts every RPC `db` (firebase-admin's Firestore) makes from now on, until `restore()`.
 * Throws when the instance has no such methods: the SDK changed, and a count of zero would
 * be a lie.
 */
export function countFirestoreOps(db: Firestore): FirestoreOpsCounter {
  const target = db as unknown as Funnels;
  const calls = new Map<string, number>();
  const documents = new Map<string, number>();
  const failed = new Map<string, number>();
  const saved = funnelNames.map((name) => {
    const original = target[name];
    if (typeof original !== 'function') {
      throw new Error(
        `countFirestoreOps: this Firestore instance has no ${name}() (check node_modules/@google-cloud/firestore/build/src/index.js)`,
      );
    }
    return { name, own: Object.getOwnPropertyDescriptor(target, name), original: original as Funnel };
  });

  for (const { name, original } of saved) {
    // The request is the second argument of `request` and the third of `requestStream`.
    const requestAt = name === 'request' ? 0 : 1;
    const counted = function (this: unknown, methodName: string, ...rest: unknown[]): unknown {
      add(calls, methodName);
      const items = documentsOf(methodName, rest[requestAt]);
      if (items > 0) add(documents, methodName, items);
      const result = original.call(this, methodName, ...rest);
      if (result instanceof Promise) {
        // Noted, and passed on as it was: the caller still sees the rejection.
        result.catch(() => add(failed, methodName));
      }
      return result;
    };
    Object.defineProperty(target, name, { value: counted, configurable: true, writable: true });
  }

  return {
    snapshot: () => ({
      byMethod: sorted(calls),
      total: [...calls.values()].reduce((a, b) => a + b, 0),
      documents: sorted(documents),
      failed: sorted(failed),
    }),
    reset: () => {
      calls.clear();
      documents.clear();
      failed.clear();
    },
    restore: () => {
      for (const { name, own } of saved) {
        if (own) Object.defineProperty(target, name, own);
        else Reflect.deleteProperty(target, name);
      }
    },
  };
}

/** How the benchmark names a method in words (its verdict line). */
export const methodWords: Record<string, string> = {
  batchGetDocuments: 'reads',
  runQuery: 'queries',
  runAggregationQuery: 'aggregations',
  commit: 'commits',
  beginTransaction: 'transaction begins',
  rollback: 'rollbacks',
  batchWrite: 'batch writes',
  listDocuments: 'document listings',
  listCollectionIds: 'collection listings',
  partitionQueryStream: 'query partitions',
  listen: 'listens',
};

/**
 * One line of counts in words: the four kinds a contact message makes always (reads, queries,
 * aggregations, commits, zero or not), then any other method counted.
 */
export function describeOps(byMethod: Readonly<Record<string, number>>): string {
  const always = ['batchGetDocuments', 'runQuery', 'runAggregationQuery', 'commit'];
  const others = Object.keys(byMethod).filter((method) => !always.includes(method) && (byMethod[method] ?? 0) > 0);
  return [...always, ...others].map((method) => `${methodWords[method] ?? method} ${byMethod[method] ?? 0}`).join(', ');
}
