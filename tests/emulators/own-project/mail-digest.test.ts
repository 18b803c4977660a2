import {
  DocumentReference,
  DocumentSnapshot as DocumentSnapshotClass,
  Query,
  QuerySnapshot,
  Transaction,
  type DocumentSnapshot,
} from 'firebase-admin/firestore';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { contactPicture, referenceFor } from '../../../functions/src/contracts/contact-message.ts';
import { accountRef, markAccountUp } from '../../../functions/src/email/smtp-account.ts';
import { deliverMail } from '../../../functions/src/contact-pipeline/deliver.ts';
import { sendDigest } from '../../../functions/src/contact-pipeline/digest.ts';
import { pictureFlag } from '../../../functions/src/contact-pipeline/mail-document.ts';
import { defaultRateLimits } from '../../../functions/src/contact-pipeline/caps.ts';
import { readCounts } from '../../../functions/src/email/counters.ts';
import { knownProblemLine, pictureRow } from '../../../functions/src/contact-pipeline/render-email.ts';
import { clearNotice, setNotice } from '../../../functions/src/site-notice/store.ts';
import { day, mailHarness, minute, queuedFields, token } from '../../support/mail-harness.ts';
import { collections } from '../../../functions/src/contracts/collections.ts';

// What a digest reads and what it counts, on the project's modules against the Firestore
// emulator and a real SMTP server on loopback, each test on a day of its own years ahead (the
// test's clock), so no other test's count counts. A digest takes its messages without their
// pictures (up to 640 KiB each, 200 to a transaction): every read of the database while it runs
// is watched, and the picture bytes among what came back are summed. Every email it sends,
// the halves of a digest the server refused included, counts once against the day's emails.
const harness = mailHarness({
  limits: { ...defaultRateLimits, perDay: 1_000 },
  clockFrom: 2060,
  atEnd: ({ expectQueueEmpty }) => expectQueueEmpty(),
});
const { db, config, mailRef, spendHour, freshDay } = harness;

// Each test meets an empty queue and a mail account that works, whatever the one before left.
beforeEach(async () => {
  await db.recursiveDelete(db.collection(collections.mail));
  await markAccountUp(db, Date.now());
});

/** The largest picture the rules let a visitor write. */
const largest = () => Buffer.alloc(contactPicture.maxBytes, 0xab);

/**
 * Every snapshot the database answers with while `work` runs, whatever read asked for it: a
 * transaction's, a query's or a document's (the module reads through the same classes).
 */
