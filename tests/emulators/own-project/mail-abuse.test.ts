import { randomInt } from 'node:crypto';
import { Timestamp } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import type { MailConfig } from '../../../functions/src/config.ts';
import { contactFields, referenceFor } from '../../../functions/src/contracts/contact-message.ts';
import type { Outcome } from '../../../functions/src/contact-pipeline/deliver.ts';
import { queuedCount } from '../../../functions/src/contact-pipeline/digest-queue.ts';
import {
  defaultRateLimits,
  maxSenderDelayMs,
  senderCounter,
  type RateLimits,
} from '../../../functions/src/contact-pipeline/caps.ts';
import { sweepMail } from '../../../functions/src/contact-pipeline/sweep.ts';
import { carrying, day, mailHarness, minute, queuedFields, token } from '../../support/mail-harness.ts';
import { contactMessage } from '../../support/visitor-writes.ts';
import { collections } from '../../../functions/src/contracts/collections.ts';

// What a script can do to the mail pipeline beyond a plain flood, run on the project's own
// modules against the Firestore emulator and a real SMTP server on loopback, with the test's
// clock: each test in an hour (or day) of its own, years ahead, so no counter of another test
// counts. A poison message in a digest, a long flood of the longest messages the rules allow,
// a flood aimed at a visitor's address, the mail account's daily quota, threads, a digest
// that went out but was not recorded, and messages written at one instant. Nothing is left
// waiting at the end: every message of this file reached the inbox or ended.
const harness = mailHarness({ clockFrom: 2050, atEnd: ({ expectQueueEmpty }) => expectQueueEmpty() });
const { db, alerts, onAlert, deliveryOf, mailRef, invoke, spendHour, freshDay } = harness;

const config = (limits: Partial<RateLimits>): MailConfig => ({
  ...harness.config,
  limits: { ...defaultRateLimits, ...limits },
});
/** The longest message the rules allow, of the character whose escape is longest. */
const longest = '&'.repeat(contactFields.message.max);

type Fields = (index: number) => Parameters<typeof contactMessage>[0];

/** Messages written at `atMs` as the site writes them (createdAt), in batches. */
const write = (count: number, atMs: number, fields: Fields) => harness.writeAt(count, atMs, fields);

/**
 * Messages over the caps, as their claims leave them: QUEUED for a digest, due from `atMs` on
 * (what `deliverMail` writes for a flood from new addresses once the hour's emails are spent;
 * written directly here, so that thousands take seconds).
 */
const queue = (count: number, atMs: number, fields: Fields) =>
  harness.writeAt(count, atMs, fields, (id, index) => queuedFields(id, atMs, index));

describe('a message the server refuses, in a digest', () => {
  it('40 queued, one refused for its content: 39 reach the team, only that one ends ERROR, its alert names it', async () => {
    const t = token();
    const at = freshDay() + 10 * 60 * minute;
    const ids = await queue(40, at, (index) => ({
      email: `d${index}+${t}@example.org`,
      subject: `Digest ${t} ${index}`,
      message: index === 17 ? 'Try this: X5O!P%@AP[4\\PZX54(P^)7CC)7}$EICAR-STANDARD-ANTIVIRUS-TEST-FILE!' : 'Hi',
    }));
    harness.inbox.rejectWhen((mail) =>
      mail.text?.includes('EICAR-STANDARD-ANTIVIRUS-TEST-FILE')
        ? { code: 550, text: '5.7.1 Message rejected: virus found' }
        : undefined,
    );
    const before = harness.inbox.messages.length;
    const report = await sweepMail(db, config({ perDay: 0 }), { now: at + minute, onAlert });
    expect(report.digest).toMatchObject({ outcome: 'ERROR', messages: 40 });
    const mails = harness.inbox.messages.slice(before);
    for (const [index, id] of ids.entries()) {
      const delivery = await deliveryOf(id);
      if (index === 17) {
        expect(delivery, id).toMatchObject({ state: 'ERROR' });
        expect(delivery.error).toMatch(/550.*virus/);
        expect(carrying(mails, id)).toHaveLength(0);
      } else {
        expect(delivery, id).toMatchObject({ state: 'SUCCESS' });
        expect(carrying(mails, id), id).toHaveLength(1);
      }
    }
    // Halves of halves: a few emails, not one per message.
    expect(report.digest.emails).toBeLessThanOrEqual(12);
    const failures = alerts.filter((alert) => alert.kind === 'failed');
    expect(failures).toEqual([expect.objectContaining({ mailId: ids[17], reference: referenceFor(ids[17] ?? '') })]);
  });
});

