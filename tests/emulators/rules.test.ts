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
  Bytes,
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
import { exportRecordId, exportsCollection } from '../../functions/src/account-export/member-export.ts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  buildContactMessage,
  contactFields,
  contactMessageSchema,
  contactPicture,
  patterns,
  platforms,
  type ContactField,
} from '../../functions/src/contact-message.ts';
import { firestoreEmulator, firestoreRules, projectId, root, setBackgroundTriggers } from '../support/emulators.ts';

let env: RulesTestEnvironment;

/** The document the site's form writes, built by the one contact message module. */
const message = (): DocumentData => ({
  ...buildContactMessage({
    name: 'Ann',
    email: 'angler@example.org',
    subject: 'Question about tides',
    message: 'Hello\nthere',
    language: 'it',
    platform: 'android',
    appVersion: '1.2.3',
  }),
  createdAt: serverTimestamp(),
});

const omit = (data: DocumentData, key: string) =>
  Object.fromEntries(Object.entries(data).filter(([name]) => name !== key));
const without = (key: string) => omit(message(), key);
const withField = (field: string, value: unknown) => ({ ...message(), [field]: value });
const withContext = (fields: DocumentData) => ({ ...message(), context: fields });
/** Bytes of the given size as the site's client writes a picture (what they hold is the function's to check). */
const pictureOf = (size: number) => Bytes.fromUint8Array(new Uint8Array(size).fill(0xa5));
const withPicture = (picture: unknown) => withField(contactPicture.field, picture);

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
});
beforeEach(async () => {
  await env.clearFirestore();
});

const visitor = () => env.unauthenticatedContext().firestore();
/** A write as the site makes it: addDoc, so Firestore chooses the id. */
const create = (data: DocumentData) => addDoc(collection(visitor(), 'Mail'), data);

async function seed(id: string) {
  await env.withSecurityRulesDisabled(async (context) => {
    await setDoc(doc(context.firestore(), 'Mail', id), { ...message(), createdAt: Timestamp.now() });
  });
}

/** A value of `size` UTF-16 code units that the field's kind accepts, but for its length. */
function valueOfSize(field: ContactField, size: number): string {
  if (contactFields[field].kind === 'email') return `${'a'.repeat(size - '@example.org'.length)}@example.org`;
  // Emoji count two units each: the limit is in UTF-16 code units, not characters.
  return `${'🎣'.repeat(Math.floor(size / 2))}${size % 2 ? 'x' : ''}`;
}

