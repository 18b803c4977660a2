import { getAuth } from 'firebase-admin/auth';
import type { Timestamp } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import {
  cleanUpMember,
  deletionRecordYears,
  hashedId,
  type DeletionRecord,
} from '../../functions/src/account-deletion/cleanup.ts';
import { memberData } from '../../functions/src/contracts/member-data.ts';
import { MemoryBucket } from '../../functions/src/member-files/buckets.ts';
import type { MailTransport } from '../../functions/src/email/transport.ts';
import { eventually } from '../support/emulators.ts';
import { mailHarness } from '../support/mail-harness.ts';
import { census, memberFiles, seedMember, seededPerMember } from '../support/members.ts';
import { collections } from '../../functions/src/contracts/collections.ts';

// The account clean-up against the Auth, Firestore and Functions emulators and a real SMTP
// server: deleting a member through the Admin SDK (as the app or an operator would) fires the
// v1 Auth trigger, which deletes that member's data, records the deletion without personal
// data and mails one confirmation to the deleted address. The module itself is also run
// from here, to stop it halfway and run it again.
// The Auth trigger does the clean-up here: on, whatever the file before needed.
const harness = mailHarness({ triggers: true });
const { app, db } = harness;

/** A transport that hands each email's recipient to `send`, which may throw as a server would. */
function confirmationsTo(send: (to: string) => Promise<void>): {
  transport: MailTransport;
  from: string;
  supportEmail: string;
} {
  return {
    from: 'Support <no-reply@example.com>',
    supportEmail: 'support@example.com',
    transport: {
      async sendMail(email) {
        await send(email.to);
        return { messageId: '<sent@example.com>', accepted: [email.to], rejected: [], response: '250 OK' };
      },
    },
  };
}

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;

async function record(uid: string): Promise<DeletionRecord | undefined> {
  return (await db.collection(collections.accountDeletions).doc(hashedId(uid)).get()).data() as
    DeletionRecord | undefined;
}

describe('deleting a member’s Auth account', () => {
  it('deletes their data and only theirs, records it without personal data, and mails one confirmation', async () => {
    const [a, b] = [`a${unique()}`, `b${unique()}`];
    const email = `${a}@example.com`;
    const auth = getAuth(app);
    await auth.createUser({ uid: a, email, emailVerified: true, password: 'password-1', displayName: 'Marco Rossi' });
    await auth.createUser({ uid: b, email: `${b}@example.com`, password: 'password-1' });
    await seedMember(db, a, b);
    await seedMember(db, b, `c${unique()}`);
    expect(await census(db, a)).toBe(seededPerMember);

    await auth.deleteUser(a);
    const done = await eventually(
      async () => ((await record(a))?.state === 'DONE' ? record(a) : undefined),
      20_000,
      'the clean-up to finish',
    );

    expect(await census(db, a)).toBe(0);
    expect(await census(db, b)).toBe(seededPerMember);
    // What was removed, by place, and nothing that names the member.
    const expected: Record<string, number> = {};
    for (const template of memberData.documents) expected[template] = 1;
    for (const { collection, field } of memberData.queries) expected[`${collection}.${field}`] = 2;
    expect(done.removed).toEqual(expected);
    expect(done.storage).toBe('SKIPPED');
    expect(done.confirmation?.state).toBe('SENT');
    const stored = JSON.stringify(done);
    for (const personal of [a, email, 'Marco Rossi']) expect(stored).not.toContain(personal);

    const confirmations = await eventually(() => {
      const found = harness.inbox.messages.filter(
        (message) => message.to && JSON.stringify(message.to).includes(email),
      );
      return found.length > 0 ? found : undefined;
    });
    await new Promise((resolve) => setTimeout(resolve, 1500)); // a second one would have come by now
    expect(harness.inbox.messages.filter((message) => JSON.stringify(message.to).includes(email))).toHaveLength(1);
    expect(confirmations[0]?.subject).toMatch(/account was deleted/);
    expect(harness.inbox.messages.filter((message) => JSON.stringify(message.to).includes(`${b}@`))).toHaveLength(0);
  });
});

