// What the site asks of the Firestore rules, as checks run against the Firestore emulator:
// the contact form's message may be created, no hostile variant of it may, and nobody (a
// visitor, or any member of the app however signed in) may read, change or delete a contact
// message or touch any document of a collection the functions own. Firestore rules add up:
// every `allow` that matches a request grants it, so rules are judged by what they let
// through, never by their text. tests/emulators/rules.test.ts runs the hostile writes against
// firestore.rules; `npm run rules:check` and `npm run deploy` run every check against any
// rules file (scripts/lib/rules-emulator.ts), the app's merged with the site's included.
//
// The functions' collection names are imported from functions/src. Under plain Node that
// source needs scripts/lib/functions-source.ts registered before this module is loaded.
import { initializeTestEnvironment, type RulesTestContext, type TokenOptions } from '@firebase/rules-unit-testing';
import {
  addDoc,
  Bytes,
  collection,
  collectionGroup,
  deleteDoc,
  doc,
  getDoc,
  getDocs,
  query,
  serverTimestamp,
  setDoc,
  setLogLevel,
  Timestamp,
  updateDoc,
  where,
  writeBatch,
  type DocumentData,
  type Firestore,
} from 'firebase/firestore';
import { buildContactMessage, contactPicture } from '../../functions/src/contracts/contact-message.ts';
import { allowStatements, withoutStatement, type AllowStatement } from './rules-text.ts';
import { collections } from '../../functions/src/contracts/collections.ts';
import { siteNoticeLimits } from '../../functions/src/contracts/site-notice.ts';
import { answerSignal, hostileSignals, siteSignals } from './help-signals.ts';

/** The address of the message every check writes or finds. */
export const messageAddress = 'angler@example.org';

/** The document the site's form writes, built by the one contact message module. */
export const contactMessage = (): DocumentData => ({
  ...buildContactMessage({
    name: 'Ann',
    email: messageAddress,
    subject: 'Question about tides',
    message: 'Hello\nthere',
    language: 'it',
    platform: 'android',
    appVersion: '1.2.3',
  }),
  createdAt: serverTimestamp(),
});

export const omit = (data: DocumentData, key: string) =>
  Object.fromEntries(Object.entries(data).filter(([name]) => name !== key));
export const without = (key: string) => omit(contactMessage(), key);
export const withField = (field: string, value: unknown) => ({ ...contactMessage(), [field]: value });
export const withContext = (fields: DocumentData) => ({ ...contactMessage(), context: fields });
/** Bytes of the given size as the site's client writes a picture (what they hold is the function's to check). */
export const pictureOf = (size: number) => Bytes.fromUint8Array(new Uint8Array(size).fill(0xa5));

