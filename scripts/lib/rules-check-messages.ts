// The contact message the site's form writes and the hostile variants a script could try, for
// the rules checks (scripts/lib/rules-checks.ts): the same documents the rules test writes and
// `npm run deploy` tries against the live rules. With them, the known-problem notices the
// checks put in place, which a message may name or not.
import { Bytes, serverTimestamp, Timestamp, type DocumentData } from 'firebase/firestore';
import { buildContactMessage } from '../../functions/src/contracts/contact-message.ts';
import { siteNoticeLimits } from '../../functions/src/contracts/site-notice.ts';

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
export const seededId = 'Mx7pQ2r9LkTz81KpRw3v';

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
