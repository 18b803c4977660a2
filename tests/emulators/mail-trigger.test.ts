import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import {
  collection,
  doc,
  getDocs,
  query,
  serverTimestamp,
  setDoc,
  updateDoc,
  where,
  type DocumentData,
} from 'firebase/firestore';
import type { ParsedMail } from 'mailparser';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { site } from '../../web/src/config/site.ts';
import { contactPicture, referenceFor, type ContactMessage } from '../../functions/src/contracts/contact-message.ts';
import { escapeHtml } from '../../functions/src/contracts/html-text.ts';
import { defaultRetentionMonths, expiryTime } from '../../functions/src/contact-pipeline/retention.ts';
import { sweepMail } from '../../functions/src/contact-pipeline/sweep.ts';
import { senderSpacingMs } from '../../functions/src/contact-pipeline/caps.ts';
import { knownProblemRoot, quoteText } from '../../functions/src/contact-pipeline/render-email.ts';
import { clearNotice, setNotice } from '../../functions/src/site-notice/store.ts';
import { siteNoticeLimits } from '../../functions/src/contracts/site-notice.ts';
import {
  emulatorMailConfig,
  firestoreEmulator,
  limitPerSenderPerHour,
  projectId,
  supportEmail,
} from '../support/emulators.ts';
import { mailHarness, token, type DeliveryRead, type MailHarness } from '../support/mail-harness.ts';
import { autoId, contactMessage, restWrite } from '../support/visitor-writes.ts';
import { collections } from '../../functions/src/contracts/collections.ts';

// The Firestore trigger, running in the Functions emulator, sends real email to a real SMTP
// server on loopback (the port functions/.env.local gives the emulators). Every test uses
// its own token in the subject and its own sender address, so the tests never see each
// other's mail nor share a rate-limit counter.
// This file is about the trigger: on, whatever the file before needed.
const harness = mailHarness({ triggers: true, rules: true, atEnd: everyMessageEnded });
const { written, readMail, deliveryWhen, withToken, visitorWrites, scriptWrites } = harness;

beforeAll(async () => {
  // Delivery warnings that other files' failed messages left waiting would ride at the top of
  // this file's first email: they are not this file's, so they count as carried already.
  await harness.rules.withSecurityRulesDisabled(async (context) => {
    const waiting = await getDocs(
      query(collection(context.firestore(), collections.mailAlerts), where('reported', '==', false)),
    );
    await Promise.all(waiting.docs.map((notice) => updateDoc(notice.ref, { reported: true })));
  });
});

/**
 * Every document this file wrote ended in a recorded final state, with its expiry (the
 * retention period after it was written, or after it was first claimed when it does not
 * say) and its reference.
 */
async function everyMessageEnded({ inbox }: MailHarness) {
  inbox.rejectWhen(undefined);
  await inbox.start().catch(() => undefined);
  const documents = await Promise.all(written.map(async (id) => ({ id, data: await readMail(id) })));
  const delivered = documents.map(({ id, data }) => ({ id, delivery: data?.delivery as DeliveryRead, data }));
  expect(delivered.filter(({ delivery }) => delivery.state !== 'SUCCESS' && delivery.state !== 'ERROR')).toEqual([]);
  for (const { id, delivery, data } of delivered) {
    expect(data?.reference, id).toBe(referenceFor(id));
    const expireAt = Date.parse(delivery.expireAt ?? '');
    if (typeof data?.createdAt === 'string') {
      expect(expireAt, id).toBe(expiryTime(Date.parse(data.createdAt), defaultRetentionMonths).getTime());
    } else {
      const claimedMs = Date.parse(String(delivery.startTime));
      expect(Math.abs(expireAt - expiryTime(claimedMs, defaultRetentionMonths).getTime()), id).toBeLessThan(60_000);
    }
  }
}

/** The delivery once the trigger is done with it (ended, or waiting for a retry or a digest). */
const finalDelivery = (id: string) => deliveryWhen(id, ({ state }) => state !== 'PROCESSING', 20_000);