async function watchReads<T>(work: () => Promise<T>): Promise<{ result: T; snapshots: DocumentSnapshot[] }> {
  const snapshots: DocumentSnapshot[] = [];
  const keep = (found: unknown): unknown => {
    if (Array.isArray(found)) snapshots.push(...(found as DocumentSnapshot[]));
    else if (found instanceof QuerySnapshot) snapshots.push(...found.docs);
    else if (found instanceof DocumentSnapshotClass) snapshots.push(found as DocumentSnapshot);
    return found;
  };
  type Reads = Record<string, (...args: unknown[]) => Promise<unknown>>;
  const watched: Array<[Reads, string]> = [
    [Transaction.prototype as unknown as Reads, 'getAll'],
    [Transaction.prototype as unknown as Reads, 'get'],
    [Query.prototype as unknown as Reads, 'get'],
    [DocumentReference.prototype as unknown as Reads, 'get'],
  ];
  const spies = watched.map(([prototype, method]) => {
    const original = prototype[method];
    if (!original) throw new Error(`no ${method} to watch`);
    return vi.spyOn(prototype, method).mockImplementation(function (this: unknown, ...args: unknown[]) {
      return original.apply(this, args).then(keep);
    });
  });
  try {
    return { result: await work(), snapshots };
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
}

/** The picture bytes among the snapshots read. */
const pictureBytes = (snapshots: readonly DocumentSnapshot[]) =>
  snapshots.reduce((sum, snapshot) => {
    const picture: unknown = snapshot.exists ? snapshot.get(contactPicture.field) : undefined;
    return sum + (picture instanceof Uint8Array ? picture.length : 0);
  }, 0);

/** Messages written at `atMs` as the site writes them, each with `picture` when given. */
const write = (count: number, atMs: number, t: string, picture?: () => Buffer): Promise<string[]> =>
  harness.writeAt(
    count,
    atMs,
    (index) => ({ email: `m${index}+${t}@example.org`, subject: `Digest ${t} ${index}` }),
    () => (picture ? { [contactPicture.field]: picture() } : {}),
    // One write each: a batch of pictures of 640 KiB could pass what a request may carry.
    1,
  );

/** Messages QUEUED directly, as a claim before the picture flag left them (no flag). */
async function queueAsBefore(ids: readonly string[], atMs: number): Promise<void> {
  for (const [index, id] of ids.entries()) await mailRef(id).update(queuedFields(id, atMs, index));
}

/** The inbox's emails carrying this test's messages. */
const digestsOf = (t: string) => harness.inbox.messages.filter((mail) => mail.text?.includes(`Digest ${t} `) ?? false);

describe('what a digest reads', () => {
  it('takes messages queued by their claims without a byte of their pictures, and says which came with one', async () => {
    const t = token();
    const at = freshDay() + 10 * 60 * minute;
    await spendHour(at);
    // Six with the largest picture and two without, queued by their claims (the hour is spent).
    const withPicture = await write(6, at, t, largest);
    const without = await write(2, at, `${t}-plain`);
    for (const id of [...withPicture, ...without])
      expect(await deliverMail(mailRef(id), config, { now: () => at })).toBe('QUEUED');
    for (const id of withPicture) expect((await mailRef(id).get()).get(pictureFlag)).toBe(true);
    for (const id of without) expect((await mailRef(id).get()).get(pictureFlag)).toBe(false);

    const before = digestsOf(t).length;
    const { result: report, snapshots } = await watchReads(() => sendDigest(db, config, { now: () => at + minute }));
    expect(report).toMatchObject({ outcome: 'SUCCESS', messages: 8, emails: 1 });
    // Every message was read (taken, then its outcome recorded) and no picture came with any.
    const read = new Set(snapshots.map((snapshot) => snapshot.ref.path));
    for (const id of [...withPicture, ...without]) expect(read.has(mailRef(id).path), id).toBe(true);
    expect(pictureBytes(snapshots)).toBe(0);

    const [digest] = digestsOf(t).slice(before);
    const row = `Picture: ${pictureRow.inDigest}`;
    expect(digest?.text?.split(row).length).toBe(withPicture.length + 1);
    for (const id of [...withPicture, ...without]) {
      expect((await mailRef(id).get()).get('delivery.state'), id).toBe('SUCCESS');
      expect(digest?.text, id).toContain(`Reference: ${referenceFor(id)}\n`);
    }
  });

  it('reads whole only the messages queued before the flag existed, once, and flags them', async () => {
    const t = token();
    const at = freshDay() + 10 * 60 * minute;
    const [old = ''] = await write(1, at, t, largest);
    const [oldPlain = ''] = await write(1, at, `${t}-plain`);
    const [flagged = ''] = await write(1, at, `${t}-flagged`, largest);
    await queueAsBefore([old, oldPlain, flagged], at);
    await mailRef(flagged).update({ [pictureFlag]: true });
    // The server is out of reach for a moment: the digest goes back to the queue, due again.
    await harness.inbox.stop();
    const first = await watchReads(() => sendDigest(db, config, { now: () => at + minute }));
    await harness.inbox.start();
    expect(first.result.outcome).toMatch(/QUEUED|HELD/);
    // The old message with a picture alone was read whole: its picture once, nothing more.
    expect(pictureBytes(first.snapshots)).toBe(contactPicture.maxBytes);
    expect((await mailRef(old).get()).get(pictureFlag)).toBe(true);
    expect((await mailRef(oldPlain).get()).get(pictureFlag)).toBe(false);

    // Taken again once the account works (should the failure have held it, the sweep's check
    // finds it up and clears its document): now flagged, no picture read.
    const mended = () => accountRef(db).delete();
    await mended();
    let second = await watchReads(() => sendDigest(db, config, { now: () => at + 30 * minute }));
    for (let next = at + 60 * minute; second.result.outcome !== 'SUCCESS' && next < at + day; next += 30 * minute) {
      await mended();
      second = await watchReads(() => sendDigest(db, config, { now: () => next }));
    }
    expect(second.result).toMatchObject({ outcome: 'SUCCESS', messages: 3 });
    expect(pictureBytes(second.snapshots)).toBe(0);
    const [digest] = digestsOf(t).filter((mail) => mail.text?.includes(referenceFor(flagged)));
    expect(digest?.text?.split(`Picture: ${pictureRow.inDigest}`).length).toBe(3);
  });
});

describe('a refused digest and the delivery warnings it carries', () => {
  it('carries them in the first half that goes, and marks them carried only then', async () => {
    const t = token();
    const at = freshDay() + 13 * 60 * minute;
    const ids = await write(4, at, t);
    await queueAsBefore(ids, at);
    // Earlier files' warnings would ride along: this test reads its own alone.
    const waiting = await db.collection(collections.mailAlerts).where('reported', '==', false).get();
    await Promise.all(waiting.docs.map((notice) => notice.ref.update({ reported: true })));
    const notice = db.collection(collections.mailAlerts).doc(`test-notice-${t}`);
    const line = `A notice for the test ${t}`;
    await notice.set({ notice: line, reported: false });
    // The last message is refused for its content: the digest is refused, its first half goes.
    const poison = `Reference: ${referenceFor(ids[3] ?? '')}\n`;
    harness.inbox.rejectWhen((mail) =>
      mail.text?.includes(poison) ? { code: 554, text: '5.7.1 Message refused for its content' } : undefined,
    );
    const before = digestsOf(t).length;
    const report = await sendDigest(db, config, { now: () => at + minute });
    harness.inbox.rejectWhen(undefined);

    expect(report).toMatchObject({ outcome: 'ERROR', messages: 4 });
    const carrying = digestsOf(t)
      .slice(before)
      .filter((mail) => mail.text?.includes(line));
    expect(carrying).toHaveLength(1);
    expect(carrying[0]?.text).toContain(`Reference: ${referenceFor(ids[0] ?? '')}`);
    expect((await notice.get()).get('reported')).toBe(true);
    await notice.delete();
  });
});

describe('what a digest counts', () => {
  it('counts every email it sends against the day, the halves of a refused digest each once', async () => {
    const t = token();
    const at = freshDay() + 11 * 60 * minute;
    const ids = await write(16, at, t);
    await queueAsBefore(ids, at);
    // Two messages the server refuses for their content: the digest and its halves are refused
    // down to each of them alone; every other half goes.
    const poison = new Set([ids[3], ids[12]].map((id) => `Reference: ${referenceFor(id ?? '')}\n`));
    harness.inbox.rejectWhen((mail) =>
      [...poison].some((line) => mail.text?.includes(line))
        ? { code: 554, text: '5.7.1 Message refused for its content' }
        : undefined,
    );
    const before = digestsOf(t).length;
    const counted = (await readCounts(db, at + minute)).day;
    const report = await sendDigest(db, config, { now: () => at + minute });
    harness.inbox.rejectWhen(undefined);

    const sent = digestsOf(t).length - before;
    expect(report).toMatchObject({ outcome: 'ERROR', messages: 16 });
    // Halves of halves went: more than the one digest, each counted once.
    expect(sent).toBeGreaterThan(2);
    expect(report.emails).toBe(sent);
    expect((await readCounts(db, at + minute)).day - counted).toBe(sent);
    for (const [index, id] of ids.entries())
      expect((await mailRef(id).get()).get('delivery.state'), id).toBe(
        index === 3 || index === 12 ? 'ERROR' : 'SUCCESS',
      );
  });
});

describe('a digest of messages about a known problem', () => {
  it('lists them under the line that names the notice, then the others under their own heading', async () => {
    const t = token();
    const at = freshDay() + 10 * 60 * minute;
    await spendHour(at);
    const text = { en: `Forecast late ${t}`, it: `Previsioni in ritardo ${t}` };
    const notice = await setNotice(db, { text, untilMs: null, help: null }, Date.now());
    try {
      const about = await harness.writeAt(
        2,
        at,
        (index) => ({ email: `k${index}+${t}@example.org`, subject: `Digest ${t} about ${index}`, notice: notice.id }),
        undefined,
        1,
      );
      const others = await write(1, at, `${t}-other`);
      for (const id of [...about, ...others])
        expect(await deliverMail(mailRef(id), config, { now: () => at })).toBe('QUEUED');
      expect(await sendDigest(db, config, { now: () => at + minute })).toMatchObject({
        outcome: 'SUCCESS',
        messages: 3,
        emails: 1,
      });
      const body = digestsOf(t)[0]?.text ?? '';
      const group = `##### ${knownProblemLine({ id: notice.id, text: text.en, since: notice.since })} 2 messages about it:`;
      const rest = '##### 1 message about no known problem:';
      // The two about the notice under its line (in the queue's order, which for messages written
      // at the same moment is either), then the heading of the rest, then the other message.
      const [start = -1, end = -1, other = -1] = [group, rest, `Digest ${t}-other 0`].map((part) => body.indexOf(part));
      expect(start).toBeGreaterThanOrEqual(0);
      expect(end).toBeGreaterThan(start);
      expect(other).toBeGreaterThan(end);
      for (const index of [0, 1]) {
        const place = body.indexOf(`Digest ${t} about ${String(index)}`);
        expect(place, `about ${String(index)}`).toBeGreaterThan(start);
        expect(place, `about ${String(index)}`).toBeLessThan(end);
      }
    } finally {
      await clearNotice(db, Date.now());
    }
  });
});

describe('a message that names a notice it was not written under', () => {
  it('takes neither its subject nor its thread: written before the notice began (with admin access, past the rules)', async () => {
    const t = token();
    const text = { en: `Catches missing ${t}`, it: `Catture mancanti ${t}` };
    const notice = await setNotice(db, { text, untilMs: null, help: null }, Date.now());
    try {
      const before = Date.now() - day;
      const [id = ''] = await harness.writeAt(1, before, () => ({
        email: `early+${t}@example.org`,
        subject: `Early ${t}`,
        notice: notice.id,
      }));
      expect(await deliverMail(mailRef(id), config, { now: () => before + minute })).toBe('SUCCESS');
      const [email] = harness.inbox.messages.filter((mail) => mail.text?.includes(`Early ${t}`));
      expect(email?.subject).not.toContain(text.en);
      expect(email?.text).not.toContain(knownProblemLine({ id: notice.id, text: text.en, since: notice.since }));
      expect(email?.inReplyTo).toBeUndefined();
    } finally {
      await clearNotice(db, Date.now());
    }
  });
});
