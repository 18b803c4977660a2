import { initializeTestEnvironment, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { addDoc, collection, doc, getDoc, serverTimestamp, setDoc, type DocumentData } from 'firebase/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { site } from '../../web/src/config/site.ts';
import {
  eventually,
  firestoreEmulator,
  firestoreRules,
  projectId,
  smtpPort,
  supportEmail,
} from '../support/emulators.ts';
import { startInbox, type Inbox } from '../support/smtp.ts';

// The Firestore trigger, running in the Functions emulator, sends real email to a real SMTP
// server on loopback (the port functions/.env.local gives the emulators).
let env: RulesTestEnvironment;
let inbox: Inbox;

beforeAll(async () => {
  env = await initializeTestEnvironment({
    projectId,
    firestore: { rules: firestoreRules, host: firestoreEmulator.host, port: firestoreEmulator.port },
  });
  inbox = await startInbox(smtpPort);
});
afterAll(async () => {
  await inbox.close();
  await env.cleanup();
});

async function readMail(id: string): Promise<DocumentData | undefined> {
  let data: DocumentData | undefined;
  await env.withSecurityRulesDisabled(async (context) => {
    data = (await getDoc(doc(context.firestore(), 'Mail', id))).data();
  });
  return data;
}

type Delivery = {
  state: string;
  attempts: number;
  error: string | null;
  info: { messageId: string; accepted: string[]; rejected: string[]; response: string } | null;
};

async function finalDelivery(id: string): Promise<Delivery> {
  return eventually(
    async () => {
      const delivery = (await readMail(id))?.delivery as Delivery | undefined;
      return delivery && delivery.state !== 'PROCESSING' ? delivery : undefined;
    },
    20_000,
    `the delivery of Mail/${id} to end`,
  );
}

const withToken = (token: string) => inbox.messages.filter((mail) => mail.subject?.includes(token));

describe('the mail trigger', () => {
  it('turns a contact message written by a visitor into one email to the support inbox', async () => {
    expect(supportEmail).toBe(site.supportEmail);
    const token = `t${Date.now()}`;
    const visitor = env.unauthenticatedContext().firestore();
    const ref = await addDoc(collection(visitor, 'Mail'), {
      to: [site.supportEmail],
      replyTo: 'angler@example.org',
      message: {
        subject: `Tides ${token}`,
        html: '<p>Name: Ann &amp; Bob</p><p>Email: angler@example.org</p><p>The tide table is off.</p>',
      },
      createdAt: serverTimestamp(),
    });

    const delivery = await finalDelivery(ref.id);
    expect(delivery).toMatchObject({ state: 'SUCCESS', attempts: 1, error: null });
    expect(delivery.info?.accepted).toEqual([site.supportEmail]);

    const [mail, ...more] = withToken(token);
    expect(more).toHaveLength(0);
    expect(mail?.to).toMatchObject({ value: [{ address: site.supportEmail }] });
    expect(mail?.replyTo).toMatchObject({ value: [{ address: 'angler@example.org' }] });
    expect(mail?.subject).toBe(`Tides ${token}`);
    expect(mail?.html).toContain('<p>Name: Ann &amp; Bob</p>');
    expect(mail?.text).toContain('Name: Ann & Bob');
    expect(mail?.messageId).toBe(delivery.info?.messageId);
    expect(inbox.recipients[inbox.messages.indexOf(mail as never)]).toEqual([site.supportEmail]);

    // Still exactly one a moment later.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(withToken(token)).toHaveLength(1);
  });

  it('delivers to the support inbox whatever `to` a document written with admin access says', async () => {
    const token = `t${Date.now()}`;
    await env.withSecurityRulesDisabled(async (context) => {
      await setDoc(doc(context.firestore(), 'Mail', token), {
        to: ['someone-else@example.net'],
        message: { subject: `Redirect ${token}\r\nBcc: someone-else@example.net`, html: '<p>x</p>' },
      });
    });
    expect(await finalDelivery(token)).toMatchObject({ state: 'SUCCESS' });
    const [mail] = withToken(token);
    expect(mail?.subject).toBe(`Redirect ${token} Bcc: someone-else@example.net`);
    expect(mail?.bcc).toBeUndefined();
    expect(inbox.recipients[inbox.messages.indexOf(mail as never)]).toEqual([site.supportEmail]);
  });

  it('ends a malformed document in ERROR with the reason and sends nothing', async () => {
    const id = `malformed-${Date.now()}`;
    await env.withSecurityRulesDisabled(async (context) => {
      await setDoc(doc(context.firestore(), 'Mail', id), { to: [site.supportEmail], message: { subject: id } });
    });
    expect(await finalDelivery(id)).toMatchObject({
      state: 'ERROR',
      error: 'malformed document: message.html is missing or not a string',
    });
    expect(withToken(id)).toHaveLength(0);
  });
});
