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
import { hashedId } from '../../functions/src/account-deletion/cleanup.ts';
import { exportRecordId } from '../../functions/src/account-export/member-export.ts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  contactFields,
  contactMessageSchema,
  contactPicture,
  maxNamedSearches,
  maxReadArticles,
  patterns,
  platforms,
  type ContactField,
} from '../../functions/src/contracts/contact-message.ts';
import {
  acceptedMessageId,
  contactMessage as message,
  hostileMessages,
  justEndedNoticeId,
  keptNoticeId,
  pictureOf,
  refusedMessageIds,
  seededNotices,
  without,
  withContext,
  withField,
} from '../../scripts/lib/rules-check-messages.ts';
import { firestoreEmulator, firestoreRules, projectId, root, setBackgroundTriggers } from '../support/emulators.ts';
import { collections } from '../../functions/src/contracts/collections.ts';
import { siteNoticeLimits } from '../../functions/src/contracts/site-notice.ts';
import { articleIdPattern, maxArticleIdLength } from '../../functions/src/contracts/article-id.ts';
import { helpReasons, helpSignalLimits, searchOutcomes } from '../../functions/src/contracts/help-signal.ts';
import { maxSearchLength, searchTextPattern } from '../../functions/src/contracts/search-text.ts';
import { answerSignal, hostileSignals, siteSignals } from '../../scripts/lib/help-signals.ts';

let env: RulesTestEnvironment;

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
const create = (data: DocumentData) => addDoc(collection(visitor(), collections.mail), data);

async function seed(id: string) {
  await env.withSecurityRulesDisabled(async (context) => {
    await setDoc(doc(context.firestore(), collections.mail, id), { ...message(), createdAt: Timestamp.now() });
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
    await assertSucceeds(addDoc(collection(env.authenticatedContext('u1').firestore(), collections.mail), message()));
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
    const read = ['cancel-pro', 'delete-account', 'a'.repeat(maxArticleIdLength), 'forecast-units'];
    await assertSucceeds(create(withContext({ language: 'en', articles: read.slice(0, 1) })));
    await assertSucceeds(create(withContext({ language: 'it', platform: 'android', articles: read })));
    const searched = ['tide table', 'l’app non parte', 'wi-fi', 'a'.repeat(maxSearchLength)];
    await assertSucceeds(create(withContext({ language: 'en', searches: searched.slice(0, 1) })));
    await assertSucceeds(create(withContext({ language: 'it', articles: read, searches: searched })));
  });

  // The hostile messages and the ids a writer might choose are the site's rules checks'
  // (scripts/lib/rules-checks.ts), which the deploy also runs on the live rules.
  it('has at least 20 hostile documents to check', () => {
    expect(hostileMessages.length).toBeGreaterThanOrEqual(20);
  });

  it.each(hostileMessages)('denies %s', async (_, data) => {
    await assertFails(create(data()));
  });

  it.each(refusedMessageIds)(
    'denies a message under an id the writer chose that is not an automatic one (%s)',
    async (id) => {
      await assertFails(setDoc(doc(visitor(), collections.mail, id), message()));
    },
  );

  it('accepts a message under a 20-character id of letters and digits, like an automatic one', async () => {
    await assertSucceeds(setDoc(doc(visitor(), collections.mail, acceptedMessageId), message()));
  });
});

