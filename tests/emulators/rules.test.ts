import {
  assertFails,
  assertSucceeds,
  initializeTestEnvironment,
  type RulesTestEnvironment,
} from '@firebase/rules-unit-testing';
import {
  addDoc,
  collection,
  deleteDoc,
  doc,
  getDoc,
  getDocs,
  serverTimestamp,
  setDoc,
  Timestamp,
  updateDoc,
} from 'firebase/firestore';
import { afterAll, beforeAll, beforeEach, describe, it } from 'vitest';
import { site } from '../../web/src/config/site.ts';
import { firestoreEmulator, firestoreRules, projectId } from '../support/emulators.ts';

let env: RulesTestEnvironment;

const message = () => ({
  to: [site.supportEmail],
  replyTo: 'angler@example.org',
  message: { subject: 'Question about tides', html: '<p>Hello</p>' },
  createdAt: serverTimestamp(),
});

beforeAll(async () => {
  env = await initializeTestEnvironment({
    projectId,
    firestore: { rules: firestoreRules, host: firestoreEmulator.host, port: firestoreEmulator.port },
  });
});
afterAll(async () => {
  await env.cleanup();
});
beforeEach(async () => {
  await env.clearFirestore();
});

const visitor = () => env.unauthenticatedContext().firestore();

async function seed(id: string) {
  await env.withSecurityRulesDisabled(async (context) => {
    await setDoc(doc(context.firestore(), 'Mail', id), { ...message(), createdAt: Timestamp.now() });
  });
}

describe('Mail: what a visitor may write', () => {
  it('accepts the contact message the site writes', async () => {
    await assertSucceeds(addDoc(collection(visitor(), 'Mail'), message()));
  });

  it('accepts it from a signed-in user too', async () => {
    await assertSucceeds(addDoc(collection(env.authenticatedContext('u1').firestore(), 'Mail'), message()));
  });

  it('denies another recipient', async () => {
    await assertFails(addDoc(collection(visitor(), 'Mail'), { ...message(), to: ['someone@example.net'] }));
  });

  it('denies more than one recipient', async () => {
    await assertFails(
      addDoc(collection(visitor(), 'Mail'), { ...message(), to: [site.supportEmail, 'someone@example.net'] }),
    );
  });

  it('denies extra fields such as bcc', async () => {
    await assertFails(addDoc(collection(visitor(), 'Mail'), { ...message(), bcc: ['someone@example.net'] }));
  });

  it('denies a delivery state set by the client', async () => {
    await assertFails(addDoc(collection(visitor(), 'Mail'), { ...message(), delivery: { state: 'SUCCESS' } }));
  });

  it('denies a message without html', async () => {
    await assertFails(addDoc(collection(visitor(), 'Mail'), { ...message(), message: { subject: 'Hi' } }));
  });

  it('denies an oversized message', async () => {
    await assertFails(
      addDoc(collection(visitor(), 'Mail'), { ...message(), message: { subject: 'Hi', html: 'x'.repeat(40_001) } }),
    );
  });

  it('denies a timestamp chosen by the client', async () => {
    await assertFails(addDoc(collection(visitor(), 'Mail'), { ...message(), createdAt: Timestamp.fromMillis(0) }));
  });
});

describe('Mail: nothing else', () => {
  it('denies reading a message', async () => {
    await seed('m1');
    await assertFails(getDoc(doc(visitor(), 'Mail', 'm1')));
  });

  it('denies listing messages', async () => {
    await assertFails(getDocs(collection(visitor(), 'Mail')));
  });

  it('denies changing a message', async () => {
    await seed('m1');
    await assertFails(updateDoc(doc(visitor(), 'Mail', 'm1'), { 'message.subject': 'changed' }));
  });

  it('denies deleting a message', async () => {
    await seed('m1');
    await assertFails(deleteDoc(doc(visitor(), 'Mail', 'm1')));
  });

  it('denies every other collection', async () => {
    await assertFails(setDoc(doc(visitor(), 'users', 'u1'), { name: 'x' }));
    await assertFails(getDoc(doc(visitor(), 'users', 'u1')));
  });
});
