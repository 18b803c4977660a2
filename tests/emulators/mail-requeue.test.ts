import { Timestamp, type DocumentData } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import { applyRequeue, planRequeue } from '../../functions/src/contact-pipeline/requeue.ts';
import { sweepMail } from '../../functions/src/contact-pipeline/sweep.ts';
import { projectId, runCommand } from '../support/emulators.ts';
import { mailHarness, openLimits, token } from '../support/mail-harness.ts';
import { collections } from '../../functions/src/contracts/collections.ts';

// `npm run mail:requeue`: ended messages put back in the queue and sent by the sweep's next
// digest. Against the Firestore emulator and a real SMTP server on loopback, with the
// Functions emulator's triggers off, so only what the test calls touches a document. The
// messages are written in time ranges of 2001, where no other test file writes, so a plan
// finds exactly this file's documents. Caps that do not bite: what is tested here is the way
// back into the queue. The documents this file wrote are deleted at the end, so no other
// file's sweep meets them.
const harness = mailHarness({ limits: openLimits, atEnd: ({ deleteWritten }) => deleteWritten() });
const { db, config } = harness;

const minutes = (n: number) => n * 60_000;
const quota = '550 5.4.5 Daily user sending limit exceeded. For more information on sending limits see';
const expireAt = Timestamp.fromMillis(Date.parse('2030-01-01T00:00:00Z'));

/** How a message that ended looks, as the delivery code leaves it. */
function ended(state: 'ERROR' | 'SUCCESS', error: string | null, extra: DocumentData = {}): DocumentData {
  const time = Timestamp.fromMillis(Date.parse('2001-02-03T00:00:00Z'));
  return {
    state,
    attempts: state === 'ERROR' ? 10 : 1,
    startTime: time,
    endTime: time,
    leaseExpireTime: null,
    nextAttemptTime: null,
    error,
    info: null,
    expireAt,
    claim: 'an-old-claim',
    counted: true,
    ...extra,
  };
}

/** Writes a contact message with a subject of its own, written at `writtenMs`. */
const write = (id: string, writtenMs: number, delivery: DocumentData) =>
  harness.write(id, { subject: `Requeue ${id}`, createdAt: Timestamp.fromMillis(writtenMs), delivery });

const dataOf = async (id: string) => (await db.collection(collections.mail).doc(id).get()).data() ?? {};
const inboxWith = (text: string) =>
  harness.inbox.messages.filter((mail) => mail.subject?.includes(text) === true || mail.text?.includes(text) === true);