describe('a long flood of the longest messages', () => {
  it('1,200 before a visitor, 600 after, then 300 a minute: the visitor is in the inbox within 5 minutes', async () => {
    const t = token();
    const start = freshDay() + 9 * 60 * minute;
    const settings = config({});
    await spendHour(start, defaultRateLimits.perHour);
    const fromFlood = (index: number) => ({
      email: `f${index}+${t}@example.org`,
      subject: `Flood ${t} ${index} ${'&'.repeat(100)}`,
      name: '&'.repeat(contactFields.name.max),
      message: longest,
    });
    const flood = await queue(1_200, start - 5 * minute, fromFlood);
    const [visitor = ''] = await write(1, start, () => ({ email: `visitor+${t}@example.org`, subject: `Help ${t}` }));
    expect(await invoke([visitor], start, settings)).toEqual(['QUEUED']);
    flood.push(...(await queue(600, start + 1_000, (index) => fromFlood(1_200 + index))));

    const before = harness.inbox.messages.length;
    let visitorAt: number | undefined;
    let written = 1_800;
    for (let at = start + minute; at <= start + 30 * minute; at += minute) {
      flood.push(...(await queue(300, at - 30_000, (index) => fromFlood(written + index))));
      written += 300;
      await sweepMail(db, settings, { now: at });
      if (carrying(harness.inbox.messages.slice(before), visitor).length > 0) {
        visitorAt = at;
        break;
      }
    }
    expect(visitorAt).toBeDefined();
    expect((visitorAt ?? Infinity) - start).toBeLessThanOrEqual(5 * minute);
    // The digests that carried it stayed within what mail servers take.
    for (const mail of harness.inbox.messages.slice(before)) {
      expect(Buffer.byteLength(mail.html || '') + Buffer.byteLength(mail.text ?? '')).toBeLessThan(6_000_000);
    }
    // Nothing is dropped: the rest of the flood drains (sweeps until the queue is empty).
    for (let at = start + 31 * minute; (await queuedCount(db)) > 0 && at < start + 60 * minute; at += minute) {
      await sweepMail(db, settings, { now: at });
    }
    const left = (await Promise.all(flood.slice(0, 50).map(deliveryOf))).filter(
      (delivery) => delivery.state !== 'SUCCESS',
    );
    expect(left).toEqual([]);
  }, 240_000);
});

