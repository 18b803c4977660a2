import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getAuth, type Auth } from 'firebase-admin/auth';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountOf } from '../../functions/src/account-export/callable.ts';
import {
  exportMember,
  ExportFailingError,
  ExportLimitError,
  exportRecordId,
  exportRecordYears,
  exportsPerDay,
  exportDeadlineMs,
  failedExportsPerDay,
  ExportTimeoutError,
  ExportTooLargeError,
  maxExportBytes,
  type ExportDeps,
  type ExportLogEntry,
  type ExportRecord,
} from '../../functions/src/account-export/member-export.ts';
import { memberData } from '../../functions/src/contracts/member-data.ts';
import { bucketLister, MemoryBucket, type ListableBucketLike } from '../../functions/src/member-files/buckets.ts';
import { authEmulator, hostingOrigin, projectId } from '../support/emulators.ts';
import { memberFiles, seedMember, seededPaths } from '../support/members.ts';
import { collections } from '../../functions/src/contracts/collections.ts';
import { memberCopyPath } from '../../functions/src/contracts/member-copy.ts';

// A full collection on demand, for the memory this process keeps alive (not its garbage).
setFlagsFromString('--expose_gc');
const collectGarbage = runInNewContext('gc') as () => void;

// "Download my data" against the Firestore and Auth emulators: the module run as production
// runs it (many invocations side by side, here as parallel calls), and the deployed callable
// reached as the Account page reaches it, through the site's Hosting rewrite, with real Auth
// emulator ID tokens.
let app: App;
let db: Firestore;
let auth: Auth;

beforeAll(() => {
  app = initializeApp({ projectId }, 'account-export-test');
  db = getFirestore(app);
  auth = getAuth(app);
});
afterAll(async () => {
  await deleteApp(app);
});

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;

function deps(overrides: Partial<ExportDeps> = {}): ExportDeps {
  return { db, account: async (uid) => accountOf(await auth.getUser(uid)), storage: undefined, ...overrides };
}

async function record(uid: string): Promise<ExportRecord | undefined> {
  return (await db.collection(collections.dataExports).doc(exportRecordId(uid)).get()).data() as
    ExportRecord | undefined;
}

async function newMember(uid: string, provider?: 'google.com' | 'apple.com'): Promise<void> {
  await auth.createUser({ uid, email: `${uid}@example.com`, password: 'password-1', displayName: `Angler ${uid}` });
  if (provider)
    await auth.updateUser(uid, {
      providerToLink: { providerId: provider, uid: `${provider}-${uid}`, email: `${uid}@example.com` },
    });
}

