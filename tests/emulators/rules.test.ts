import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
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
  deleteField,
  doc,
  getDoc,
  getDocs,
  query,
  serverTimestamp,
  setDoc,
  Timestamp,
  updateDoc,
  where,
  type DocumentData,
} from 'firebase/firestore';
import { deletionsCollection, hashedId } from '../../functions/src/account-deletion/cleanup.ts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { appVersionPattern, emailPattern, platforms } from '../../functions/src/contact-fields.ts';
import { site } from '../../web/src/config/site.ts';
import { firestoreEmulator, firestoreRules, projectId, root, setBackgroundTriggers } from '../support/emulators.ts';

let env: RulesTestEnvironment;

/** The document the site's form writes (web/src/features/contact/contact-message.ts). */
const message = (): DocumentData => ({
  to: [site.supportEmail],
  message: {
    subject: 'Question about tides',
    html: '<p><strong>Name:</strong> Ann</p>\n<p><strong>Message:</strong></p>\n<p>Hello<br>\nthere</p>',
  },
  replyTo: 'angler@example.org',
  context: { language: 'it', platform: 'android', appVersion: '1.2.3' },
  createdAt: serverTimestamp(),
});

const withMessage = (fields: DocumentData) => {
  const base = message();
  return { ...base, message: { ...(base.message as DocumentData), ...fields } };
};

const omit = (data: DocumentData, key: string) =>
  Object.fromEntries(Object.entries(data).filter(([name]) => name !== key));
const without = (key: string) => omit(message(), key);
const messageWithout = (key: string) => ({ ...message(), message: omit(message().message as DocumentData, key) });
const withContext = (fields: DocumentData) => ({ ...message(), context: fields });

beforeAll(async () => {
  // The rules alone: the mail trigger stays out of it.
  await setBackgroundTriggers(false);
  env = await initializeTestEnvironment({
    projectId,
    firestore: { rules: firestoreRules, host: firestoreEmulator.host, port: firestoreEmulator.port },
  });
});
afterAll(async () => {
  // The emulator's report of which rule expressions the tests evaluated, and how.
  const coverage = await fetch(
    `http://${firestoreEmulator.host}:${firestoreEmulator.port}/emulator/v1/projects/${projectId}:ruleCoverage.html`,
  );
  mkdirSync(join(root, 'coverage'), { recursive: true });
  writeFileSync(join(root, 'coverage', 'firestore-rules.html'), await coverage.text());
  await env.cleanup();
  await setBackgroundTriggers(true);
});
beforeEach(async () => {
  await env.clearFirestore();
});

const visitor = () => env.unauthenticatedContext().firestore();
const create = (data: DocumentData) => addDoc(collection(visitor(), 'Mail'), data);

async function seed(id: string) {
  await env.withSecurityRulesDisabled(async (context) => {
    await setDoc(doc(context.firestore(), 'Mail', id), { ...message(), createdAt: Timestamp.now() });
  });
}