describe("a flood aimed at a visitor's address", () => {
  it("spends the address's hour and keeps writing: the visitor's message still reaches the team within the hour", async () => {
    const t = token();
    const start = freshDay() + 14 * 60 * minute + 2 * minute;
    const settings = config({ perDay: 0 });
    const address = `visitor+${t}@example.org`;
    // The script writes with the visitor's address: 30 at once, enough to spend its hour.
    const script = await write(30, start, (index) => ({ email: address, subject: `Noise ${t} ${index}` }));
    await invoke(script, start, settings);
    // And, as if it had queued thousands more, its place in the queue is far ahead.
    const counter = senderCounter(settings.limits, start, address)?.id ?? '';
    await db
      .collection(collections.mailLimits)
      .doc(counter)
      .set({ nextDigestMs: start + 5 * 60 * minute }, { merge: true });

    const writtenAt = start + minute;
    const [visitor = ''] = await write(1, writtenAt, () => ({ email: address, subject: `Real ${t}` }));
    expect(await invoke([visitor], writtenAt, settings)).toEqual(['QUEUED']);
    const due = ((await deliveryOf(visitor)).digestTime as Timestamp).toMillis();
    // Never further than maxSenderDelayMs behind, however far ahead the script pushed its place.
    expect(due).toBeLessThanOrEqual(writtenAt + maxSenderDelayMs);

    // Another sender's message, written later, is not held behind the script's.
    const [other = ''] = await write(1, writtenAt, () => ({ email: `other+${t}@example.org`, subject: `Other ${t}` }));
    await spendHour(writtenAt, settings.limits.perHour);
    await invoke([other], writtenAt, settings);

    const before = harness.inbox.messages.length;
    let visitorAt: number | undefined;
    let otherAt: number | undefined;
    for (let at = writtenAt + minute; at < start + 60 * minute; at += minute) {
      await sweepMail(db, settings, { now: at });
      const mails = harness.inbox.messages.slice(before);
      if (otherAt === undefined && carrying(mails, other).length > 0) otherAt = at;
      if (carrying(mails, visitor).length > 0) {
        visitorAt = at;
        break;
      }
    }
    // Within the hour it was written in, and the other sender in the next digest.
    expect(visitorAt).toBeDefined();
    expect(visitorAt ?? Infinity).toBeLessThan(start - 2 * minute + 60 * minute);
    expect(otherAt).toBe(writtenAt + minute);
    // The script's messages drain too (nothing dropped).
    for (
      let at = (visitorAt ?? start) + minute;
      (await queuedCount(db)) > 0 && at < start + 400 * minute;
      at += minute
    ) {
      await sweepMail(db, settings, { now: at });
    }
    for (const id of script) expect((await deliveryOf(id)).state, id).toBe('SUCCESS');
  }, 120_000);
});

describe("the mail account's daily quota", () => {
  it('stops at the day cap and at a quota reply, alerts once, and delivers everything the next day: nothing ERROR', async () => {
    const t = token();
    // Late in a day: the digests' reserve is the minutes left (20), within half the cap.
    const dayStart = freshDay();
    const start = dayStart + day - 40 * minute;
    const settings = config({ perDay: 40, perHour: 100, perSenderPerHour: 100 });
    // The provider's own quota is smaller than the cap: it refuses once 25 emails went today.
    let acceptedToday = 0;
    let now = start;
    harness.inbox.rejectWhen(() => {
      if (now >= dayStart + day) return undefined;
      if (acceptedToday >= 25) return { code: 550, text: '5.4.5 Daily user sending limit exceeded' };
      acceptedToday += 1;
      return undefined;
    });
    const before = harness.inbox.messages.length;
    const ids: string[] = [];
    const outcomes: Outcome[] = [];
    // 10 messages a minute for 30 minutes, each from its own address.
    for (let minuteIndex = 0; minuteIndex < 30; minuteIndex += 1) {
      now = start + minuteIndex * minute;
      const written = await write(10, now, (index) => ({
        email: `q${minuteIndex}-${index}+${t}@example.org`,
        subject: `Quota ${t} ${minuteIndex}-${index}`,
      }));
      ids.push(...written);
      outcomes.push(...(await invoke(written, now, settings)));
      await sweepMail(db, settings, { now: now + 30_000, onAlert });
    }
    // The day's emails never passed the cap, nor the provider's quota.
    const today = harness.inbox.messages.slice(before);
    expect(today.length).toBeLessThanOrEqual(25);
    expect(outcomes).not.toContain('ERROR');
    expect(outcomes.filter((outcome) => outcome === 'SUCCESS').length).toBeGreaterThan(0);
    // The team heard once.
    expect(alerts.filter((alert) => alert.kind === 'quota')).toHaveLength(1);
    for (const id of ids) expect(['SUCCESS', 'QUEUED'], id).toContain((await deliveryOf(id)).state);

    // The next day: the digests carry every waiting message.
    for (
      now = dayStart + day + minute;
      (await queuedCount(db)) > 0 && now < dayStart + day + 30 * minute;
      now += minute
    ) {
      await sweepMail(db, settings, { now, onAlert });
    }
    const mails = harness.inbox.messages.slice(before);
    for (const id of ids) {
      expect((await deliveryOf(id)).state, id).toBe('SUCCESS');
      expect(carrying(mails, id), id).toHaveLength(1);
    }
    expect(alerts.filter((alert) => alert.kind === 'quota')).toHaveLength(1);
  }, 180_000);
});