describe('requeueing ended messages', () => {
  it('plans the ended messages of a range, requeues those unchanged since, and the next digest sends them', async () => {
    const t = token();
    const since = Date.parse('2001-02-03T00:00:00Z');
    const until = since + minutes(60);
    const id = (name: string) => `${t}-${name}`;
    // In the range: ERROR for a spent quota (three, two written at the same instant), out of
    // attempts, refused quoting the visitor's address, one that changes between plan and
    // apply; a SUCCESS; one still waiting in the queue (for tomorrow's digest). Outside it:
    // just before, and at its end.
    await Promise.all([
      write(id('quota1'), since, ended('ERROR', `${quota} a1 - gsmtp`)),
      write(id('quota2'), since + minutes(10), ended('ERROR', `${quota} b2 - gsmtp`)),
      write(id('quota3'), since + minutes(10), ended('ERROR', `${quota} c3 - gsmtp`)),
      write(
        id('refused'),
        since + minutes(20),
        ended('ERROR', 'gave up after 10 attempts: connect ECONNREFUSED 127.0.0.1:1'),
      ),
      write(
        id('address'),
        since + minutes(25),
        ended('ERROR', `550 5.1.1 <angler+${id('address')}@example.org>: Recipient address rejected`),
      ),
      write(
        id('sent'),
        since + minutes(30),
        ended('SUCCESS', null, { digest: 'an-old-digest', queuedFor: 'global cap', info: { messageId: '<old@x>' } }),
      ),
      write(id('changed'), since + minutes(40), ended('ERROR', `${quota} d4 - gsmtp`)),
      write(id('waiting'), since + minutes(45), {
        ...ended('ERROR', null),
        state: 'QUEUED',
        attempts: 0,
        endTime: null,
        digestTime: Timestamp.fromMillis(Date.now() + minutes(24 * 60)),
        queuedFor: 'global cap',
      }),
      write(id('before'), since - 1, ended('ERROR', `${quota} e5 - gsmtp`)),
      write(id('after'), until, ended('ERROR', `${quota} f6 - gsmtp`)),
    ]);
    const requeuedIds = ['quota1', 'quota2', 'quota3', 'refused', 'address', 'sent'].map(id);
    const untouchedIds = ['changed', 'waiting', 'before', 'after'].map(id);
    const before = new Map(await Promise.all(requeuedIds.map(async (name) => [name, await dataOf(name)] as const)));

    // ERROR by default, in pages of 2 (one page boundary falls between the two written at once).
    const errors = await planRequeue(db, { sinceMs: since, untilMs: until, pageSize: 2 });
    expect(errors.messages.map(({ ref }) => ref.id)).toEqual(
      ['quota1', 'quota2', 'quota3', 'refused', 'address', 'changed'].map(id),
    );
    expect(errors.summary).toEqual({
      messages: 6,
      byState: { ERROR: 6, SUCCESS: 0 },
      byError: [
        { kind: `${quota.slice(0, 60)}…`, messages: 4 },
        { kind: '550 5.1.1 <address>: Recipient address rejected', messages: 1 },
        { kind: 'gave up after 10 attempts: connect ECONNREFUSED 127.0.0.1:1', messages: 1 },
      ],
      oldestWrittenMs: since,
      newestWrittenMs: since + minutes(40),
      digests: 1,
    });
    // Nothing of what the visitors wrote (each subject, text and address carries the token).
    expect(JSON.stringify(errors.summary)).not.toContain(t);

    const plan = await planRequeue(db, { sinceMs: since, untilMs: until, states: ['ERROR', 'SUCCESS'], pageSize: 2 });
    expect(plan.summary.byState).toEqual({ ERROR: 6, SUCCESS: 1 });
    expect(plan.messages.find(({ ref }) => ref.id === id('sent'))).toMatchObject({ state: 'SUCCESS', error: null });

    // Someone looks at one by hand after the plan was made: the apply leaves it as it is.
    await db.collection(collections.mail).doc(id('changed')).update({ 'delivery.error': 'looked at by hand' });
    const untouched = new Map(await Promise.all(untouchedIds.map(async (name) => [name, await dataOf(name)] as const)));

    const appliedAt = Date.now();
    expect(await applyRequeue(db, plan, appliedAt)).toEqual({ requeued: 6, skipped: 1, failed: 0, failedIds: [] });
    for (const name of requeuedIds) {
      const was = before.get(name) ?? {};
      const wasDelivery = was.delivery as DocumentData;
      const now = await dataOf(name);
      const delivery = now.delivery as DocumentData;
      expect(delivery, name).toMatchObject({
        state: 'QUEUED',
        attempts: 0,
        endTime: null,
        leaseExpireTime: null,
        nextAttemptTime: null,
        queuedFor: 'requeued',
        claim: null,
        error: null,
        counted: true,
        requeued: { from: wasDelivery.state as string, error: wasDelivery.error as string | null },
      });
      expect((delivery.digestTime as Timestamp).toMillis(), name).toBe(appliedAt);
      expect((delivery.requeued as { at: Timestamp }).at.toMillis(), name).toBe(appliedAt);
      expect(delivery, name).not.toHaveProperty('digest');
      expect((delivery.expireAt as Timestamp).isEqual(expireAt), name).toBe(true);
      // The message itself is as the visitor wrote it.
      expect({ ...now, delivery: null }, name).toEqual({ ...was, delivery: null });
    }
    for (const name of untouchedIds) expect(await dataOf(name), name).toEqual(untouched.get(name));
    expect((await dataOf(id('changed'))).delivery).toMatchObject({ state: 'ERROR', error: 'looked at by hand' });

    // The same plan again: every document has changed since, so nothing is written twice.
    expect(await applyRequeue(db, plan, Date.now())).toEqual({ requeued: 0, skipped: 7, failed: 0, failedIds: [] });
    expect(((await dataOf(id('quota1'))).delivery as DocumentData).digestTime).toEqual(Timestamp.fromMillis(appliedAt));

    // The sweep sends them in one digest, none alone, and leaves the others.
    const report = await sweepMail(db, config, { now: Date.now() });
    expect(report.digest).toMatchObject({ outcome: 'SUCCESS' });
    expect(report.digest.messages).toBeGreaterThanOrEqual(requeuedIds.length);
    const digests = inboxWith(`Digest ${report.digest.digest ?? '-'}.`);
    expect(digests).toHaveLength(1);
    for (const name of requeuedIds) {
      expect(digests[0]?.text, name).toContain(`Subject: Requeue ${name}\n`);
      expect(inboxWith(`Requeue ${name}`), name).toHaveLength(1);
      expect((await dataOf(name)).delivery, name).toMatchObject({
        state: 'SUCCESS',
        attempts: 1,
        digest: report.digest.digest,
        queuedFor: 'requeued',
        info: { messageId: digests[0]?.messageId },
        requeued: { from: (before.get(name)?.delivery as DocumentData).state as string },
      });
    }
    for (const name of untouchedIds) {
      expect(inboxWith(`Requeue ${name}`), name).toHaveLength(0);
      expect(await dataOf(name), name).toEqual(untouched.get(name));
    }
  });
});