describe('Mail: the known-problem notice a message names', () => {
  // The notices the rules checks seed (shown now, ended within the grace and before it, not yet
  // begun, one whose document does not say when it was shown), and documents shown now under
  // the other ids the hostile messages name but the one never set: a message is refused for the
  // id's form, not only because no notice has it.
  beforeEach(async () => {
    await env.withSecurityRulesDisabled(async (context) => {
      const nowMs = Date.now();
      const shown = seededNotices(nowMs)[keptNoticeId];
      for (const [id, notice] of Object.entries(seededNotices(nowMs))) {
        await setDoc(doc(context.firestore(), collections.siteNotices, id), notice);
      }
      for (const id of ['current', `${keptNoticeId}x`]) {
        await setDoc(doc(context.firestore(), collections.siteNotices, id), { ...shown, id });
      }
    });
  });

  it('accepts a message naming a notice shown now, from a visitor and from a member', async () => {
    await assertSucceeds(create(withField('notice', keptNoticeId)));
    const member = env.authenticatedContext('u1').firestore();
    await assertSucceeds(addDoc(collection(member, collections.mail), withField('notice', keptNoticeId)));
  });

  it('accepts a message naming a notice that ended less than the grace ago, from a page open then', async () => {
    await assertSucceeds(create(withField('notice', justEndedNoticeId)));
  });

  it.each(hostileMessages.filter(([what]) => what.includes('notice')))('denies %s', async (_, data) => {
    await assertFails(create(data()));
  });

  it('denies a message naming a notice no longer kept', async () => {
    await env.withSecurityRulesDisabled(async (context) => {
      await deleteDoc(doc(context.firestore(), collections.siteNotices, keptNoticeId));
    });
    await assertFails(create(withField('notice', keptNoticeId)));
  });

  it('refuses a message once the grace after the notice ended is over', async () => {
    // The rules compare with the time of the write: a notice ended just over, or just under, the
    // grace before now (the emulator's clock is this machine's; a minute either way).
    const graceMs = siteNoticeLimits.namingGraceSeconds * 1000;
    for (const [endedAgoMs, named] of [
      [graceMs - 60_000, true],
      [graceMs + 60_000, false],
    ] as const) {
      await env.withSecurityRulesDisabled(async (context) => {
        await setDoc(doc(context.firestore(), collections.siteNotices, keptNoticeId), {
          id: keptNoticeId,
          shownFrom: Timestamp.fromMillis(Date.now() - 2 * graceMs),
          shownUntil: Timestamp.fromMillis(Date.now() - endedAgoMs),
        });
      });
      const write = create(withField('notice', keptNoticeId));
      await (named ? assertSucceeds(write) : assertFails(write));
    }
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
// (functions/src/contracts/contact-message.ts); the rules file cannot import it, so it is read here.
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

describe('the contact message in firestore.rules', () => {
  const ruleOf = { line: 'isLine', email: 'isEmail', text: 'isText' } as const;

  it('checks every field of the message with its kind and limit, and nothing else', () => {
    const checks = [...body('isContactMessage').matchAll(/&& (is\w+)\(data\.(\w+)(?:, (\d+))?\)/g)].map(
      ([, rule, field, max]) => [field, rule, max === undefined ? undefined : Number(max)],
    );
    expect(checks).toEqual([
      ...Object.entries(contactFields).map(([field, { kind, max }]) => [field, ruleOf[kind], max]),
      ['context', 'isContext', undefined],
    ]);
    const entries = Object.entries(contactMessageSchema.entries);
    const required = [...entries.filter(([, entry]) => entry.type !== 'optional').map(([key]) => key), 'createdAt'];
    const quoted = (keys: string[]) => keys.map((key) => `'${key}'`).join(', ');
    const every = [...entries.map(([key]) => key), 'createdAt', contactPicture.field];
    expect(body('isContactMessage')).toContain(`data.keys().hasOnly([${quoted(every)}])`);
    expect(body('isContactMessage')).toContain(`data.keys().hasAll([${quoted(required)}])`);
    expect(body('isContactMessage')).toContain(`&& (!('notice' in data) || isNotice(data.notice));`);
  });

  it("allows the picture as bytes within the contact message's limit", () => {
    const { field, maxBytes } = contactPicture;
    expect(body('isContactMessage')).toContain(
      `&& (!('${field}' in data) || (data.${field} is bytes && data.${field}.size() <= ${maxBytes}))`,
    );
  });

  it('has the patterns of the contact message, character for character', () => {
    for (const kind of ['line', 'email', 'text'] as const) {
      expect(body(ruleOf[kind]), kind).toContain(`value.matches(${literal(patterns[kind])})`);
    }
    expect(body('isContext')).toContain(`context.language.matches(${literal(patterns.language)})`);
    expect(body('isContext')).toContain(`context.appVersion.matches(${literal(patterns.appVersion)})`);
    expect(firestoreRules).toContain(`mailId.matches(${literal(patterns.documentId)})`);
    expect(body('isNotice')).toContain(`id.matches(${literal(patterns.documentId)})`);
    const notice = `/databases/$(database)/documents/${collections.siteNotices}/$(id)`;
    expect(body('isNotice')).toContain(`exists(${notice})`);
    expect(body('isNotice')).toContain(`isShownNotice(get(${notice}).data)`);
  });

  it('lets a message name a notice for the grace the contract gives after it ended', () => {
    expect(body('isShownNotice')).toContain(
      `request.time < until + duration.value(${String(siteNoticeLimits.namingGraceSeconds)}, 's')`,
    );
  });

  it('has the devices and context fields of the contact message', () => {
    const listed = /context\.platform in \[([^\]]*)\]/.exec(firestoreRules)?.[1];
    expect(listed?.split(',').map((entry) => entry.trim().replaceAll("'", ''))).toEqual([...platforms]);
    const contextKeys = Object.keys(contactMessageSchema.entries.context.entries)
      .map((key) => `'${key}'`)
      .join(', ');
    expect(body('isContext')).toContain(`context.keys().hasOnly([${contextKeys}])`);
    const most = maxReadArticles;
    expect(body('isArticleList')).toContain(`list.size() <= ${String(most)}`);
    for (let index = 1; index < most; index += 1)
      expect(body('isArticleList')).toContain(
        `(list.size() < ${String(index + 1)} || isArticleId(list[${String(index)}]))`,
      );
    expect(body('isArticleList')).not.toContain(`list[${String(most)}]`);
    expect(body('isSearchList')).toContain(`list.size() <= ${String(maxNamedSearches)}`);
    for (let index = 1; index < maxNamedSearches; index += 1)
      expect(body('isSearchList')).toContain(
        `(list.size() < ${String(index + 1)} || isSearchText(list[${String(index)}]))`,
      );
    expect(body('isSearchList')).not.toContain(`list[${String(maxNamedSearches)}]`);
  });
});

describe('Mail: nothing else', () => {
  it('denies reading a message', async () => {
    await seed('m1');
    await assertFails(getDoc(doc(visitor(), collections.mail, 'm1')));
  });

  it('denies reading a message to a signed-in user', async () => {
    await seed('m1');
    await assertFails(getDoc(doc(env.authenticatedContext('u1').firestore(), collections.mail, 'm1')));
  });

  it('denies listing messages', async () => {
    await seed('m1');
    await assertFails(getDocs(collection(visitor(), collections.mail)));
  });

  it('denies querying messages', async () => {
    await seed('m1');
    await assertFails(
      getDocs(query(collection(visitor(), collections.mail), where('email', '==', 'angler@example.org'))),
    );
  });

  it('denies changing a message', async () => {
    await seed('m1');
    await assertFails(updateDoc(doc(visitor(), collections.mail, 'm1'), { subject: 'changed' }));
  });

  it('denies setting delivery on a message (for example a RETRY)', async () => {
    await seed('m1');
    await assertFails(updateDoc(doc(visitor(), collections.mail, 'm1'), { delivery: { state: 'RETRY' } }));
    await assertFails(updateDoc(doc(visitor(), collections.mail, 'm1'), { createdAt: deleteField() }));
  });

  it('denies overwriting a message with a valid one', async () => {
    await seed('m1');
    await assertFails(setDoc(doc(visitor(), collections.mail, 'm1'), message()));
  });

  it('denies deleting a message', async () => {
    await seed('m1');
    await assertFails(deleteDoc(doc(visitor(), collections.mail, 'm1')));
  });

  it('denies documents under a message', async () => {
    await assertFails(setDoc(doc(visitor(), collections.mail, 'm1', 'attachments', 'a1'), { path: 'x' }));
  });

  it('denies every other collection', async () => {
    await assertFails(setDoc(doc(visitor(), 'users', 'u1'), { name: 'x' }));
    await assertFails(getDoc(doc(visitor(), 'users', 'u1')));
    await assertFails(addDoc(collection(visitor(), 'mail'), message()));
  });

  it('denies the rate-limit counters to everyone but the functions', async () => {
    await assertFails(getDoc(doc(visitor(), collections.mailLimits, 'all')));
    await assertFails(setDoc(doc(visitor(), collections.mailLimits, 'all'), { count: 0 }));
    await assertFails(getDocs(collection(env.authenticatedContext('u1').firestore(), collections.mailLimits)));
  });

  it('denies the account deletion records to everyone, the deleted member included', async () => {
    const id = hashedId('u1');
    const member = env.authenticatedContext('u1').firestore();
    await assertFails(getDoc(doc(visitor(), collections.accountDeletions, id)));
    await assertFails(getDoc(doc(member, collections.accountDeletions, id)));
    await assertFails(getDocs(collection(member, collections.accountDeletions)));
    await assertFails(setDoc(doc(member, collections.accountDeletions, id), { state: 'DONE' }));
    await assertFails(deleteDoc(doc(member, collections.accountDeletions, id)));
  });

  it('denies the data export records to everyone, the member included: a member cannot lift their own cap', async () => {
    const id = exportRecordId('u1');
    const member = env.authenticatedContext('u1').firestore();
    await assertFails(getDoc(doc(visitor(), collections.dataExports, id)));
    await assertFails(getDoc(doc(member, collections.dataExports, id)));
    await assertFails(getDocs(collection(member, collections.dataExports)));
    await assertFails(setDoc(doc(member, collections.dataExports, id), { recent: [] }));
    await assertFails(deleteDoc(doc(member, collections.dataExports, id)));
  });
});

describe('HelpSignals: what the help centre may write', () => {
  const signals = (db = visitor()) => collection(db, collections.helpSignals);
  const member = () => env.authenticatedContext('u1', { email: 'member@gmail.com' }).firestore();

  it.each(siteSignals)('accepts %s, from a visitor and from a member', async (_, data) => {
    await assertSucceeds(addDoc(signals(), data()));
    await assertSucceeds(addDoc(signals(member()), data()));
  });

  it('has at least 20 hostile signals to check', () => {
    expect(hostileSignals.length).toBeGreaterThanOrEqual(20);
  });

  it.each(hostileSignals)('denies %s', async (_, data) => {
    await assertFails(addDoc(signals(), data()));
  });

  it('denies a signal under an id of the writer’s choosing', async () => {
    await assertFails(setDoc(doc(signals(), 'support'), answerSignal()));
  });

  it('denies reading, listing, changing and deleting a signal, to a visitor and to a member', async () => {
    await env.withSecurityRulesDisabled(async (context) => {
      await setDoc(doc(context.firestore(), collections.helpSignals, 'Mx7pQ2r9LkTz81KpRw3v'), answerSignal());
    });
    for (const db of [visitor(), member()]) {
      const ref = doc(db, collections.helpSignals, 'Mx7pQ2r9LkTz81KpRw3v');
      await assertFails(getDoc(ref));
      await assertFails(getDocs(collection(db, collections.helpSignals)));
      await assertFails(updateDoc(ref, { helped: true }));
      await assertFails(deleteDoc(ref));
    }
  });

  it('has the contract’s patterns, limits, choices and period, character for character', () => {
    const { keepDays, clockSlackDays } = helpSignalLimits;
    expect(body('isHelpSignal')).toContain(
      `data.expireAt > request.time + duration.value(${keepDays - clockSlackDays}, 'd')`,
    );
    expect(body('isHelpSignal')).toContain(
      `data.expireAt < request.time + duration.value(${keepDays + clockSlackDays}, 'd')`,
    );
    expect(body('isHelpSearch')).toContain(`isSearchText(data.get('text', null))`);
    expect(body('isSearchText')).toContain(`value.size() <= ${maxSearchLength}`);
    expect(body('isSearchText')).toContain(`value.matches(${literal(searchTextPattern)})`);
    const quoted = (values: readonly string[]) => values.map((value) => `'${value}'`).join(', ');
    expect(body('isHelpSearch')).toContain(`data.get('outcome', null) in [${quoted(searchOutcomes)}]`);
    expect(body('isHelpReason')).toContain(`data.get('reason', null) in [${quoted(helpReasons)}]`);
    expect(body('isArticleId')).toContain(
      `value.size() <= ${maxArticleIdLength} && value.matches(${literal(articleIdPattern)})`,
    );
  });
});