/** Each of these is one thing wrong with an otherwise valid message: the rules must refuse it. */
export const hostileMessages: Array<[string, () => DocumentData]> = [
  [
    'the old shape, with html for the email',
    () => ({ ...omit(contactMessage(), 'message'), message: { subject: 'Hi', html: '<p>Hi</p>' } }),
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
  ['a notice that was never set', () => withField('notice', unknownNoticeId)],
  ['a notice that ended longer ago than the grace', () => withField('notice', endedNoticeId)],
  ['a notice not shown yet', () => withField('notice', laterNoticeId)],
  ['a notice whose document does not say when it was shown', () => withField('notice', undatedNoticeId)],
  ['the notice shown, named as `current`', () => withField('notice', 'current')],
  ['a notice id that is too long', () => withField('notice', `${keptNoticeId}x`)],
  ['a notice that is a map', () => withField('notice', { id: keptNoticeId })],
  ['a notice that is a list', () => withField('notice', [keptNoticeId])],
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
  ['read articles that are one string', () => withContext({ language: 'en', articles: 'cancel-pro' })],
  ['an empty list of read articles', () => withContext({ language: 'en', articles: [] })],
  [
    'five read articles',
    () => withContext({ language: 'en', articles: ['a', 'b', 'c', 'd', 'e'].map((letter) => `${letter}-pro`) }),
  ],
  ['a read article that is a path', () => withContext({ language: 'en', articles: ['cancel-pro', '../account'] })],
  ['a read article with markup', () => withContext({ language: 'en', articles: ['<b>cancel</b>'] })],
  ['a read article in capitals', () => withContext({ language: 'en', articles: ['a', 'b', 'Cancel-Pro'] })],
  ['a fourth read article that is a number', () => withContext({ language: 'en', articles: ['a', 'b', 'c', 4] })],
  ['an oversized read article', () => withContext({ language: 'en', articles: ['a'.repeat(61)] })],
  ['searches that are one string', () => withContext({ language: 'en', searches: 'tide table' })],
  ['an empty list of searches', () => withContext({ language: 'en', searches: [] })],
  ['five searches', () => withContext({ language: 'en', searches: ['a', 'b', 'c', 'd', 'e'] })],
  ['a search with a phone number', () => withContext({ language: 'en', searches: ['call 3331234567'] })],
  ['a search with an address', () => withContext({ language: 'en', searches: ['a', 'angler@example.org'] })],
  ['a search in capitals', () => withContext({ language: 'en', searches: ['a', 'b', 'Tide Table'] })],
  ['a fourth search that is a number', () => withContext({ language: 'en', searches: ['a', 'b', 'c', 4] })],
  ['a search of five words', () => withContext({ language: 'en', searches: ['mario-rossi-via-roma-milano'] })],
];

/**
 * Ids a writer might choose for a message that are not like Firestore's automatic ones (a
 * reference, a word, too long, a character automatic ids never have): refused.
 */
export const refusedMessageIds = ['K7Q-2MX', 'support', 'a'.repeat(21), 'Q2x9LmTz81KpRw3vBn0_'];
/** A 20-character id of letters and digits, like an automatic one: accepted. */
export const acceptedMessageId = 'Q2x9LmTz81KpRw3vBn0c';

/** The id of every document the checks put in place before they try to reach it. */
const seededId = 'Mx7pQ2r9LkTz81KpRw3v';

/** A known-problem notice the checks keep (seeded), shown now: a message may name it. */
export const keptNoticeId = seededId;
/** An id of the same form that no notice has: a message may not name it. */
export const unknownNoticeId = 'Nw4kR8s2MjUx92LqSx4w';
/** A notice that ended a minute ago, within the grace: a message may name it. */
export const justEndedNoticeId = 'Jx3vT8q2LmRw81KpNz4c';
/** A notice that ended longer ago than the grace: a message may not name it. */
export const endedNoticeId = 'Ex5nW2r8KqTz41LpMv7d';
/** A notice set to begin in an hour: a message may not name it yet. */
export const laterNoticeId = 'Lq9mV4t7NxRz25KpWc3b';
/** A notice whose document has no shownFrom and shownUntil (one set before they were written). */
export const undatedNoticeId = 'Ud2kP7s5MwQz63LnRx8f';

/**
 * The notices the checks put in place, each under its id, as the operator's command writes them
 * (functions/src/site-notice/store.ts) but for the fields the rules do not read.
 */
export function seededNotices(nowMs: number): Record<string, DocumentData> {
  const minute = 60_000;
  const graceMs = siteNoticeLimits.namingGraceSeconds * 1000;
  const at = (ms: number) => Timestamp.fromMillis(ms);
  const since = (ms: number) => new Date(ms).toISOString();
  return {
    [keptNoticeId]: {
      id: keptNoticeId,
      since: since(nowMs - 60 * minute),
      shownFrom: at(nowMs - 60 * minute),
      shownUntil: null,
    },
    [justEndedNoticeId]: {
      id: justEndedNoticeId,
      since: since(nowMs - 60 * minute),
      shownFrom: at(nowMs - 60 * minute),
      shownUntil: at(nowMs - minute),
    },
    [endedNoticeId]: {
      id: endedNoticeId,
      since: since(nowMs - 60 * minute),
      shownFrom: at(nowMs - 60 * minute),
      shownUntil: at(nowMs - graceMs - minute),
    },
    [laterNoticeId]: {
      id: laterNoticeId,
      since: since(nowMs + 60 * minute),
      shownFrom: at(nowMs + 60 * minute),
      shownUntil: null,
    },
    [undatedNoticeId]: { id: undatedNoticeId, since: since(nowMs - 60 * minute), until: null },
  };
}

/**
 * The collections the functions (or the operator's commands) write with admin access and nobody
 * else may touch, each as the path of one of its documents (MailLimitShards lives under a
 * MailLimits document).
 */
export const functionsCollections: Array<{ name: string; document: string[] }> = [
  { name: collections.mailThreads, document: [collections.mailThreads, seededId] },
  { name: collections.mailReferences, document: [collections.mailReferences, seededId] },
  { name: collections.mailLimits, document: [collections.mailLimits, seededId] },
  {
    name: collections.mailLimitShards,
    document: [collections.mailLimits, seededId, collections.mailLimitShards, seededId],
  },
  { name: collections.mailSweep, document: [collections.mailSweep, seededId] },
  { name: collections.mailAlerts, document: [collections.mailAlerts, seededId] },
  { name: collections.accountDeletions, document: [collections.accountDeletions, seededId] },
  { name: collections.dataExports, document: [collections.dataExports, seededId] },
  // The known-problem notice shown (the operator's command alone writes the collection).
  { name: collections.siteNotices, document: [collections.siteNotices, 'current'] },
];

/** Who tries: a visitor, and members of the app signed in each way an app's rules tell apart. */
type Identity = { name: string; uid?: string; token?: TokenOptions };
export const identities: Identity[] = [
  { name: 'an anonymous visitor' },
  { name: 'a signed-in member', uid: 'member-plain' },
  {
    name: 'a member signed in anonymously',
    uid: 'member-anonymous',
    token: { provider_id: 'anonymous', firebase: { sign_in_provider: 'anonymous' } },
  },
  {
    name: "a member whose verified email is the message's address",
    uid: 'member-same-email',
    token: { email: messageAddress, email_verified: true, firebase: { sign_in_provider: 'password' } },
  },
  {
    name: 'a member signed in with Google',
    uid: 'member-google',
    token: {
      email: 'member@gmail.com',
      email_verified: true,
      name: 'Member',
      firebase: { sign_in_provider: 'google.com', identities: { 'google.com': ['104857600012345678901'] } },
    },
  },
  { name: "a member whose uid is the document's id", uid: seededId },
];
const visitor = identities[0] as Identity;
const googleMember = identities[4] as Identity;

/** What a check is about: a refusal says it in its own words. */
export type CheckTopic = 'message' | 'hostile' | 'mail' | 'functions' | 'everyone' | 'signal' | 'hostile-signal';

/** One thing the rules must let through (`allowed`) or must refuse. */
export type RulesCheck = {
  name: string;
  topic: CheckTopic;
  expect: 'allowed' | 'refused';
  /** Whether the attempt, when it goes through, changes a document other checks reach. */
  changesSeeded?: true;
  attempt: (db: (who: Identity) => Firestore) => Promise<unknown>;
};

/** One way to reach a document or a collection. */
type Access = { what: string; changesSeeded?: true; attempt: (db: Firestore) => Promise<unknown> };

const mailDocument = (db: Firestore) => doc(db, collections.mail, seededId);
const pathOf = (segments: string[]) => segments.join('/');

/** The ways to reach a document and its collection that no client may have. */
function forbiddenAccess(segments: string[], group: string, changes: Record<string, DocumentData>): Access[] {
  const path = pathOf(segments);
  const parent = pathOf(segments.slice(0, -1));
  return [
    { what: `read ${path} (get)`, attempt: (db) => getDoc(doc(db, path)) },
    { what: `list ${parent}`, attempt: (db) => getDocs(collection(db, parent)) },
    {
      what: `query ${parent} for the message's address`,
      attempt: (db) => getDocs(query(collection(db, parent), where('email', '==', messageAddress))),
    },
    {
      what: `query every ${group} collection (collection group)`,
      attempt: (db) => getDocs(collectionGroup(db, group)),
    },
    ...Object.entries(changes).map(([what, data]): Access => ({
      what: `update ${path} (${what})`,
      changesSeeded: true,
      attempt: (db) => updateDoc(doc(db, path), data),
    })),
    { what: `delete ${path}`, changesSeeded: true, attempt: (db) => deleteDoc(doc(db, path)) },
  ];
}

/** Every check, in the order a refusal lists what failed. */
export function rulesChecks(): RulesCheck[] {
  const checks: RulesCheck[] = [];
  const add = (check: RulesCheck) => checks.push(check);
  // The site's own writes.
  const create = (data: () => DocumentData) => (db: Firestore) => addDoc(collection(db, collections.mail), data());
  add({
    name: "a visitor may create the site's contact message",
    topic: 'message',
    expect: 'allowed',
    attempt: (db) => create(contactMessage)(db(visitor)),
  });
  add({
    name: "a visitor may create the site's contact message with a picture of the largest size",
    topic: 'message',
    expect: 'allowed',
    attempt: (db) => create(() => withField(contactPicture.field, pictureOf(contactPicture.maxBytes)))(db(visitor)),
  });
  add({
    name: "a visitor may create the site's contact message naming a known-problem notice shown now",
    topic: 'message',
    expect: 'allowed',
    attempt: (db) => create(() => withField('notice', keptNoticeId))(db(visitor)),
  });
  add({
    name: "a visitor may create the site's contact message naming a known-problem notice that ended within the grace",
    topic: 'message',
    expect: 'allowed',
    attempt: (db) => create(() => withField('notice', justEndedNoticeId))(db(visitor)),
  });
  add({
    name: `a visitor may create the site's contact message under an id like an automatic one (${acceptedMessageId})`,
    topic: 'message',
    expect: 'allowed',
    attempt: (db) => setDoc(doc(db(visitor), collections.mail, acceptedMessageId), contactMessage()),
  });
  add({
    name: "a signed-in member may create the site's contact message",
    topic: 'message',
    expect: 'allowed',
    attempt: (db) => create(contactMessage)(db(googleMember)),
  });
  // Open rules (everything to everyone, Firebase's "test mode") show on a collection nobody named.
  add({
    name: 'an anonymous visitor may not read a document of a collection the site does not know',
    topic: 'everyone',
    expect: 'refused',
    attempt: (db) => getDoc(doc(db(visitor), 'AnyCollection', 'any-document')),
  });
  add({
    name: 'an anonymous visitor may not write a document of a collection the site does not know',
    topic: 'everyone',
    expect: 'refused',
    attempt: (db) => setDoc(doc(db(visitor), 'AnyCollection', 'any-document'), { written: true }),
  });
  // Hostile messages, from a visitor and from a member (an app rule may trust members more).
  for (const who of [visitor, googleMember]) {
    for (const [what, data] of hostileMessages) {
      add({
        name: `${who.name} may not create a ${collections.mail} document with ${what}`,
        topic: 'hostile',
        expect: 'refused',
        attempt: (db) => create(data)(db(who)),
      });
    }
    for (const id of refusedMessageIds) {
      add({
        name: `${who.name} may not create a ${collections.mail} document under an id it chose (${id})`,
        topic: 'hostile',
        expect: 'refused',
        attempt: (db) => setDoc(doc(db(who), collections.mail, id), contactMessage()),
      });
    }
  }
  // Nobody may reach a message once written, nor the functions' own data.
  for (const who of identities) {
    const mailAccess: Access[] = [
      ...forbiddenAccess([collections.mail, seededId], collections.mail, {
        'its subject': { subject: 'changed' },
        'its delivery, to RETRY': { delivery: { state: 'RETRY' } },
      }),
      {
        what: `overwrite ${collections.mail}/${seededId} with a well-formed message`,
        changesSeeded: true,
        attempt: (db) => setDoc(mailDocument(db), contactMessage()),
      },
      {
        what: `create a document under ${collections.mail}/${seededId}`,
        attempt: (db) => setDoc(doc(db, collections.mail, seededId, 'attachments', 'a1'), { path: 'x' }),
      },
    ];
    const functionsAccess = functionsCollections.flatMap(({ name, document }): Access[] => {
      const created = pathOf([...document.slice(0, -1), 'created-by-a-client']);
      return [
        ...forbiddenAccess(document, name, { 'a field': { changed: true } }),
        { what: `create ${created}`, attempt: (db) => setDoc(doc(db, created), { email: messageAddress }) },
      ];
    });
    for (const [topic, accesses] of [
      ['mail', mailAccess],
      ['functions', functionsAccess],
    ] as const) {
      for (const { what, changesSeeded, attempt } of accesses) {
        add({
          name: `${who.name} may not ${what}`,
          topic,
          expect: 'refused',
          ...(changesSeeded ? { changesSeeded } : {}),
          attempt: (db) => attempt(db(who)),
        });
      }
    }
  }
  helpSignalChecks(add);
  return checks;
}

/**
 * The help centre's signals: each kind the site writes may be created, by a visitor and by a
 * member; no hostile variant may, nor one under an id of the writer's choosing; nobody may read,
 * list, change or delete one.
 */
function helpSignalChecks(add: (check: RulesCheck) => void): void {
  const signals = collections.helpSignals;
  const create = (data: () => DocumentData) => (db: Firestore) => addDoc(collection(db, signals), data());
  for (const who of [visitor, googleMember]) {
    for (const [what, data] of siteSignals) {
      add({
        name: `${who.name} may write ${what}`,
        topic: 'signal',
        expect: 'allowed',
        attempt: (db) => create(data)(db(who)),
      });
    }
    for (const [what, data] of hostileSignals) {
      add({
        name: `${who.name} may not write a help signal with ${what}`,
        topic: 'hostile-signal',
        expect: 'refused',
        attempt: (db) => create(data)(db(who)),
      });
    }
    add({
      name: `${who.name} may not write a help signal under an id it chose`,
      topic: 'hostile-signal',
      expect: 'refused',
      attempt: (db) => setDoc(doc(db(who), signals, 'support'), answerSignal()),
    });
  }
  for (const who of identities) {
    for (const { what, changesSeeded, attempt } of forbiddenAccess([signals, seededId], signals, {
      'its answer': { helped: true },
    })) {
      add({
        name: `${who.name} may not ${what}`,
        topic: 'hostile-signal',
        expect: 'refused',
        ...(changesSeeded ? { changesSeeded } : {}),
        attempt: (db) => attempt(db(who)),
      });
    }
  }
}

/** A check the rules failed, and the statement whose removal made it pass, where one did. */
export type CheckFailure = {
  check: string;
  topic: CheckTopic;
  expect: RulesCheck['expect'];
  /** What the emulator said (for a refused message), or that the attempt went through. */
  detail: string;
  /** For a check that something is refused: whether every statement was tried for it. */
  traced: boolean;
  /** The one statement that allows it; undefined when no single removal made it pass. */
  allowedBy?: AllowStatement;
};

export type RulesReport = {
  /** How many checks ran. */
  checks: number;
  failures: CheckFailure[];
  /** Set when the emulator refused the rules themselves (a syntax or type error). */
  compileError?: string;
  /** The allow statements tried one by one to name what let a check through. */
  statementsTried: number;
  /** How many checks tracing runs again at most, over all statements removed. */
  traceBudget: number;
};

/** Where the checks run: a Firestore emulator and a project id of their own in it. */
export type RulesTarget = { host: string; port: number; projectId: string };

/**
 * How many checks tracing runs again at most (each statement removed costs a run of the failing
 * checks not yet traced; about 10 ms each): what is left then is listed without a statement.
 */
const traceBudget = 2000;
/** The order failures are traced in, so the most telling are traced within the budget. */
const topicOrder: CheckTopic[] = ['everyone', 'mail', 'functions', 'hostile', 'hostile-signal', 'message', 'signal'];

/** Runs of `runRulesChecks` now underway (the tests run several at once, one project each). */
let runsUnderway = 0;

/** Loads `rules` for the target's project; the emulator's message when it cannot compile them. */
async function loadRules(target: RulesTarget, rules: string): Promise<string | undefined> {
  const response = await fetch(
    `http://${target.host}:${String(target.port)}/emulator/v1/projects/${target.projectId}:securityRules`,
    { method: 'PUT', body: JSON.stringify({ rules: { files: [{ content: rules }] } }) },
  );
  if (response.ok) return undefined;
  const body = await response.text();
  try {
    return (JSON.parse(body) as { error?: { message?: string } }).error?.message ?? body;
  } catch {
    return body;
  }
}

/**
 * A context's Firestore as the modular API takes it: rules-unit-testing types it as the compat
 * Firestore, whose instance the modular functions accept (they unwrap it).
 */
const firestoreOf = (context: RulesTestContext) => context.firestore() as unknown as Firestore;

/** Puts the documents the checks reach in place, with a client the rules do not apply to. */
async function seed(admin: Firestore): Promise<void> {
  const batch = writeBatch(admin);
  batch.set(mailDocument(admin), { ...contactMessage(), createdAt: Timestamp.now(), delivery: { state: 'SUCCESS' } });
  for (const { document } of functionsCollections) {
    batch.set(doc(admin, pathOf(document)), { email: messageAddress, uid: seededId, createdAt: Timestamp.now() });
  }
  for (const [id, notice] of Object.entries(seededNotices(Date.now()))) {
    batch.set(doc(admin, collections.siteNotices, id), notice);
  }
  batch.set(doc(admin, collections.helpSignals, seededId), { ...answerSignal(), createdAt: Timestamp.now() });
  await batch.commit();
}

/** Whether an attempt failed because the rules refused it. */
function refusedByRules(error: unknown): boolean {
  const code = (error as { code?: unknown } | undefined)?.code;
  return code === 'permission-denied' || (error instanceof Error && /PERMISSION_DENIED/i.test(error.message));
}

/** An error's first line, for a refusal. */
const firstLine = (error: unknown) =>
  (error instanceof Error ? error.message : JSON.stringify(error)).split('\n')[0] ?? '';

/** Runs one check; what went wrong, or undefined when the rules did as the site needs. */
async function runCheck(check: RulesCheck, db: (who: Identity) => Firestore): Promise<string | undefined> {
  let failure: unknown;
  try {
    await check.attempt(db);
  } catch (error) {
    failure = error;
  }
  const refused = failure !== undefined && refusedByRules(failure);
  if (check.expect === 'allowed') {
    if (failure === undefined) return undefined;
    return refused ? 'the rules refused it' : `it failed: ${firstLine(failure)}`;
  }
  if (refused) return undefined;
  // Any other error came after the rules let the request in (a missing document, say).
  return failure === undefined ? 'the rules let it through' : `the rules let it through (then: ${firstLine(failure)})`;
}

/**
 * Runs every check against `rules` in the target's emulator project, then names, for each
 * check that something is refused which the rules let through, the `allow` statement that
 * grants it: each statement is removed in turn, the rules loaded again and the failing checks
 * run again; the statement whose removal makes a check pass is the one that let it through.
 */
export async function runRulesChecks(rules: string, target: RulesTarget): Promise<RulesReport> {
  const checks = rulesChecks();
  const compileError = await loadRules(target, rules);
  if (compileError !== undefined) return { checks: 0, failures: [], compileError, statementsTried: 0, traceBudget };
  const env = await initializeTestEnvironment({
    projectId: target.projectId,
    firestore: { host: target.host, port: target.port, rules },
  });
  // Every refused attempt is logged by the Firestore client as an error: hundreds a run. The
  // SDK's own level comes back when the last run at the same time ends.
  if (runsUnderway++ === 0) setLogLevel('silent');
  let report: RulesReport | undefined;
  try {
    // One client past the rules for the whole run (a context of its own for each seeding
    // would cost a Firebase app each time).
    await env.withSecurityRulesDisabled(async (adminContext) => {
      const admin = firestoreOf(adminContext);
      const clients = new Map<Identity, Firestore>();
      const db = (who: Identity): Firestore => {
        let client = clients.get(who);
        if (!client) {
          const context =
            who.uid === undefined ? env.unauthenticatedContext() : env.authenticatedContext(who.uid, who.token);
          client = firestoreOf(context);
          clients.set(who, client);
        }
        return client;
      };
      /** The checks that fail, run one after another on freshly seeded documents. */
      const failing = async (candidates: RulesCheck[]) => {
        await env.clearFirestore();
        await seed(admin);
        const failed: Array<[RulesCheck, string]> = [];
        for (const check of candidates) {
          const detail = await runCheck(check, db);
          if (detail === undefined) continue;
          failed.push([check, detail]);
          // A write that went through may have changed what the next check finds.
          if (check.changesSeeded) await seed(admin);
        }
        return failed;
      };

      const failed = await failing(checks);
      const toTrace = failed
        .map(([check]) => check)
        .filter((check) => check.expect === 'refused')
        .toSorted((a, b) => topicOrder.indexOf(a.topic) - topicOrder.indexOf(b.topic));
      const allowedBy = new Map<RulesCheck, AllowStatement>();
      /** Checks left untraced when the budget ran out. */
      const dropped = new Set<RulesCheck>();
      let budget = traceBudget;
      let statementsTried = 0;
      for (const statement of toTrace.length > 0 ? allowStatements(rules) : []) {
        const untraced = toTrace.filter((check) => !allowedBy.has(check) && !dropped.has(check));
        for (const check of untraced.splice(budget)) dropped.add(check);
        if (untraced.length === 0) break;
        budget -= untraced.length;
        statementsTried++;
        // A removal that leaves rules the emulator cannot compile tells nothing.
        if ((await loadRules(target, withoutStatement(rules, statement))) !== undefined) continue;
        const stillFailing = new Set((await failing(untraced)).map(([check]) => check));
        for (const check of untraced) if (!stillFailing.has(check)) allowedBy.set(check, statement);
      }
      const failures = failed.map(([check, detail]): CheckFailure => {
        const statement = allowedBy.get(check);
        return {
          check: check.name,
          topic: check.topic,
          expect: check.expect,
          detail,
          traced: check.expect === 'refused' && !dropped.has(check),
          ...(statement ? { allowedBy: statement } : {}),
        };
      });
      report = { checks: checks.length, failures, statementsTried, traceBudget };
    });
  } finally {
    // Nothing left behind in the emulator (the tests' emulator serves other suites too).
    await env.clearFirestore();
    await env.cleanup();
    if (--runsUnderway === 0) setLogLevel('info');
  }
  if (!report) throw new Error('the rules checks did not run');
  return report;
}