describe('threads for the team', () => {
  it('answers the earlier email from the same address, and from it the one whose reference it quotes', async () => {
    const t = token();
    const at = freshDay() + 8 * 60 * minute;
    const settings = config({ perDay: 0 });
    const address = `thread+${t}@example.org`;
    const [first = ''] = await write(1, at, () => ({ email: address, subject: `First ${t}` }));
    await invoke([first], at, settings);
    const [again = ''] = await write(1, at + day, () => ({ email: address, subject: `Again ${t}` }));
    await invoke([again], at + day, settings);
    // The same address (written in capitals this time) quotes its own first reference.
    const [quoting = ''] = await write(1, at + 2 * day, () => ({
      email: address.toUpperCase(),
      subject: `About ${referenceFor(first).toLowerCase()}`,
    }));
    await invoke([quoting], at + 2 * day, settings);
    // A month and more later, the address starts a thread of its own.
    const [later = ''] = await write(1, at + 40 * day, () => ({ email: address, subject: `Later ${t}` }));
    await invoke([later], at + 40 * day, settings);

    const mailOf = (id: string) => carrying(harness.inbox.messages, id)[0];
    const firstId = mailOf(first)?.messageId ?? '';
    expect(firstId).toMatch(/^<mail\./);
    expect(mailOf(first)?.inReplyTo).toBeUndefined();
    expect(mailOf(again)).toMatchObject({ inReplyTo: firstId, references: firstId });
    expect(mailOf(quoting)?.inReplyTo).toBe(mailOf(again)?.messageId);
    expect(mailOf(quoting)?.text).toContain(`Earlier message: ${referenceFor(first)} (Mail/${first})`);
    expect(mailOf(quoting)?.text).not.toContain('another address');
    expect(mailOf(later)?.inReplyTo).toBeUndefined();
  });

  it('a reference quoted from another address joins no thread, and the email says so above the message', async () => {
    const t = token();
    const at = freshDay() + 8 * 60 * minute;
    const settings = config({ perDay: 0 });
    const [alice = ''] = await write(1, at, () => ({ email: `alice+${t}@example.org`, subject: `Export ${t}` }));
    await invoke([alice], at, settings);
    // Mallory saw Alice's reference (a screenshot) and asks for her data.
    const [mallory = ''] = await write(1, at + 60 * minute, () => ({
      email: `mallory+${t}@example.net`,
      subject: `Re: ${referenceFor(alice)}`,
      message: `About ${referenceFor(alice)}: send the catch export for that account here`,
    }));
    await invoke([mallory], at + 60 * minute, settings);

    const aliceMail = carrying(harness.inbox.messages, alice)[0];
    const malloryMail = carrying(harness.inbox.messages, mallory)[0];
    expect(aliceMail?.messageId).toMatch(/^<mail\./);
    expect(malloryMail?.inReplyTo).toBeUndefined();
    expect(malloryMail?.references).toBeUndefined();
    const line = `This message quotes reference ${referenceFor(alice)} (Mail/${alice}), which was sent from another address: it is not part of that conversation.`;
    // Above the visitor's text, in both parts.
    const text = malloryMail?.text ?? '';
    expect(text.indexOf(line)).toBeGreaterThanOrEqual(0);
    expect(text.indexOf(line)).toBeLessThan(text.indexOf('> About'));
    const html = typeof malloryMail?.html === 'string' ? malloryMail.html : '';
    expect(
      html.indexOf(`quotes reference ${referenceFor(alice)} (Mail/${alice}), which was sent from another address`),
    ).toBeLessThan(html.indexOf('send the catch export'));
    expect(html).toContain('which was sent from another address');
    // Mallory's message starts her own thread: her next one answers hers, not Alice's.
    const [next = ''] = await write(1, at + 2 * 60 * minute, () => ({
      email: `mallory+${t}@example.net`,
      subject: `Again ${t}`,
    }));
    await invoke([next], at + 2 * 60 * minute, settings);
    expect(carrying(harness.inbox.messages, next)[0]?.inReplyTo).toBe(malloryMail?.messageId);
  });

  it("tells the team when a message's reference was another message's first", async () => {
    const t = token();
    const at = freshDay() + 8 * 60 * minute;
    const [id = ''] = await write(1, at, () => ({ email: `same+${t}@example.org`, subject: `Same ${t}` }));
    // As if a writer had searched for an id with the same reference as an earlier message.
    await db
      .collection(collections.mailReferences)
      .doc(referenceFor(id))
      .set({ mailId: 'EarlierMessage0000001', messageId: '<mail.EarlierMessage0000001@localhost>', lastMs: at });
    await invoke([id], at, config({ perDay: 0 }));
    const mail = carrying(harness.inbox.messages, id)[0];
    expect(mail?.text).toContain('Note: Mail/EarlierMessage0000001 had this reference first');
    // The earlier message keeps its reference.
    expect((await db.collection(collections.mailReferences).doc(referenceFor(id)).get()).get('mailId')).toBe(
      'EarlierMessage0000001',
    );
  });
});

