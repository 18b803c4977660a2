import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore, Timestamp, type Firestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backfillExpiry } from '../../functions/src/contact-pipeline/backfill-expiry.ts';
import { expiryTime } from '../../functions/src/contact-pipeline/retention.ts';
import { projectId, setBackgroundTriggers } from '../support/emulators.ts';
import { contactMessage } from '../support/visitor-writes.ts';
import { collections } from '../../functions/src/contracts/collections.ts';

// The one-off backfill for Mail documents written before messages carried an expiry, run
// against the Firestore emulator with the trigger off (the documents stand as they were).
let app: App;
let db: Firestore;

beforeAll(async () => {
  app = initializeApp({ projectId }, 'backfill-expiry-test');
  db = getFirestore(app);
  await setBackgroundTriggers(false);
});
afterAll(async () => {
  await deleteApp(app);
});

const now = Date.parse('2026-11-23T10:00:00Z');
const at = (iso: string) => Timestamp.fromMillis(Date.parse(iso));
const message = contactMessage({ subject: 'Old' });

describe('backfillExpiry', () => {
  it('gives every delivered or lost message its expiry, leaves the rest, and is safe to run again', async () => {
    // The backfill reads the whole collection, two documents a page: the thousands that the
    // flood tests leave would take it past the time-out, in whatever order the files run.
    await db.recursiveDelete(db.collection(collections.mail));
    const run = `b${Date.now().toString(36)}`;
    const ref = (name: string) => db.collection(collections.mail).doc(`${run}-${name}`);
    const existing = at('2027-01-01T00:00:00Z');
    await Promise.all([
      ref('sent').set({
        ...message,
        createdAt: at('2025-03-31T12:00:00Z'),
        delivery: { state: 'SUCCESS', attempts: 1 },
      }),
      ref('failed').set({ ...message, delivery: { state: 'ERROR', attempts: 1, error: 'x' } }),
      ref('lost').set({ ...message, createdAt: at('2026-11-22T09:00:00Z') }),
      ref('new').set({ ...message, createdAt: Timestamp.fromMillis(now - 60_000) }),
      ref('expiring').set({
        ...message,
        createdAt: at('2026-01-01T00:00:00Z'),
        delivery: { state: 'SUCCESS', expireAt: existing },
      }),
    ]);
    const expiryOf = async (name: string) => (await ref(name).get()).get('delivery.expireAt') as Timestamp | undefined;

    const dry = await backfillExpiry(db, { retentionMonths: 12, now, dryRun: true, pageSize: 2 });
    expect(dry.backfilled).toBeGreaterThanOrEqual(3);
    expect(await expiryOf('sent')).toBeUndefined();

    const report = await backfillExpiry(db, { retentionMonths: 12, now, pageSize: 2 });
    expect(report).toMatchObject({ failed: 0, backfilled: dry.backfilled, scanned: dry.scanned });
    // Written time plus 12 months; already past for the old one, so the TTL deletes it next.
    expect((await expiryOf('sent'))?.toDate().toISOString()).toBe('2026-03-31T12:00:00.000Z');
    expect((await expiryOf('lost'))?.toDate().toISOString()).toBe('2027-11-22T09:00:00.000Z');
    // Without a written time: from now.
    expect((await expiryOf('failed'))?.toMillis()).toBe(expiryTime(now, 12).getTime());
    // A delivery keeps everything else.
    expect((await ref('sent').get()).get('delivery')).toMatchObject({ state: 'SUCCESS', attempts: 1 });
    // A new message the function has yet to take is left to it; an expiry already set stays.
    expect((await ref('new').get()).get('delivery')).toBeUndefined();
    expect((await expiryOf('expiring'))?.isEqual(existing)).toBe(true);

    const again = await backfillExpiry(db, { retentionMonths: 12, now, pageSize: 2 });
    expect(again).toMatchObject({ backfilled: 0, failed: 0 });
    expect(again.leftForDelivery).toBeGreaterThanOrEqual(1);
  });
});