const envelopeOf = (mail: ParsedMail | undefined) =>
  harness.inbox.recipients[harness.inbox.messages.indexOf(mail as ParsedMail)];

/** Someone with admin access (bypassing the rules) writes a document. */
async function adminWrites(id: string, data: DocumentData): Promise<void> {
  await harness.rules.withSecurityRulesDisabled(async (context) => {
    await setDoc(doc(context.firestore(), collections.mail, id), data);
  });
  written.push(id);
}

describe('the mail trigger', () => {
  it('turns a contact message written by a visitor into one email to the support inbox', async () => {
    expect(supportEmail).toBe(site.supportEmail);
    const t = token();
    const sender = `angler+${t}@example.org`;
    const id = await visitorWrites({
      name: 'Ann & Bob',
      email: sender,
      subject: `Tides ${t}`,
      message: 'The tide table is off.\nSince <Monday>.',
      language: 'it',
      platform: 'android',
      appVersion: '1.2.3 (45)',
      articles: ['tide-table', 'forecast-units'],
    });
    const reference = referenceFor(id);

    const delivery = await finalDelivery(id);
    expect(delivery).toMatchObject({ state: 'SUCCESS', attempts: 1, error: null, leaseExpireTime: null });
    expect(delivery.startTime).toBeTruthy();
    expect(delivery.endTime).toBeTruthy();
    expect(delivery.info?.accepted).toEqual([site.supportEmail]);
    expect(delivery.info?.rejected).toEqual([]);
    expect(delivery.info?.response).toMatch(/^250 /);

    const [mail, ...more] = withToken(t);
    expect(more).toHaveLength(0);
    expect(mail?.to).toMatchObject({ value: [{ address: site.supportEmail }] });
    expect(mail?.replyTo).toMatchObject({ value: [{ address: sender }] });
    // The reference opens the subject; the message comes first, then who wrote it, the
    // reference, the context and the document, in both parts.
    expect(mail?.subject).toBe(`[${reference}] Tides ${t}`);
    const html = mail?.html || '';
    expect(html.indexOf('Since &#60;Monday&#62;.')).toBeGreaterThan(0);
    expect(html.indexOf('Since &#60;Monday&#62;.')).toBeLessThan(html.indexOf('<table'));
    for (const value of ['Ann &#38; Bob', sender, reference, 'Italian (it)', 'Android', '1.2.3 (45)', `Mail/${id}`])
      expect(html).toContain(value);
    expect(mail?.text).toMatch(/^> The tide table is off\.\n> Since <Monday>\.\n\nName: Ann & Bob\n/);
    expect(mail?.text).toContain(
      `\nEmail: ${sender}\nSubject: Tides ${t}\nReference: ${reference}\nLanguage: Italian (it)\nDevice: Android\nApp version: 1.2.3 (45)\nHelp read first: tide-table, forecast-units\nReceived: `,
    );
    expect(mail?.text).toContain(`\nDocument: Mail/${id}`);
    expect(mail?.messageId).toBe(delivery.info?.messageId);
    expect(envelopeOf(mail)).toEqual([site.supportEmail]);

    // Still exactly one a moment later.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(withToken(t)).toHaveLength(1);
  });

  it("shows what a script wrote as text: its markup is not the email's, its Email row is the real Reply-To", async () => {
    const t = token();
    const sender = `script+${t}@example.org`;
    const hostile = {
      name: 'Billing Department',
      email: sender,
      subject: `Payout ${t}`,
      message: [
        'Verify your payout details: <a href="https://evil.example/">secure portal</a> <img src=x onerror=alert(1)>',
        '</p><p><strong>Email:</strong> billing@example.com',
      ].join('\n'),
    };
    // One REST write straight to Firestore, no browser: what any script can do.
    const id = await scriptWrites(hostile);
    expect(await finalDelivery(id)).toMatchObject({ state: 'SUCCESS' });

    const [mail] = withToken(t);
    const html = mail?.html || '';
    // Every tag in the email is the function's own layout; the visitor's text is all text.
    const body = html.slice(html.indexOf('<body'));
    expect([...new Set([...body.matchAll(/<([a-z]+)/gi)].map(([, tag]) => tag?.toLowerCase()))].sort()).toEqual(
      ['body', 'br', 'div', 'hr', 'p', 'table', 'td', 'tr'].sort(),
    );
    for (const line of hostile.message.split('\n')) expect(html).toContain(escapeHtml(line));
    expect(mail?.text).toContain(quoteText(hostile.message));
    // The Email row is the address Reply-To uses, not one the text claims.
    const emailRows = [...html.matchAll(/<td[^>]*>Email<\/td><td[^>]*>([^<]*)<\/td>/g)].map(([, value]) => value);
    expect(emailRows).toEqual([sender]);
    expect(mail?.replyTo).toMatchObject({ value: [{ address: sender }] });
    expect(mail?.text).toContain(`\nName: Billing Department\nEmail: ${sender}\n`);
    expect(envelopeOf(mail)).toEqual([site.supportEmail]);
  });

  it('delivers to the support inbox whatever `to` a document written with admin access says', async () => {
    const t = token();
    await adminWrites(t, {
      to: ['someone-else@example.net'],
      replyTo: 'eve@example.org\r\nBcc: someone-else@example.net',
      message: { subject: `Redirect ${t}\r\nBcc: someone-else@example.net`, html: '<p>x</p>' },
    });
    expect(await finalDelivery(t)).toMatchObject({ state: 'SUCCESS' });
    const [mail] = withToken(t);
    expect(mail?.subject).toBe(`[${referenceFor(t)}] Redirect ${t} Bcc: someone-else@example.net`);
    expect(mail?.bcc).toBeUndefined();
    expect(mail?.replyTo).toBeUndefined();
    expect(envelopeOf(mail)).toEqual([site.supportEmail]);
  });

  it('lets script and markup payloads in every field arrive inert', async () => {
    const t = token();
    const payload = '<script>alert(1)</script><img src=x onerror=alert(2)>';
    const id = await visitorWrites({
      name: payload,
      email: `x+${t}@example.org`,
      subject: `${payload} ${t}`,
      message: `Hi ${payload}\n<style>*{display:none}</style><a href="javascript:alert(4)">click</a>`,
    });
    expect(await finalDelivery(id)).toMatchObject({ state: 'SUCCESS' });
    const [mail] = withToken(`${payload} ${t}`);
    expect(mail?.html).not.toMatch(/<(script|img|style|iframe|form|a)\b|onclick|href="javascript/i);
    expect(mail?.html).toContain(escapeHtml(payload));
    expect(mail?.text).toMatch(new RegExp(`^> Hi ${payload.replace(/[()]/g, '\\$&')}\n> <style>`));
    expect(mail?.headers.has('bcc')).toBe(false);
    expect(envelopeOf(mail)).toEqual([site.supportEmail]);
  });

  it('still sends a document in the old shape (html written by the site before plain fields), sanitised', async () => {
    const t = token();
    const payload = '<script>alert(1)</script><img src=x onerror=alert(2)>';
    await adminWrites(t, {
      to: [site.supportEmail],
      message: {
        subject: `Old ${t}`,
        html:
          `<p onclick="alert(3)">Hi ${payload}</p><style>*{display:none}</style>` +
          '<a href="javascript:alert(4)">click</a><a href="https://example.com/">ok</a>' +
          '\n<p><strong>Name:</strong> Ann</p>',
      },
      replyTo: `old+${t}@example.org`,
      context: { language: 'en' },
      createdAt: serverTimestamp(),
    });
    expect(await finalDelivery(t)).toMatchObject({ state: 'SUCCESS' });
    const [mail] = withToken(t);
    expect(mail?.subject).toBe(`[${referenceFor(t)}] Old ${t}`);
    expect(mail?.replyTo).toMatchObject({ value: [{ address: `old+${t}@example.org` }] });
    expect(mail?.html).toContain(
      '\n<p>Hi </p><a>click</a><a href="https://example.com/">ok</a>\n<p><strong>Name:</strong> Ann</p>\n<hr',
    );
    expect(mail?.html).not.toMatch(/<(script|img|style|iframe|form)|onclick|javascript:/i);
    expect(mail?.text).toMatch(/^> Hi\n> clickok \(https:\/\/example\.com\/\) Name: Ann\n\nReference: /);
  });

  it('sends only well-formed context, whatever a document written with admin access holds', async () => {
    const t = token();
    await adminWrites(t, {
      to: [site.supportEmail],
      message: { subject: `Context ${t}`, html: '<p>x</p>' },
      replyTo: `c+${t}@example.org`,
      context: {
        language: '<b>it</b>',
        platform: '<script>alert(1)</script>',
        appVersion: '1.0<img src=x onerror=alert(2)>',
      },
      createdAt: serverTimestamp(),
    });
    expect(await finalDelivery(t)).toMatchObject({ state: 'SUCCESS' });
    const [mail] = withToken(t);
    expect(mail?.html).not.toMatch(/<(script|img|b)\b|onerror/);
    expect(mail?.text).not.toMatch(/Language:|Device:|App version:/);
    expect(mail?.text).toContain(`Reference: ${referenceFor(t)}`);
  });

  it('ends a malformed document in ERROR with the reason and sends nothing', async () => {
    const id = `malformed-${token()}`;
    await adminWrites(id, { to: [site.supportEmail], message: { subject: id } });
    expect(await finalDelivery(id)).toMatchObject({
      state: 'ERROR',
      error: 'malformed document: message.html is missing or not a string',
    });
    const fields = `malformed-${token()}`;
    await adminWrites(fields, { ...contactMessage({ subject: fields }), name: 'x'.repeat(101) });
    expect(await finalDelivery(fields)).toMatchObject({
      state: 'ERROR',
      error: 'malformed document: name is too long',
    });
    expect(withToken(id)).toHaveLength(0);
    expect(withToken(fields)).toHaveLength(0);
  });

  it('delivers after a retry when the SMTP server is down and comes back', async () => {
    const t = token();
    await harness.inbox.stop();
    try {
      const id = await visitorWrites({ subject: `Outage ${t}`, email: `o+${t}@example.org` });
      // The first try has failed and is recorded; the server is back before the next.
      const failed = await deliveryWhen(id, ({ error }) => Boolean(error));
      expect(failed.state).toBe('PROCESSING');
      expect(failed.error).toMatch(/ECONNREFUSED/);
      await harness.inbox.start();
      const delivery = await finalDelivery(id);
      expect(delivery).toMatchObject({ state: 'SUCCESS', error: null });
      expect(delivery.attempts).toBeGreaterThanOrEqual(2);
      expect(withToken(t)).toHaveLength(1);
    } finally {
      await harness.inbox.start().catch(() => undefined);
    }
  });

  it('retries a 4xx reply and delivers once it is accepted', async () => {
    const t = token();
    let refusals = 0;
    harness.inbox.rejectWhen((mail) =>
      mail.subject?.includes(t) && refusals++ === 0 ? { code: 451, text: 'Try again later' } : undefined,
    );
    const id = await visitorWrites({ subject: `Busy ${t}`, email: `b+${t}@example.org` });
    expect(await finalDelivery(id)).toMatchObject({ state: 'SUCCESS', attempts: 2, error: null });
    expect(refusals).toBe(2);
    expect(withToken(t)).toHaveLength(1);
  });

  it('ends in ERROR at once on a 5xx reply, sending nothing', async () => {
    const t = token();
    harness.inbox.rejectWhen((mail) =>
      mail.subject?.includes(t) ? { code: 550, text: 'Mailbox unavailable' } : undefined,
    );
    const id = await visitorWrites({ subject: `Refused ${t}`, email: `r+${t}@example.org` });
    const delivery = await finalDelivery(id);
    expect(delivery).toMatchObject({ state: 'ERROR', attempts: 1 });
    expect(delivery.error).toMatch(/550 Mailbox unavailable/);
    expect(withToken(t)).toHaveLength(0);
  });

  it(`sends one address's messages in at most its cap of emails (${limitPerSenderPerHour}) an hour, dropping none`, async () => {
    const t = token();
    const sender = `Flood+${t}@example.org`;
    const ids = await Promise.all(
      Array.from({ length: limitPerSenderPerHour + 1 }, (_, index) =>
        visitorWrites({
          subject: `Flood ${t} ${index}`,
          // The cap is per address whatever its case.
          email: index % 2 === 0 ? sender : sender.toLowerCase(),
        }),
      ),
    );
    const deliveries = await Promise.all(ids.map((id) => finalDelivery(id)));
    // The cap's last email is kept for a digest of the rest.
    expect(deliveries.filter(({ state }) => state === 'SUCCESS')).toHaveLength(limitPerSenderPerHour - 1);
    expect(deliveries.filter(({ state }) => state === 'QUEUED')).toEqual([
      expect.objectContaining({ queuedFor: 'sender cap', attempts: 0 }),
      expect.objectContaining({ queuedFor: 'sender cap', attempts: 0 }),
    ]);
    expect(withToken(`Flood ${t}`)).toHaveLength(limitPerSenderPerHour - 1);

    // Another sender is not held back.
    const other = await visitorWrites({ subject: `Other ${t}`, email: `other+${t}@example.org` });
    expect(await finalDelivery(other)).toMatchObject({ state: 'SUCCESS' });

    // The scheduled sweep (called here: the emulator runs no schedule) sends the two in one digest.
    const admin = initializeApp({ projectId }, `mail-trigger-sweep-${t}`);
    try {
      // Once both are due: a sender's queued messages are spaced out (senderSpacingMs).
      const report = await sweepMail(getFirestore(admin), emulatorMailConfig(), {
        now: Date.now() + 2 * senderSpacingMs,
      });
      expect(report.digest).toMatchObject({ outcome: 'SUCCESS', messages: 2 });
    } finally {
      await deleteApp(admin);
    }
    const carrying = harness.inbox.messages.filter((mail) => mail.text?.includes(`Flood ${t} `));
    expect(carrying).toHaveLength(limitPerSenderPerHour);
    for (const id of ids) {
      expect(carrying.filter((mail) => mail.text?.includes(`Reference: ${referenceFor(id)}\n`))).toHaveLength(1);
    }
  });
});

describe('messages written while a known problem is shown', () => {
  it('name the notice first in their emails, which share one thread; the rules take only a notice shown', async () => {
    const t = token();
    const text = `Sign-in fails on Android 15 ${t}`;
    const notice = await setNotice(
      harness.db,
      { text: { en: text, it: `Accesso non riuscito ${t}` }, untilMs: null, help: null },
      Date.now(),
    );
    try {
      const ids = [];
      for (const who of ['first', 'second']) {
        ids.push(
          await visitorWrites({
            email: `angler+${who}-${t}@example.org`,
            subject: `Cannot sign in (${who})`,
            notice: notice.id,
          }),
        );
      }
      for (const id of ids) expect((await finalDelivery(id)).state).toBe('SUCCESS');
      const mails = withToken(t);
      expect(mails).toHaveLength(2);
      const root = knownProblemRoot(notice.id, harness.config.from);
      expect(root).toMatch(/^<notice\.[A-Za-z0-9]{20}@[a-z0-9.-]+>$/);
      for (const [index, mail] of mails.entries()) {
        expect(mail.subject).toBe(`[Known problem] ${text}`);
        expect(mail.text?.split('\n')[0]).toBe(
          `Known problem: "${text}" (notice ${notice.id}, shown from ${notice.since.slice(0, 16).replace('T', ' ')} UTC).` +
            ` Its updates: ${site.origin}/known-problems?notice=${notice.id}`,
        );
        expect(mail.inReplyTo).toBe(root);
        expect(mail.references).toBe(root);
        const id = ids.find((each) => mail.text?.includes(`Reference: ${referenceFor(each)}`));
        expect(id, `email ${String(index)} names its own reference`).toBeDefined();
      }
      expect(mails[0]?.messageId).not.toBe(mails[1]?.messageId);
    } finally {
      await clearNotice(harness.db, Date.now());
    }
    // A script that names a notice never set is refused.
    const origin = `http://${firestoreEmulator.host}:${String(firestoreEmulator.port)}`;
    const refused = await restWrite(origin, projectId, autoId(), contactMessage({ notice: 'Nw4kR8s2MjUx92LqSx4w' }));
    expect(refused.status).toBe(403);
    // So is one that names a notice the command cleared longer ago than the grace (its clear
    // dated back): the notice's document says when it was shown, and the rules read it.
    const graceMs = siteNoticeLimits.namingGraceSeconds * 1000;
    const over = await setNotice(
      harness.db,
      { text: { en: `Over ${t}`, it: `Finito ${t}` }, untilMs: null, help: null },
      Date.now() - 2 * graceMs,
    );
    await clearNotice(harness.db, Date.now() - graceMs - 60_000);
    const late = await restWrite(origin, projectId, autoId(), contactMessage({ notice: over.id }));
    expect(late.status).toBe(403);
  });
});

// The site's outbox (web/src/features/contact/outbox/) sends a message kept on the phone again
// under the id the phone made, as often as the connection lets it: side by side from two tabs,
// or again after an answer that was lost. Its own modules, against the rules and the trigger.
describe('a message the phone sends again under its id', () => {
  // Loaded by path, not named to tsc: the site's modules resolve as the bundler does (web/tsconfig.json
  // typechecks them), which this project's Node resolution does not. Their shapes, as used here:
  type Kept = { id: string; message: ContactMessage; picture?: Uint8Array; savedAt: number };
  type WriteMail = (
    id: string,
    message: ContactMessage,
    picture: Uint8Array | undefined,
    signal: AbortSignal,
  ) => Promise<string>;
  type Site = {
    writeMail: WriteMail;
    deliver: (kept: Kept, write: WriteMail) => Promise<'stored' | 'refused'>;
    documentId: () => string;
  };
  const site = async (): Promise<Site> => {
    vi.stubEnv('VITE_FIRESTORE_EMULATOR_HOST', `${firestoreEmulator.host}:${String(firestoreEmulator.port)}`);
    vi.stubEnv('VITE_FIREBASE_PROJECT_ID', projectId);
    const parts = [
      'features/contact/api/write-mail.ts',
      'features/contact/outbox/deliver.ts',
      'firebase/rest-create.ts',
    ];
    const loaded = (await Promise.all(
      parts.map((part) => import(new URL(`../../web/src/${part}`, import.meta.url).pathname)),
    )) as object[];
    return Object.assign({}, ...loaded) as Site;
  };

  it('is stored once and emailed once, also when eight attempts go side by side and one comes later', async () => {
    const { writeMail, deliver, documentId } = await site();
    const t = token();
    const kept = {
      id: documentId(),
      message: contactMessage({ email: `outbox+${t}@example.org`, subject: `Offline ${t}` }),
      savedAt: Date.now(),
    };
    written.push(kept.id);
    const outcomes: string[] = [];
    const counted: WriteMail = async (...args) => {
      const outcome = await writeMail(...args);
      outcomes.push(outcome);
      return outcome;
    };
    expect(await Promise.all(Array.from({ length: 8 }, () => deliver(kept, counted)))).toEqual(
      Array.from({ length: 8 }, () => 'stored'),
    );
    expect(await deliver(kept, counted)).toBe('stored');
    expect(outcomes.filter((outcome) => outcome === 'created')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === 'existed')).toHaveLength(8);
    expect(await finalDelivery(kept.id)).toMatchObject({ state: 'SUCCESS', attempts: 1 });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(withToken(t)).toHaveLength(1);
    expect(withToken(t)[0]?.subject).toBe(`[${referenceFor(kept.id)}] Offline ${t}`);
  });

  it('is refused, and stores nothing, when the rules refuse it: a picture one byte past its limit', async () => {
    const { writeMail, deliver, documentId } = await site();
    const kept = {
      id: documentId(),
      message: contactMessage(),
      picture: new Uint8Array(contactPicture.maxBytes + 1),
      savedAt: 0,
    };
    expect(await deliver(kept, writeMail)).toBe('refused');
    expect(await readMail(kept.id)).toBeUndefined();
  });
});