describe('Mail: what a visitor may write', () => {
  it('accepts the contact message the site writes', async () => {
    await assertSucceeds(create(message()));
  });

  it('accepts it from a signed-in user too', async () => {
    await assertSucceeds(addDoc(collection(env.authenticatedContext('u1').firestore(), 'Mail'), message()));
  });

  it.each(Object.entries(contactFields) as Array<[ContactField, { max: number }]>)(
    'accepts a %s of its longest size (%o) and not one unit more',
    async (field, { max }) => {
      await assertSucceeds(create(withField(field, valueOfSize(field, max))));
      await assertFails(create(withField(field, valueOfSize(field, max + 1))));
    },
  );

  it('accepts accented text, emoji, markup as text, and addresses with tags and subdomains', async () => {
    await assertSucceeds(create(withField('name', "Zoë O'Neil-Ferrà 🎣")));
    await assertSucceeds(create(withField('subject', '<b>Tides</b> & "moon"')));
    await assertSucceeds(create(withField('message', 'Line 1\r\n\tLine 2 👨\u200D👩\u200D👧\n\nLine 4')));
    await assertSucceeds(create(withField('email', "o'neil.first+tag@mail.sub.example.it")));
  });

  it('accepts every context the form can send', async () => {
    await assertSucceeds(create(withContext({ language: 'en' })));
    await assertSucceeds(create(withContext({ language: 'en', platform: 'ios' })));
    await assertSucceeds(create(withContext({ language: 'it', platform: 'other', appVersion: '2.0.0-beta.1 (7)' })));
    await assertSucceeds(create(withContext({ language: 'en', appVersion: `1${'.0'.repeat(15)}2` })));
  });

  // Each of these is one thing wrong with an otherwise valid message.
  const hostile: Array<[string, () => DocumentData]> = [
    [
      'the old shape, with html for the email',
      () => ({ ...omit(message(), 'message'), message: { subject: 'Hi', html: '<p>Hi</p>' } }),
    ],
    ['an html field', () => withField('html', '<p>Hi</p>')],
    ['a message that is a map', () => withField('message', { html: '<p>Hi</p>' })],
    ['a recipient', () => withField('to', ['someone@example.net'])],
    ['a replyTo field', () => withField('replyTo', 'someone@example.net')],
    ['a cc field', () => withField('cc', ['someone@example.net'])],
    ['a bcc field', () => withField('bcc', ['someone@example.net'])],
    ['a from field', () => withField('from', 'ceo@example.com')],
    ['a headers field', () => withField('headers', { Bcc: 'someone@example.net' })],
    ['an attachments field', () => withField('attachments', [{ path: 'https://evil.example/x.exe' }])],
    ['a template field', () => withField('template', { name: 'welcome', data: {} })],
    ['a delivery set by the client', () => withField('delivery', { state: 'SUCCESS' })],
    ['a RETRY delivery set by the client', () => withField('delivery', { state: 'RETRY' })],
    ['an expiry set by the client', () => withField('delivery', { expireAt: Timestamp.fromMillis(4e12) })],
    ['an expiry at the top level', () => withField('expireAt', Timestamp.fromMillis(4e12))],
    ['a reference chosen by the client', () => withField('reference', 'AAA-AAA')],
    ...(['name', 'email', 'subject', 'message', 'context', 'createdAt'].map((field) => [
      `no ${field}`,
      () => without(field),
    ]) as Array<[string, () => DocumentData]>),
    ['a timestamp chosen by the client', () => withField('createdAt', Timestamp.fromMillis(0))],
    ['a timestamp in the future', () => withField('createdAt', Timestamp.fromMillis(Date.now() + 3_600_000))],
    ['a timestamp as a string', () => withField('createdAt', new Date().toISOString())],
    ['a name that is a number', () => withField('name', 42)],
    ['a subject that is a list', () => withField('subject', ['Hi'])],
    ['a message that is a number', () => withField('message', 5)],
    ['an address that is a list', () => withField('email', ['a@example.org', 'b@example.net'])],
    ['a name of 101 characters', () => withField('name', 'x'.repeat(101))],
    ['a message of 5,001 characters', () => withField('message', 'x'.repeat(5001))],
    ['an oversized subject in emoji', () => withField('subject', '🎣'.repeat(76))],
    ['an empty name', () => withField('name', '')],
    ['a blank subject', () => withField('subject', '   ')],
    ['a message of line breaks only', () => withField('message', '\n\n')],
    ['a name with a space at the end', () => withField('name', 'Ann ')],
    ['a subject with a no-break space at the start', () => withField('subject', '\u00A0Hi')],
    ['a message ending in a zero-width space', () => withField('message', 'Hi\u200B')],
    ['a subject with a line break', () => withField('subject', 'Hi\nthere')],
    ['a subject with CR/LF and a header', () => withField('subject', 'Hi\r\nBcc: someone@example.net')],
    ['a subject with a tab', () => withField('subject', 'Hi\tthere')],
    ['a subject with U+2028', () => withField('subject', 'Hi\u2028there')],
    ['a name with a right-to-left override (U+202E)', () => withField('name', 'Ann\u202Egnp.exe')],
    ['a name with a left-to-right isolate (U+2066)', () => withField('name', 'Ann\u2066x')],
    ['a name with a pop directional isolate (U+2069)', () => withField('name', 'Ann\u2069x')],
    ['a subject with an Arabic letter mark (U+061C)', () => withField('subject', 'Hi\u061Cthere')],
    ['a message starting with a first-strong isolate (U+2068)', () => withField('message', '\u2068Hi')],
    ['a subject with a zero-width space', () => withField('subject', 'Pay\u200Bment')],
    ['a subject with a byte order mark', () => withField('subject', 'Hi\uFEFFthere')],
    ['a subject with an invisible tag character', () => withField('subject', 'Hi\u{E0041}')],
    ['a message with a NUL', () => withField('message', 'Hi\u0000there')],
    ['a message with an escape character', () => withField('message', 'Hi\u001B[31mthere')],
    ['an address with CR/LF and a header', () => withField('email', 'a@example.org\r\nBcc: b@example.net')],
    ['two addresses', () => withField('email', 'a@example.org, b@example.net')],
    ['two addresses by semicolon', () => withField('email', 'a@example.org;b@example.net')],
    ['an address with a display name', () => withField('email', 'Eve <eve@example.org>')],
    ['an address without a dotted domain', () => withField('email', 'angler@localhost')],
    ['an address with two dots in a row', () => withField('email', 'ang..ler@example.org')],
    ['an address with a space', () => withField('email', 'ang ler@example.org')],
    ['an empty address', () => withField('email', '')],
    ['a context that is a string', () => withField('context', 'android 1.2.3')],
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

  it.each(['K7Q-2MX', 'support', 'a'.repeat(21), 'Q2x9LmTz81KpRw3vBn0_'])(
    'denies a message under an id the writer chose that is not an automatic one (%s)',
    async (id) => {
      await assertFails(setDoc(doc(visitor(), 'Mail', id), message()));
    },
  );

  it('accepts a message under a 20-character id of letters and digits, like an automatic one', async () => {
    await assertSucceeds(setDoc(doc(visitor(), 'Mail', 'Q2x9LmTz81KpRw3vBn0c'), message()));
  });
});

describe('Mail: the one picture a message may carry', () => {
  it('accepts a message with a picture', async () => {
    await assertSucceeds(create(withPicture(pictureOf(150_000))));
  });

  it(`accepts a picture of the limit (${contactPicture.maxBytes} bytes) and not one byte more`, async () => {
    await assertSucceeds(create(withPicture(pictureOf(contactPicture.maxBytes))));
    await assertFails(create(withPicture(pictureOf(contactPicture.maxBytes + 1))));
  });

  it.each([
    ['text', 'data:image/jpeg;base64,/9j/4AAQSkZJRgABAQ'],
    ['a list', [0xff, 0xd8, 0xff]],
    ['a map', { type: 'image/jpeg', bytes: pictureOf(16) }],
    ['a list of pictures', [pictureOf(16), pictureOf(16)]],
    ['a number', 42],
    ['null', null],
  ])('denies a picture that is %s, not bytes', async (_, picture) => {
    await assertFails(create(withPicture(picture)));
  });

  it('denies a picture without the message it comes with', async () => {
    await assertFails(create({ [contactPicture.field]: pictureOf(16), createdAt: serverTimestamp() }));
    await assertFails(create({ ...without('message'), [contactPicture.field]: pictureOf(16) }));
    await assertFails(create({ ...without('email'), [contactPicture.field]: pictureOf(16) }));
  });

  it('denies a picture under another name, or a second one', async () => {
    await assertFails(create(withField('image', pictureOf(16))));
    await assertFails(create({ ...withPicture(pictureOf(16)), picture2: pictureOf(16) }));
  });
});

// The form and the mail function share one definition of a contact message
// (functions/src/contact-message.ts); the rules file cannot import it, so it is read here.
describe('the contact message in firestore.rules', () => {
  const body = (name: string) =>
    new RegExp(`function ${name}\\([^)]*\\) \\{([\\s\\S]*?)\\n    \\}`).exec(firestoreRules)?.[1] ?? '';
  /**
   * A pattern as a rules string literal: backslashes doubled, characters outside printable
   * ASCII as \uXXXX, in the quotes it does not contain.
   */
  const literal = (pattern: string) => {
    const quote = pattern.includes("'") ? '"' : "'";
    const escaped = pattern.replaceAll('\\', '\\\\').replace(/[^\x20-\x7e]/gu, (character) => {
      const code = character.codePointAt(0) ?? 0;
      if (code > 0xffff) throw new Error('write astral characters into firestore.rules some other way');
      return `\\u${code.toString(16).toUpperCase().padStart(4, '0')}`;
    });
    return `${quote}${escaped}${quote}`;
  };
  const ruleOf = { line: 'isLine', email: 'isEmail', text: 'isText' } as const;

  it('checks every field of the message with its kind and limit, and nothing else', () => {
    const checks = [...body('isContactMessage').matchAll(/&& (is\w+)\(data\.(\w+)(?:, (\d+))?\)/g)].map(
      ([, rule, field, max]) => [field, rule, max === undefined ? undefined : Number(max)],
    );
    expect(checks).toEqual([
      ...Object.entries(contactFields).map(([field, { kind, max }]) => [field, ruleOf[kind], max]),
      ['context', 'isContext', undefined],
    ]);
    const required = [...Object.keys(contactMessageSchema.entries), 'createdAt'];
    const quoted = (keys: string[]) => keys.map((key) => `'${key}'`).join(', ');
    expect(body('isContactMessage')).toContain(`data.keys().hasOnly([${quoted([...required, contactPicture.field])}])`);
    expect(body('isContactMessage')).toContain(`data.keys().hasAll([${quoted(required)}])`);
  });

  it("allows the picture as bytes within the contact message's limit", () => {
    const { field, maxBytes } = contactPicture;
    expect(body('isContactMessage')).toContain(
      `&& (!('${field}' in data) || (data.${field} is bytes && data.${field}.size() <= ${maxBytes}));`,
    );
  });

  it('has the patterns of the contact message, character for character', () => {
    for (const kind of ['line', 'email', 'text'] as const) {
      expect(body(ruleOf[kind]), kind).toContain(`value.matches(${literal(patterns[kind])})`);
    }
    expect(body('isContext')).toContain(`context.language.matches(${literal(patterns.language)})`);
    expect(body('isContext')).toContain(`context.appVersion.matches(${literal(patterns.appVersion)})`);
    expect(firestoreRules).toContain(`mailId.matches(${literal(patterns.documentId)})`);
  });

  it('has the devices and context fields of the contact message', () => {
    const listed = /context\.platform in \[([^\]]*)\]/.exec(firestoreRules)?.[1];
    expect(listed?.split(',').map((entry) => entry.trim().replaceAll("'", ''))).toEqual([...platforms]);
    const contextKeys = Object.keys(contactMessageSchema.entries.context.entries)
      .map((key) => `'${key}'`)
      .join(', ');
    expect(body('isContext')).toContain(`context.keys().hasOnly([${contextKeys}])`);
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
    await assertFails(getDocs(query(collection(visitor(), 'Mail'), where('email', '==', 'angler@example.org'))));
  });

  it('denies changing a message', async () => {
    await seed('m1');
    await assertFails(updateDoc(doc(visitor(), 'Mail', 'm1'), { subject: 'changed' }));
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

  it('denies the data export records to everyone, the member included: a member cannot lift their own cap', async () => {
    const id = exportRecordId('u1');
    const member = env.authenticatedContext('u1').firestore();
    await assertFails(getDoc(doc(visitor(), exportsCollection, id)));
    await assertFails(getDoc(doc(member, exportsCollection, id)));
    await assertFails(getDocs(collection(member, exportsCollection)));
    await assertFails(setDoc(doc(member, exportsCollection, id), { recent: [] }));
    await assertFails(deleteDoc(doc(member, exportsCollection, id)));
  });
});
