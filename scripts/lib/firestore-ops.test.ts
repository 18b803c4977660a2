import { PassThrough } from 'node:stream';
import { AggregateField, Firestore } from 'firebase-admin/firestore';
import { afterEach, describe, expect, it } from 'vitest';
import { countFirestoreOps, describeOps } from './firestore-ops.ts';
import { collections } from '../../functions/src/contracts/collections.ts';

// What can be checked without an emulator: the counting itself on a stand-in with the SDK's
// two funnels, and that the installed admin SDK sends each kind of operation through them
// (its funnels answered here by hand, so nothing leaves the process).

/** A stand-in with the funnels on its prototype, as the SDK's Firestore class has them. */
class FakeFirestore {
  readonly calls: string[] = [];
  request(methodName: string, request: unknown, requestTag: string): Promise<string> {
    this.calls.push(`request ${methodName} ${requestTag}`);
    if (methodName === 'rollback') return Promise.reject(new Error('refused'));
    return Promise.resolve(`answer to ${JSON.stringify(request)}`);
  }
  requestStream(methodName: string, bidirectional: boolean, request: unknown, requestTag: string): Promise<string> {
    this.calls.push(`stream ${methodName} ${String(bidirectional)} ${requestTag}`);
    return Promise.resolve(`stream for ${JSON.stringify(request)}`);
  }
}
const asFirestore = (fake: FakeFirestore) => fake as unknown as Firestore;

describe('countFirestoreOps on a stand-in', () => {
  it('counts each call by method, as it is made, and passes arguments and answers through', async () => {
    const fake = new FakeFirestore();
    const counter = countFirestoreOps(asFirestore(fake));
    const pending = [
      fake.request('commit', { writes: [1, 2, 3] }, 'tag-1'),
      fake.requestStream('batchGetDocuments', false, { documents: ['a', 'b'] }, 'tag-2'),
      fake.requestStream('runQuery', false, { structuredQuery: {} }, 'tag-3'),
      fake.requestStream('batchGetDocuments', false, { documents: ['c'] }, 'tag-4'),
    ];
    // Counted before any answer arrives.
    expect(counter.snapshot().total).toBe(4);
    expect(await pending[0]).toBe('answer to {"writes":[1,2,3]}');
    expect(await pending[1]).toBe('stream for {"documents":["a","b"]}');
    expect(fake.calls).toEqual([
      'request commit tag-1',
      'stream batchGetDocuments false tag-2',
      'stream runQuery false tag-3',
      'stream batchGetDocuments false tag-4',
    ]);
    expect(counter.snapshot()).toEqual({
      byMethod: { batchGetDocuments: 2, commit: 1, runQuery: 1 },
      total: 4,
      documents: { batchGetDocuments: 3, commit: 3 },
      failed: {},
    });
  });

  it('counts a call that fails, notes it as failed, and leaves the rejection to the caller', async () => {
    const fake = new FakeFirestore();
    const counter = countFirestoreOps(asFirestore(fake));
    await expect(fake.request('rollback', {}, 'tag')).rejects.toThrow('refused');
    expect(counter.snapshot()).toMatchObject({ byMethod: { rollback: 1 }, total: 1, failed: { rollback: 1 } });
  });

  it('hands out copies, starts from zero on reset', () => {
    const fake = new FakeFirestore();
    const counter = countFirestoreOps(asFirestore(fake));
    void fake.request('commit', {}, 'tag');
    const before = counter.snapshot();
    counter.reset();
    expect(before.byMethod).toEqual({ commit: 1 });
    expect(counter.snapshot()).toEqual({ byMethod: {}, total: 0, documents: {}, failed: {} });
    void fake.requestStream('runAggregationQuery', false, {}, 'tag');
    expect(counter.snapshot().byMethod).toEqual({ runAggregationQuery: 1 });
  });

  it('restores the methods as they were, counters on one instance in reverse order', () => {
    const fake = new FakeFirestore();
    const outer = countFirestoreOps(asFirestore(fake));
    const inner = countFirestoreOps(asFirestore(fake));
    void fake.request('commit', {}, 'tag');
    expect([outer.snapshot().total, inner.snapshot().total]).toEqual([1, 1]);
    inner.restore();
    void fake.request('commit', {}, 'tag');
    expect([outer.snapshot().total, inner.snapshot().total]).toEqual([2, 1]);
    outer.restore();
    void fake.request('commit', {}, 'tag');
    expect([outer.snapshot().total, inner.snapshot().total]).toEqual([2, 1]);
    expect(Object.hasOwn(fake, 'request')).toBe(false);
    expect(Object.hasOwn(fake, 'requestStream')).toBe(false);
    expect(fake.calls).toHaveLength(3);
  });

  it('refuses an object without the funnels rather than count nothing', () => {
    expect(() => countFirestoreOps({ request: () => undefined } as unknown as Firestore)).toThrow(/requestStream/);
  });
});