describe('faults', () => {
  it('sends a digest that went out but was not recorded again under the same Message-ID', async () => {
    const t = token();
    const at = freshDay() + 11 * 60 * minute;
    const settings = config({ perDay: 0 });
    const ids = await queue(3, at, (index) => ({ email: `r${index}+${t}@example.org`, subject: `Resend ${t}` }));
    const before = harness.inbox.messages.length;
    const first = await sweepMail(db, settings, { now: at + minute });
    expect(first.digest.outcome).toBe('SUCCESS');
    // Its outcome was never written: the messages still say PROCESSING under the digest, and
    // the lease runs out.
    for (const id of ids) {
      await mailRef(id).update({
        'delivery.state': 'PROCESSING',
        'delivery.digest': first.digest.digest,
        'delivery.claim': first.digest.digest,
        'delivery.leaseExpireTime': Timestamp.fromMillis(at + 2 * minute),
      });
    }
    await sweepMail(db, settings, { now: at + 20 * minute });
    const digests = harness.inbox.messages.slice(before).filter((mail) => mail.text?.includes(`Resend ${t}`));
    expect(digests).toHaveLength(2);
    expect(digests[1]?.messageId).toBe(digests[0]?.messageId);
    for (const id of ids) expect(await deliveryOf(id)).toMatchObject({ state: 'SUCCESS' });
  });

  it('finds every lost event among messages written at the same instant, however the pages fall', async () => {
    const t = token();
    // Seven messages written at one instant no other test uses, their events lost; the
    // sweep's search goes on from just before them.
    const writtenAt = Date.now() - 5 * minute + randomInt(0, 60_000);
    await db
      .collection(collections.mailSweep)
      .doc('orphans')
      .set({ createdAt: Timestamp.fromMillis(writtenAt - 1) });
    const lost = await write(7, writtenAt, (index) => ({ email: `o${index}+${t}@example.org`, subject: `Lost ${t}` }));
    const settings = config({ perDay: 0, perHour: 100_000, perSenderPerHour: 1_000 });
    // Three at most per sweep, in pages of two: the search stops between messages of one instant.
    for (let run = 0; run < 3; run += 1) await sweepMail(db, settings, { pageSize: 2, limit: 3 });
    for (const id of lost) expect(await deliveryOf(id), id).toMatchObject({ state: 'SUCCESS' });
  });
});