describe('Mail: what a visitor may write', () => {
  it('accepts the contact message the site writes', async () => {
    await assertSucceeds(create(message()));
  });

  it('accepts it from a signed-in user too', async () => {
    await assertSucceeds(addDoc(collection(env.authenticatedContext('u1').firestore(), 'Mail'), message()));
  });

  it('accepts the longest subject and html, accented text, and addresses with tags and subdomains', async () => {
    await assertSucceeds(create(withMessage({ subject: 'è'.repeat(150), html: 'x'.repeat(40_000) })));
    await assertSucceeds(create(withMessage({ subject: '🎣'.repeat(75) })));
    await assertSucceeds(create({ ...message(), replyTo: "o'neil.first+tag@mail.sub.example.it" }));
    await assertSucceeds(create({ ...message(), replyTo: `${'a'.repeat(64)}@${'b'.repeat(180)}.com` }));
  });

  it('accepts every context the form can send, and none (a page loaded before context existed)', async () => {
    await assertSucceeds(create(withContext({ language: 'en' })));
    await assertSucceeds(create(withContext({ language: 'en', platform: 'ios' })));
    await assertSucceeds(create(withContext({ language: 'it', platform: 'other', appVersion: '2.0.0-beta.1 (7)' })));
    await assertSucceeds(create(withContext({ language: 'en', appVersion: `1${'.0'.repeat(15)}2` })));
    await assertSucceeds(create(without('context')));
  });

  // Each of these is one thing wrong with an otherwise valid message.
  const hostile: Array<[string, () => DocumentData]> = [
    ['another recipient', () => ({ ...message(), to: ['someone@example.net'] })],
    ['several recipients', () => ({ ...message(), to: [site.supportEmail, 'someone@example.net'] })],
    ['the support address twice', () => ({ ...message(), to: [site.supportEmail, site.supportEmail] })],
    ['a recipient as a string instead of a list', () => ({ ...message(), to: site.supportEmail })],
    ['no recipient at all', () => ({ ...message(), to: [] })],
    ['a cc field', () => ({ ...message(), cc: ['someone@example.net'] })],
    ['a bcc field', () => ({ ...message(), bcc: ['someone@example.net'] })],
    ['a from field', () => ({ ...message(), from: 'ceo@example.com' })],
    ['a headers field', () => ({ ...message(), headers: { Bcc: 'someone@example.net' } })],
    ['an attachments field', () => ({ ...message(), attachments: [{ path: 'https://evil.example/x.exe' }] })],
    ['a template field', () => ({ ...message(), template: { name: 'welcome', data: {} } })],
    ['a toUids field', () => ({ ...message(), toUids: ['u1'] })],
    ['a delivery set by the client', () => ({ ...message(), delivery: { state: 'SUCCESS' } })],
    ['a RETRY delivery set by the client', () => ({ ...message(), delivery: { state: 'RETRY' } })],
    ['an extra field in message (text)', () => withMessage({ text: 'plain' })],
    ['attachments inside message', () => withMessage({ attachments: [] })],
    ['a message that is a string', () => ({ ...message(), message: '<p>Hi</p>' })],
    ['no message', () => without('message')],
    ['no to', () => without('to')],
    ['no replyTo', () => without('replyTo')],
    ['no createdAt', () => without('createdAt')],
    ['no subject', () => messageWithout('subject')],
    ['no html', () => messageWithout('html')],
    ['a timestamp chosen by the client', () => ({ ...message(), createdAt: Timestamp.fromMillis(0) })],
    ['a timestamp in the future', () => ({ ...message(), createdAt: Timestamp.fromMillis(Date.now() + 3_600_000) })],
    ['a timestamp as a string', () => ({ ...message(), createdAt: new Date().toISOString() })],
    ['a subject that is a number', () => withMessage({ subject: 42 })],
    ['html that is a list', () => withMessage({ html: ['<p>Hi</p>'] })],
    ['html that is a map', () => withMessage({ html: { body: '<p>Hi</p>' } })],
    ['an empty subject', () => withMessage({ subject: '' })],
    ['a blank subject', () => withMessage({ subject: '   ' })],
    ['empty html', () => withMessage({ html: '' })],
    ['an oversized subject', () => withMessage({ subject: 'x'.repeat(151) })],
    ['an oversized subject in emoji', () => withMessage({ subject: '🎣'.repeat(76) })],
    ['an oversized html', () => withMessage({ html: 'x'.repeat(40_001) })],
    ['a subject with CR/LF and a header', () => withMessage({ subject: 'Hi\r\nBcc: someone@example.net' })],
    ['a subject with a line feed', () => withMessage({ subject: 'Hi\nthere' })],
    ['a subject with a tab', () => withMessage({ subject: 'Hi\tthere' })],
    ['a replyTo with CR/LF and a header', () => ({ ...message(), replyTo: 'a@example.org\r\nBcc: b@example.net' })],
    ['a replyTo with two addresses', () => ({ ...message(), replyTo: 'a@example.org, b@example.net' })],
    ['a replyTo with two addresses by semicolon', () => ({ ...message(), replyTo: 'a@example.org;b@example.net' })],
    ['a replyTo with a display name', () => ({ ...message(), replyTo: 'Eve <eve@example.org>' })],
    ['a replyTo without a dotted domain', () => ({ ...message(), replyTo: 'angler@localhost' })],
    ['a replyTo with two dots in a row', () => ({ ...message(), replyTo: 'ang..ler@example.org' })],
    ['a replyTo with a space', () => ({ ...message(), replyTo: 'ang ler@example.org' })],
    ['an oversized replyTo', () => ({ ...message(), replyTo: `${'a'.repeat(64)}@${'b'.repeat(186)}.com` })],
    ['an empty replyTo', () => ({ ...message(), replyTo: '' })],
    ['a replyTo that is a list', () => ({ ...message(), replyTo: ['a@example.org', 'b@example.net'] })],
    ['an expiry set by the client', () => ({ ...message(), delivery: { expireAt: Timestamp.fromMillis(4e12) } })],
    ['an expiry at the top level', () => ({ ...message(), expireAt: Timestamp.fromMillis(4e12) })],
    ['a reference chosen by the client', () => ({ ...message(), reference: 'AAA-AAA' })],
    ['a context that is a string', () => ({ ...message(), context: 'android 1.2.3' })],
    ['a context without the language', () => withContext({ platform: 'android' })],
    ['an unknown context field', () => withContext({ language: 'en', model: 'Pixel 9' })],
    ['a language that is not a code', () => withContext({ language: 'English' })],
    ['an unknown platform', () => withContext({ language: 'en', platform: 'windows' })],
    ['a platform in capitals', () => withContext({ language: 'en', platform: 'Android' })],
    ['an oversized app version', () => withContext({ language: 'en', appVersion: '1'.repeat(33) })],
    ['an empty app version', () => withContext({ language: 'en', appVersion: '' })],
    ['markup as the app version', () => withContext({ language: 'en', appVersion: '<b>1.0</b>' })],
    ['an app version with a line break', () => withContext({ language: 'en', appVersion: '1.0\r\nBcc: a@b.co' })],
    ['an app version that is a number', () => withContext({ language: 'en', appVersion: 1.2 })],
  ];

  it('has at least 20 hostile documents to check', () => {
    expect(hostile.length).toBeGreaterThanOrEqual(20);
  });

  it.each(hostile)('denies %s', async (_, data) => {
    await assertFails(create(data()));
  });
});

