// Every check the site's Firestore rules must pass (scripts/lib/rules-checks.ts runs them):
// who tries, what they try, and whether the rules must let it through or refuse it. The
// documents they try to reach are the ones the runner puts in place first, under the ids of
// scripts/lib/rules-check-messages.ts.
import type { TokenOptions } from '@firebase/rules-unit-testing';
import {
  addDoc,
  collection,
  collectionGroup,
  deleteDoc,
  doc,
  getDoc,
  getDocs,
  query,
  setDoc,
  updateDoc,
  where,
  type DocumentData,
  type Firestore,
} from 'firebase/firestore';
import { contactPicture } from '../../functions/src/contracts/contact-message.ts';
import { collections } from '../../functions/src/contracts/collections.ts';
import { answerSignal, hostileSignals, siteSignals } from './help-signals.ts';
import {
  acceptedMessageId,
  contactMessage,
  hostileMessages,
  justEndedNoticeId,
  keptNoticeId,
  messageAddress,
  pictureOf,
  refusedMessageIds,
  seededId,
  withField,
} from './rules-check-messages.ts';

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
export type Identity = { name: string; uid?: string; token?: TokenOptions };
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

/** The contact message the checks put in place. */
export const mailDocument = (db: Firestore) => doc(db, collections.mail, seededId);
export const pathOf = (segments: string[]) => segments.join('/');

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

/** A contact message created with this data, under an automatic id. */
const createMessage = (data: () => DocumentData) => (db: Firestore) => addDoc(collection(db, collections.mail), data());

/** A check that `who` may make one of the site's own writes. */
const mayWrite = (name: string, who: Identity, write: (db: Firestore) => Promise<unknown>): RulesCheck => ({
  name,
  topic: 'message',
  expect: 'allowed',
  attempt: (db) => write(db(who)),
});

/** The site's own writes: its contact message in each form the form may send it. */
function siteMessageChecks(): RulesCheck[] {
  return [
    mayWrite("a visitor may create the site's contact message", visitor, createMessage(contactMessage)),
    mayWrite(
      "a visitor may create the site's contact message with a picture of the largest size",
      visitor,
      createMessage(() => withField(contactPicture.field, pictureOf(contactPicture.maxBytes))),
    ),
    mayWrite(
      "a visitor may create the site's contact message naming a known-problem notice shown now",
      visitor,
      createMessage(() => withField('notice', keptNoticeId)),
    ),
    mayWrite(
      "a visitor may create the site's contact message naming a known-problem notice that ended within the grace",
      visitor,
      createMessage(() => withField('notice', justEndedNoticeId)),
    ),
    mayWrite(
      `a visitor may create the site's contact message under an id like an automatic one (${acceptedMessageId})`,
      visitor,
      (db) => setDoc(doc(db, collections.mail, acceptedMessageId), contactMessage()),
    ),
    mayWrite("a signed-in member may create the site's contact message", googleMember, createMessage(contactMessage)),
  ];
}

/** Open rules (everything to everyone, Firebase's "test mode") show on a collection nobody named. */
function unknownCollectionChecks(): RulesCheck[] {
  return [
    {
      name: 'an anonymous visitor may not read a document of a collection the site does not know',
      topic: 'everyone',
      expect: 'refused',
      attempt: (db) => getDoc(doc(db(visitor), 'AnyCollection', 'any-document')),
    },
    {
      name: 'an anonymous visitor may not write a document of a collection the site does not know',
      topic: 'everyone',
      expect: 'refused',
      attempt: (db) => setDoc(doc(db(visitor), 'AnyCollection', 'any-document'), { written: true }),
    },
  ];
}

/** Hostile messages, from a visitor and from a member (an app rule may trust members more). */
function hostileMessageChecks(): RulesCheck[] {
  return [visitor, googleMember].flatMap((who): RulesCheck[] => [
    ...hostileMessages.map(([what, data]): RulesCheck => ({
      name: `${who.name} may not create a ${collections.mail} document with ${what}`,
      topic: 'hostile',
      expect: 'refused',
      attempt: (db) => createMessage(data)(db(who)),
    })),
    ...refusedMessageIds.map((id): RulesCheck => ({
      name: `${who.name} may not create a ${collections.mail} document under an id it chose (${id})`,
      topic: 'hostile',
      expect: 'refused',
      attempt: (db) => setDoc(doc(db(who), collections.mail, id), contactMessage()),
    })),
  ]);
}

/** A check that `who` may not reach a document or collection this way. */
const mayNotReach = (who: Identity, topic: CheckTopic, { what, changesSeeded, attempt }: Access): RulesCheck => ({
  name: `${who.name} may not ${what}`,
  topic,
  expect: 'refused',
  ...(changesSeeded ? { changesSeeded } : {}),
  attempt: (db) => attempt(db(who)),
});

/** The ways to reach a contact message once written. */
function mailAccess(): Access[] {
  return [
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
}

/** The ways to reach the functions' own data, or to add to it. */
function functionsAccess(): Access[] {
  return functionsCollections.flatMap(({ name, document }): Access[] => {
    const created = pathOf([...document.slice(0, -1), 'created-by-a-client']);
    return [
      ...forbiddenAccess(document, name, { 'a field': { changed: true } }),
      { what: `create ${created}`, attempt: (db) => setDoc(doc(db, created), { email: messageAddress }) },
    ];
  });
}

/** Nobody may reach a message once written, nor the functions' own data. */
function noAccessChecks(): RulesCheck[] {
  return identities.flatMap((who) => [
    ...mailAccess().map((access) => mayNotReach(who, 'mail', access)),
    ...functionsAccess().map((access) => mayNotReach(who, 'functions', access)),
  ]);
}

/**
 * The help centre's signals: each kind the site writes may be created, by a visitor and by a
 * member; no hostile variant may, nor one under an id of the writer's choosing; nobody may read,
 * list, change or delete one.
 */
function helpSignalChecks(): RulesCheck[] {
  const signals = collections.helpSignals;
  const create = (data: () => DocumentData) => (db: Firestore) => addDoc(collection(db, signals), data());
  const writes = [visitor, googleMember].flatMap((who): RulesCheck[] => [
    ...siteSignals.map(([what, data]): RulesCheck => ({
      name: `${who.name} may write ${what}`,
      topic: 'signal',
      expect: 'allowed',
      attempt: (db) => create(data)(db(who)),
    })),
    ...hostileSignals.map(([what, data]): RulesCheck => ({
      name: `${who.name} may not write a help signal with ${what}`,
      topic: 'hostile-signal',
      expect: 'refused',
      attempt: (db) => create(data)(db(who)),
    })),
    {
      name: `${who.name} may not write a help signal under an id it chose`,
      topic: 'hostile-signal',
      expect: 'refused',
      attempt: (db) => setDoc(doc(db(who), signals, 'support'), answerSignal()),
    },
  ]);
  const reads = identities.flatMap((who) =>
    forbiddenAccess([signals, seededId], signals, { 'its answer': { helped: true } }).map((access) =>
      mayNotReach(who, 'hostile-signal', access),
    ),
  );
  return [...writes, ...reads];
}

/** Every check, in the order a refusal lists what failed. */
export function rulesChecks(): RulesCheck[] {
  return [
    ...siteMessageChecks(),
    ...unknownCollectionChecks(),
    ...hostileMessageChecks(),
    ...noAccessChecks(),
    ...helpSignalChecks(),
  ];
}