describe('the clean-up module', () => {
  it('finishes on the next run after stopping halfway, and sends the confirmation once', async () => {
    const [a, b] = [`a${unique()}`, `b${unique()}`];
    await seedMember(db, a, b);
    await seedMember(db, b, `c${unique()}`);
    const bucket = new MemoryBucket([...memberFiles(a), ...memberFiles(b)]);
    bucket.failAfter = 1;
    const sent: string[] = [];
    const deps = {
      db,
      storage: bucket,
      ...confirmationsTo(async (to) => {
        await Promise.resolve();
        sent.push(to);
      }),
    };

    await expect(cleanUpMember({ uid: a, email: `${a}@example.com`, emailVerified: true }, deps)).rejects.toThrow(
      /Storage/,
    );
    expect((await record(a))?.state).toBe('RUNNING');
    expect(sent).toEqual([]);

    bucket.failAfter = undefined;
    const done = await cleanUpMember({ uid: a, email: `${a}@example.com`, emailVerified: true }, deps);
    expect(done.state).toBe('DONE');
    expect(done.attempts).toBe(2);
    expect(done.storage).toBe('DELETED');
    expect(Object.entries(done.removed).filter(([place]) => place.startsWith('storage:'))).toEqual(
      memberData.storagePrefixes.map((template) => [`storage:${template}`, 2]),
    );
    expect(await census(db, a)).toBe(0);
    expect([...bucket.files].sort()).toEqual(memberFiles(b).sort());
    expect(await census(db, b)).toBe(seededPerMember);

    const again = await cleanUpMember({ uid: a, email: `${a}@example.com`, emailVerified: true }, deps);
    expect(again.state).toBe('DONE');
    expect(sent).toEqual([`${a}@example.com`]);
  });

  it('deletes in batches, however many documents there are', async () => {
    const a = `a${unique()}`;
    await Promise.all(
      Array.from({ length: 25 }, (_, n) =>
        db
          .collection('posts')
          .doc(`${a}-many-${String(n)}`)
          .set({ ownerId: a }),
      ),
    );
    const done = await cleanUpMember(
      { uid: a },
      {
        db,
        storage: undefined,
        ...confirmationsTo(() => Promise.reject(new Error('no address, no email'))),
        batchSize: 10,
      },
    );
    expect(done.removed['posts.ownerId']).toBe(25);
    expect(done.confirmation?.state).toBe('NO_ADDRESS');
    expect((await db.collection('posts').where('ownerId', '==', a).get()).size).toBe(0);
  });

  it('sends no confirmation to an address its owner never verified, and keeps the record 2 years', async () => {
    const a = `a${unique()}`;
    const email = `${a}@example.com`;
    const auth = getAuth(app);
    // Anyone can sign up with a stranger's address and delete the account at once.
    await auth.createUser({ uid: a, email, password: 'password-1' });
    await auth.deleteUser(a);
    const done = await eventually(
      async () => ((await record(a))?.state === 'DONE' ? record(a) : undefined),
      20_000,
      'the clean-up to finish',
    );
    expect(done.confirmation?.state).toBe('UNVERIFIED');
    expect(harness.inbox.recipients.flat()).not.toContain(email);
    const started = new Date((done.startedAt as unknown as Timestamp).toMillis());
    started.setUTCFullYear(started.getUTCFullYear() + deletionRecordYears);
    expect(done.expireAt.toMillis()).toBe(started.getTime());
  });

  it('ends DONE with the confirmation FAILED when the server refuses it for good', async () => {
    const a = `a${unique()}`;
    const refused = () =>
      Promise.reject(
        Object.assign(new Error('550 5.1.1 mailbox unavailable'), {
          code: 'EENVELOPE',
          command: 'RCPT TO',
          responseCode: 550,
        }),
      );
    const done = await cleanUpMember(
      { uid: a, email: `${a}@example.com`, emailVerified: true },
      { db, storage: undefined, ...confirmationsTo(refused) },
    );
    expect(done).toMatchObject({ state: 'DONE', confirmation: { state: 'FAILED' } });
  });

  it('sends a verified address its confirmation again after a transient failure, once', async () => {
    const a = `a${unique()}`;
    let tries = 0;
    const flaky = async () => {
      await Promise.resolve();
      tries += 1;
      if (tries === 1)
        throw Object.assign(new Error('421 try later'), { code: 'EENVELOPE', command: 'RCPT TO', responseCode: 421 });
    };
    const member = { uid: a, email: `${a}@example.com`, emailVerified: true };
    let now = Date.now();
    const deps = { db, storage: undefined, now: () => now, ...confirmationsTo(flaky) };
    await expect(cleanUpMember(member, deps)).rejects.toThrow(/not sent for now/);
    // A retried run before its back-off (send-failures.ts: 5 minutes after a first failure) sends nothing.
    now += 60_000;
    await expect(cleanUpMember(member, deps)).rejects.toThrow(/next try is not due yet/);
    expect(tries).toBe(1);
    now += 5 * 60_000;
    expect(await cleanUpMember(member, deps)).toMatchObject({ state: 'DONE', confirmation: { state: 'SENT' } });
    expect(tries).toBe(2);
  });
});