describe('countFirestoreOps on the installed admin SDK', () => {
  const stamp = { seconds: 1_900_000_000, nanos: 0 };
  let db: Firestore | undefined;
  afterEach(async () => {
    await db?.terminate();
    db = undefined;
  });

  /** An instance whose funnels answer as the backend would, the least each operation needs. */
  function offlineFirestore(): Firestore {
    const instance = new Firestore({ projectId: 'demo-ops-test' });
    const funnels = instance as unknown as Record<string, unknown>;
    funnels.request = (methodName: string, request: { writes?: unknown[] }) =>
      Promise.resolve(
        methodName === 'commit'
          ? { commitTime: stamp, writeResults: (request.writes ?? []).map(() => ({ updateTime: stamp })) }
          : {},
      );
    funnels.requestStream = (
      methodName: string,
      _bidirectional: boolean,
      request: {
        documents?: string[];
        newTransaction?: unknown;
        structuredAggregationQuery?: { aggregations: Array<{ alias: string }> };
      },
    ) => {
      const stream = new PassThrough({ objectMode: true });
      if (methodName === 'batchGetDocuments') {
        const transaction = request.newTransaction ? { transaction: Buffer.from('t') } : {};
        for (const name of request.documents ?? []) stream.write({ missing: name, readTime: stamp, ...transaction });
      } else if (methodName === 'runAggregationQuery') {
        const fields = (request.structuredAggregationQuery?.aggregations ?? []).map(
          ({ alias }): [string, { integerValue: string }] => [alias, { integerValue: '0' }],
        );
        stream.write({ readTime: stamp, result: { aggregateFields: Object.fromEntries(fields) } });
      } else {
        stream.write({ readTime: stamp });
      }
      stream.end();
      return Promise.resolve(stream);
    };
    return instance;
  }

  it('sees a write, a batch get, a query, an aggregation and transactions, by method', async () => {
    const firestore = offlineFirestore();
    db = firestore;
    const counter = countFirestoreOps(firestore);
    const ops = async (work: () => Promise<unknown>) => {
      counter.reset();
      await work();
      const { byMethod, documents } = counter.snapshot();
      return { byMethod, documents };
    };
    const mail = firestore.collection(collections.mail);
    expect(await ops(() => mail.doc('a').set({ n: 1 }))).toEqual({
      byMethod: { commit: 1 },
      documents: { commit: 1 },
    });
    expect(await ops(() => firestore.getAll(mail.doc('a'), mail.doc('b'), mail.doc('c')))).toEqual({
      byMethod: { batchGetDocuments: 1 },
      documents: { batchGetDocuments: 3 },
    });
    expect(await ops(() => mail.where('n', '==', 1).limit(5).get())).toEqual({
      byMethod: { runQuery: 1 },
      documents: {},
    });
    expect(await ops(() => mail.aggregate({ total: AggregateField.sum('n') }).get())).toEqual({
      byMethod: { runAggregationQuery: 1 },
      documents: {},
    });
    const batch = firestore.batch();
    batch.set(mail.doc('a'), { n: 2 });
    batch.update(mail.doc('b'), { n: 3 });
    expect(await ops(() => batch.commit())).toEqual({ byMethod: { commit: 1 }, documents: { commit: 2 } });
    // A transaction begins with its first read (no beginTransaction) and commits its writes.
    expect(
      await ops(() =>
        firestore.runTransaction(async (tx) => {
          await tx.get(mail.doc('a'));
          tx.set(mail.doc('a'), { n: 4 });
        }),
      ),
    ).toEqual({ byMethod: { batchGetDocuments: 1, commit: 1 }, documents: { batchGetDocuments: 1, commit: 1 } });
    // One that only reads still commits (nothing), to end the transaction.
    expect(
      await ops(() =>
        firestore.runTransaction(async (tx) => {
          await tx.get(mail.doc('a'));
        }),
      ),
    ).toEqual({ byMethod: { batchGetDocuments: 1, commit: 1 }, documents: { batchGetDocuments: 1 } });
    counter.restore();
  });
});

describe('describeOps', () => {
  it('names the four kinds always, then any other method counted', () => {
    expect(describeOps({ batchGetDocuments: 1, commit: 2, rollback: 1, listen: 0 })).toBe(
      'reads 1, queries 0, aggregations 0, commits 2, rollbacks 1',
    );
    expect(describeOps({ somethingNew: 3 })).toBe('reads 0, queries 0, aggregations 0, commits 0, somethingNew 3');
  });
});