describe('npm run mail:requeue', () => {
  const requeue = (...args: string[]) => runCommand('mail-requeue.ts', '--project', projectId, ...args);

  it('prints the plan, asks for --yes without a terminal, then requeues', async () => {
    const t = token();
    const since = Date.parse('2001-03-04T00:00:00Z');
    const id = `${t}-cli`;
    await write(id, since + minutes(5), ended('ERROR', `${quota} g7 - gsmtp`));
    const range = ['--since', '2001-03-04', '--until', '2001-03-04T01:00'];
    const written = await dataOf(id);

    expect(await requeue('--since', '2001-03-04', '--state', 'QUEUED')).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/--state "QUEUED" is not one/) as unknown,
    });
    expect(await requeue('--since', '2001-03-04', '--until', '2001-03-03')).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/is not before --until/) as unknown,
    });

    const dry = await requeue(...range, '--dry-run');
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout).toContain('1 message to requeue: ERROR 1.');
    expect(dry.stdout).toContain(`1  ${quota.slice(0, 60)}…`);
    expect(dry.stdout).toContain('at most one a minute');
    expect(dry.stdout).toContain('Dry run: nothing written.');
    expect(dry.stdout).not.toContain(t);

    const unasked = await requeue(...range);
    expect(unasked.code).toBe(2);
    expect(unasked.stdout).toContain('1 message to requeue');
    expect(unasked.stderr).toContain('No terminal to ask on: run again with --yes');
    expect(await dataOf(id)).toEqual(written);

    const done = await requeue(...range, '--yes');
    expect(done.code, done.stderr).toBe(0);
    expect(done.stdout).toContain('Requeued 1 message; 0 skipped');
    expect((await dataOf(id)).delivery).toMatchObject({ state: 'QUEUED', queuedFor: 'requeued' });

    // Sent by the next digest, so nothing of this file is left waiting for another file's sweep.
    await sweepMail(db, config, { now: Date.now() });
    expect((await dataOf(id)).delivery).toMatchObject({ state: 'SUCCESS', queuedFor: 'requeued' });
    expect(inboxWith(`Subject: Requeue ${id}\n`)).toHaveLength(1);
  }, 180_000);
});