describe('the export module', () => {
  it('copies the member’s account, documents and files, and nothing of a member they follow or notify', async () => {
    const [a, b] = [`a${unique()}`, `b${unique()}`];
    await newMember(a, 'google.com');
    await newMember(b);
    // Each member's documents name the other: a's follows and b's follows reference each other.
    await seedMember(db, a, b);
    await seedMember(db, b, a);
    const bucket = new MemoryBucket([...memberFiles(a), ...memberFiles(b)]);

    const copy = await exportMember(a, deps({ storage: bucket }));

    expect(copy.account).toMatchObject({ uid: a, email: `${a}@example.com`, displayName: `Angler ${a}` });
    expect(copy.account.providers.map((provider) => provider.providerId).sort()).toEqual(['google.com', 'password']);
    expect(copy.account.createdAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    // a's own documents, and the follows between the two, which the map makes both members'
    // (a's "who follows you" and "who you follow"); nothing else of b: no profile, post, catch
    // or notification of theirs.
    const follows = ['followerId', 'followeeId'].flatMap((field) =>
      [1, 2].map((n) => `follows/${b}-${field}-${String(n)}`),
    );
    expect(copy.documents.map((document) => document.path).sort()).toEqual([...seededPaths(a), ...follows].sort());
    for (const document of copy.documents) {
      expect(document.path.startsWith(`users/${b}`) || document.path.startsWith(`settings/${b}`)).toBe(false);
      expect(document.path.startsWith(`notifications/${b}`)).toBe(false);
      expect(document.path).not.toMatch(/\/comments\//);
    }
    expect(copy.documents.find((document) => document.path === `users/${a}`)?.data).toEqual({
      note: `users/{UID} of ${a}`,
    });
    expect(copy.storage).toEqual({
      state: 'LISTED',
      files: memberFiles(a)
        .sort()
        .map((name) => ({ name, size: name.length })),
    });
    // Plain JSON all through.
    expect(JSON.parse(JSON.stringify(copy))).toEqual(copy);
  });

  it('records the export with counts and times only, kept for the years the privacy policy states', async () => {
    const a = `a${unique()}`;
    await newMember(a);
    await seedMember(db, a, `b${unique()}`);
    const now = Date.UTC(2026, 10, 25, 9);
    await exportMember(a, deps({ now: () => now }));

    const saved = await record(a);
    expect(saved?.hashedId).toBe(exportRecordId(a));
    expect(saved?.exports).toBe(1);
    expect(saved?.history).toHaveLength(1);
    expect(saved?.history[0]?.state).toBe('DONE');
    const places: Record<string, number> = Object.fromEntries([
      ...memberData.documents.map((template): [string, number] => [template, 2]),
      ...memberData.queries.map(({ collection, field }): [string, number] => [`${collection}.${field}`, 2]),
    ]);
    expect(saved?.history[0]?.documents).toEqual(places);
    expect(saved?.expireAt.toDate().getUTCFullYear()).toBe(2026 + exportRecordYears);
    // No personal data: the id and address appear nowhere in the record.
    const text = JSON.stringify(saved);
    expect(text).not.toContain(a);
  });

  it(`allows ${String(exportsPerDay)} exports a day, also when many calls arrive at once`, async () => {
    const a = `a${unique()}`;
    await newMember(a);
    await seedMember(db, a, `b${unique()}`);
    const now = Date.now();
    const calls = await Promise.allSettled(Array.from({ length: 8 }, () => exportMember(a, deps({ now: () => now }))));
    expect(calls.filter((call) => call.status === 'fulfilled')).toHaveLength(exportsPerDay);
    const refused = calls.filter((call) => call.status === 'rejected');
    expect(refused).toHaveLength(8 - exportsPerDay);
    for (const call of refused) expect(call.reason).toBeInstanceOf(ExportLimitError);
    expect((await record(a))?.exports).toBe(exportsPerDay);

    // A day after the first, the member may again.
    await expect(exportMember(a, deps({ now: () => now + 24 * 60 * 60_000 - 1 }))).rejects.toBeInstanceOf(
      ExportLimitError,
    );
    await expect(exportMember(a, deps({ now: () => now + 24 * 60 * 60_000 + 1 }))).resolves.toBeDefined();
  });

  // Each way a try can end, and the member's tries of the day spent that way: the next is
  // refused. A try that failed on our side is given back as a copy, and counts against the
  // day's failures instead.
  const ends: Array<
    [string, ExportLogEntry['state'], () => Partial<ExportDeps>, (error: unknown) => void, 'copy' | 'failure']
  > = [
    [
      'FAILED (Auth unavailable)',
      'FAILED',
      () => ({ account: () => Promise.reject(new Error('Auth unavailable')) }),
      (error) => expect(String(error)).toMatch(/unavailable/),
      'failure',
    ],
    [
      'TIMED_OUT (Auth never answers)',
      'TIMED_OUT',
      () => ({ account: () => new Promise<never>(() => {}), deadlineMs: 300 }),
      (error) => expect(error).toBeInstanceOf(ExportTimeoutError),
      'failure',
    ],
    [
      'TOO_LARGE (over the size a copy may have)',
      'TOO_LARGE',
      () => ({ maxBytes: 100 }),
      (error) => expect(error).toBeInstanceOf(ExportTooLargeError),
      'copy',
    ],
    ['DONE', 'DONE', () => ({}), (copy) => expect(copy).toMatchObject({ format: 'member-data-export' }), 'copy'],
  ];
  it.each(ends)('refuses the next try once the day’s tries ended %s', async (_, state, overrides, check, counts) => {
    const a = `a${unique()}`;
    await newMember(a);
    await seedMember(db, a, `b${unique()}`);
    const cap = counts === 'copy' ? exportsPerDay : failedExportsPerDay;
    for (let n = 0; n < cap; n++) check(await exportMember(a, deps(overrides())).catch((error: unknown) => error));
    await expect(exportMember(a, deps())).rejects.toBeInstanceOf(
      counts === 'copy' ? ExportLimitError : ExportFailingError,
    );
    const saved = await record(a);
    expect(saved?.history.map((entry) => entry.state)).toEqual(Array<string>(cap).fill(state));
    expect(saved?.recent.map((entry) => entry.failed ?? false)).toEqual(Array<boolean>(cap).fill(counts === 'failure'));
  });

  it('gives back a try that failed on our side: after one failed and one timed out, every copy of the day is left', async () => {
    const a = `a${unique()}`;
    await newMember(a);
    await seedMember(db, a, `b${unique()}`);
    await expect(
      exportMember(a, deps({ account: () => Promise.reject(new Error('Auth unavailable')) })),
    ).rejects.toThrow(/unavailable/);
    await expect(
      exportMember(a, deps({ account: () => new Promise<never>(() => {}), deadlineMs: 300 })),
    ).rejects.toBeInstanceOf(ExportTimeoutError);
    for (let n = 0; n < exportsPerDay; n++) await expect(exportMember(a, deps())).resolves.toBeDefined();
    await expect(exportMember(a, deps())).rejects.toBeInstanceOf(ExportLimitError);
    const saved = await record(a);
    expect(saved?.history.map((entry) => entry.state)).toEqual([
      'FAILED',
      'TIMED_OUT',
      ...Array<string>(exportsPerDay).fill('DONE'),
    ]);
    expect(saved?.exports).toBe(2 + exportsPerDay);
  });

  it('gives up a Storage listing at the deadline: no page asked for after it, recorded TIMED_OUT', async () => {
    const a = `a${unique()}`;
    await newMember(a);
    await seedMember(db, a, `b${unique()}`);
    // A bucket whose listing goes on page after page, each 200 ms, without end (a member with
    // a great many files, or a slow Storage).
    const asked: number[] = [];
    const slowBucket: ListableBucketLike = {
      async getFiles({ prefix, pageToken }) {
        asked.push(Date.now());
        await new Promise((resolve) => setTimeout(resolve, 200));
        const page = Number(pageToken ?? 0);
        return [
          [{ name: `${prefix}file-${String(page)}.jpg`, metadata: { size: 1 } }],
          { pageToken: String(page + 1) },
        ];
      },
    };
    const started = Date.now();
    await expect(
      exportMember(a, deps({ storage: bucketLister(slowBucket), deadlineMs: 1_500 })),
    ).rejects.toBeInstanceOf(ExportTimeoutError);
    const tookMs = Date.now() - started;
    expect(tookMs).toBeLessThan(1_500 + 1_000);
    // Nothing more is asked of the bucket once the copy is given up.
    const pagesWhenGivenUp = asked.length;
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(asked.length).toBe(pagesWhenGivenUp);
    expect(asked.length).toBeGreaterThan(2);
    expect(asked.every((at) => at <= started + 1_500 + 300)).toBe(true);
    expect((await record(a))?.history.map((entry) => entry.state)).toEqual(['TIMED_OUT']);

    // A page that never answers is cut off at the deadline all the same.
    const b = `b${unique()}`;
    await newMember(b);
    const stuck: ListableBucketLike = { getFiles: () => new Promise<never>(() => {}) };
    const begun = Date.now();
    await expect(exportMember(b, deps({ storage: bucketLister(stuck), deadlineMs: 500 }))).rejects.toBeInstanceOf(
      ExportTimeoutError,
    );
    expect(Date.now() - begun).toBeLessThan(500 + 1_000);
    expect((await record(b))?.history.map((entry) => entry.state)).toEqual(['TIMED_OUT']);
  });

  it('stops reading a member of 30 MB once the copy passes the limit, holding little more, and counts each try against the day', async () => {
    const a = `a${unique()}`;
    await newMember(a);
    // 30 catches of a megabyte each (about the most a Firestore document holds).
    const big = 'x'.repeat(1_000_000);
    // One write each: a batch of them would pass the 10 MiB a request may carry.
    await Promise.all(
      Array.from({ length: 30 }, (_, n) =>
        db
          .collection('catches')
          .doc(`${a}-${String(n)}`)
          .set({ ownerId: a, notes: big }),
      ),
    );
    // What this process keeps alive while the first try runs (the module runs here, as in an
    // instance), sampled every 10 ms after a full collection: garbage not yet collected, which
    // V8 collects when it likes, made the same run read 8 MB on one machine and 86 MB on another.
    collectGarbage();
    const baseline = process.memoryUsage();
    let peak = 0;
    let samples = 0;
    const sampler = setInterval(() => {
      samples += 1;
      collectGarbage();
      const used = process.memoryUsage();
      peak = Math.max(peak, used.heapUsed + used.arrayBuffers - baseline.heapUsed - baseline.arrayBuffers);
    }, 10);
    const tries: unknown[] = [await exportMember(a, deps()).catch((error: unknown) => error)];
    clearInterval(sampler);
    for (let n = 1; n < exportsPerDay + 1; n++)
      tries.push(await exportMember(a, deps()).catch((error: unknown) => error));

    expect(tries.slice(0, exportsPerDay).every((error) => error instanceof ExportTooLargeError)).toBe(true);
    expect(tries.at(-1)).toBeInstanceOf(ExportLimitError);
    const saved = await record(a);
    expect(saved?.history.map((entry) => entry.state)).toEqual(Array<string>(exportsPerDay).fill('TOO_LARGE'));
    const first = saved?.history[0];
    // Read until just past the limit: 26 of the 30 documents, never all of them.
    expect(first?.documents['catches.ownerId']).toBeLessThan(30);
    expect(first?.bytes).toBeGreaterThan(maxExportBytes);
    expect(first?.bytes).toBeLessThan(maxExportBytes + 1_100_000);
    console.log(
      `a member of 30 MB: TOO_LARGE after ${String(first?.documents['catches.ownerId'])} documents, ` +
        `${(peak / 1e6).toFixed(1)} MB at most kept alive by this process (${String(samples)} samples) over the limit's ${(maxExportBytes / 1e6).toFixed(0)} MB`,
    );
    // Pages of two such documents once their size is known: what the process keeps alive stays
    // within a few times the copy's limit (the documents as Firestore gave them, their JSON
    // measured one at a time), whatever the member has.
    expect(samples, 'the memory was sampled while the copy was read').toBeGreaterThan(10);
    expect(peak).toBeLessThan(3 * maxExportBytes);
  }, 120_000);

  it('makes a copy of 5,000 documents well inside Hosting’s minute, and never records DONE for one it gave up', async () => {
    const a = `a${unique()}`;
    await newMember(a);
    const writer = db.bulkWriter();
    for (let n = 0; n < 5_000; n++)
      void writer.set(db.collection('catches').doc(`${a}-${String(n).padStart(4, '0')}`), {
        ownerId: a,
        species: 'Sea bass',
        weightKg: 2.4,
        notes: 'Caught at dawn off the breakwater, soft plastic, falling tide.',
      });
    await writer.close();

    const started = Date.now();
    const copy = await exportMember(a, deps());
    const tookMs = Date.now() - started;
    expect(copy.documents).toHaveLength(5_000);
    console.log(`a copy of 5,000 documents: ${String(tookMs)} ms (the deadline is ${String(exportDeadlineMs)} ms)`);

    // The same member, on a clock that runs out halfway: given up, given back, never DONE.
    let reads = 0;
    const slow = deps({ clock: () => (reads++ > 2_000 ? Date.now() + exportDeadlineMs : Date.now()) });
    await expect(exportMember(a, slow)).rejects.toBeInstanceOf(ExportTimeoutError);
    const saved = await record(a);
    expect(saved?.history.map((entry) => entry.state)).toEqual(['DONE', 'TIMED_OUT']);
    // The try given up counts against the day as the copy made does.
    expect(saved?.recent).toHaveLength(2);
  }, 120_000);

  it('refuses an id that could widen a path', async () => {
    await expect(exportMember('a/../b', deps())).rejects.toThrow(/user id/);
  });
});

// The callable, deployed to the Functions emulator, through the site's own address.
const callableUrl = `${hostingOrigin}${memberCopyPath}`;
const authOrigin = `http://${authEmulator.host}:${String(authEmulator.port)}`;

async function idToken(email: string, password: string): Promise<string> {
  const response = await fetch(
    `${authOrigin}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password, returnSecureToken: true }),
    },
  );
  const json = (await response.json()) as { idToken?: string };
  if (!json.idToken) throw new Error(`No sign-in for ${email}`);
  return json.idToken;
}

type CallableAnswer = {
  status: number;
  result?: { account: { uid: string }; documents: Array<{ path: string }> };
  error?: { status: string; details?: unknown };
};

async function call(data: unknown, token?: string): Promise<CallableAnswer> {
  const response = await fetch(callableUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ data }),
  });
  return { status: response.status, ...((await response.json()) as Omit<CallableAnswer, 'status'>) };
}

describe('the callable, through the site’s address', () => {
  it('answers a signed-in member with their own copy, and refuses the rest', async () => {
    const [a, b] = [`a${unique()}`, `b${unique()}`];
    await newMember(a);
    await newMember(b);
    await seedMember(db, a, b);
    await seedMember(db, b, `c${unique()}`);

    const anonymous = await call({});
    expect(anonymous.status).toBe(401);
    expect(anonymous.error?.status).toBe('UNAUTHENTICATED');

    const token = await idToken(`${a}@example.com`, 'password-1');
    const other = await call({ uid: b }, token);
    expect(other.status).toBe(403);
    expect(other.error?.status).toBe('PERMISSION_DENIED');
    const extra = await call({ path: `users/${b}` }, token);
    expect(extra.error?.status).toBe('INVALID_ARGUMENT');

    const own = await call({}, token);
    expect(own.status).toBe(200);
    expect(own.result?.account.uid).toBe(a);
    expect(own.result?.documents.map((document) => document.path).sort()).toEqual(seededPaths(a).sort());

    for (let n = 1; n < exportsPerDay; n++) expect((await call({ uid: a }, token)).status).toBe(200);
    const over = await call({}, token);
    expect(over.status).toBe(429);
    expect(over.error?.status).toBe('RESOURCE_EXHAUSTED');
    expect(over.error?.details).toEqual({ retryAt: expect.stringMatching(/^\d{4}-/) as unknown });
    // Refusals took nothing from the cap: exactly the allowed exports are recorded.
    expect((await record(a))?.exports).toBe(exportsPerDay);
  });
});