// The form and the mail function share these rules (functions/src/contact-fields.ts); the
// rules file cannot import them, so it is read here.
describe('the field rules of firestore.rules', () => {
  it('has the address pattern of the form and the mail function', () => {
    const rules = /value\.matches\("(.+)"\)/.exec(firestoreRules)?.[1]?.replaceAll('[.]', '\\.');
    expect(rules).toBe(emailPattern.source);
  });

  it('has their app version pattern and devices', () => {
    expect(/context\.appVersion\.matches\('(.+)'\)/.exec(firestoreRules)?.[1]).toBe(appVersionPattern.source);
    const listed = /context\.platform in \[([^\]]*)\]/.exec(firestoreRules)?.[1];
    expect(listed?.split(',').map((entry) => entry.trim().replaceAll("'", ''))).toEqual([...platforms]);
  });
});

describe('Mail: nothing else', () => {
  it('denies reading a message', async () => {
    await seed('m1');
    await assertFails(getDoc(doc(visitor(), 'Mail', 'm1')));
  });

  it('denies reading a message to a signed-in user', async () => {
    await seed('m1');
    await assertFails(getDoc(doc(env.authenticatedContext('u1').firestore(), 'Mail', 'm1')));
  });

  it('denies listing messages', async () => {
    await seed('m1');
    await assertFails(getDocs(collection(visitor(), 'Mail')));
  });

  it('denies querying messages', async () => {
    await seed('m1');
    await assertFails(getDocs(query(collection(visitor(), 'Mail'), where('replyTo', '==', 'angler@example.org'))));
  });

  it('denies changing a message', async () => {
    await seed('m1');
    await assertFails(updateDoc(doc(visitor(), 'Mail', 'm1'), { 'message.subject': 'changed' }));
  });

  it('denies setting delivery on a message (for example a RETRY)', async () => {
    await seed('m1');
    await assertFails(updateDoc(doc(visitor(), 'Mail', 'm1'), { delivery: { state: 'RETRY' } }));
    await assertFails(updateDoc(doc(visitor(), 'Mail', 'm1'), { createdAt: deleteField() }));
  });

  it('denies overwriting a message with a valid one', async () => {
    await seed('m1');
    await assertFails(setDoc(doc(visitor(), 'Mail', 'm1'), message()));
  });

  it('denies deleting a message', async () => {
    await seed('m1');
    await assertFails(deleteDoc(doc(visitor(), 'Mail', 'm1')));
  });

  it('denies documents under a message', async () => {
    await assertFails(setDoc(doc(visitor(), 'Mail', 'm1', 'attachments', 'a1'), { path: 'x' }));
  });

  it('denies every other collection', async () => {
    await assertFails(setDoc(doc(visitor(), 'users', 'u1'), { name: 'x' }));
    await assertFails(getDoc(doc(visitor(), 'users', 'u1')));
    await assertFails(addDoc(collection(visitor(), 'mail'), message()));
  });

  it('denies the rate-limit counters to everyone but the functions', async () => {
    await assertFails(getDoc(doc(visitor(), 'MailLimits', 'all')));
    await assertFails(setDoc(doc(visitor(), 'MailLimits', 'all'), { count: 0 }));
    await assertFails(getDocs(collection(env.authenticatedContext('u1').firestore(), 'MailLimits')));
  });

  it('denies the account deletion records to everyone, the deleted member included', async () => {
    const id = hashedId('u1');
    const member = env.authenticatedContext('u1').firestore();
    await assertFails(getDoc(doc(visitor(), deletionsCollection, id)));
    await assertFails(getDoc(doc(member, deletionsCollection, id)));
    await assertFails(getDocs(collection(member, deletionsCollection)));
    await assertFails(setDoc(doc(member, deletionsCollection, id), { state: 'DONE' }));
    await assertFails(deleteDoc(doc(member, deletionsCollection, id)));
  });
});
