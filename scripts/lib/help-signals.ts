// The help signals the site writes (functions/src/contracts/help-signal.ts) and the hostile
// variants a script could try, for the rules checks (scripts/lib/rules-checks.ts): the same
// documents the rules test writes and `npm run deploy` tries against the live rules.
import { serverTimestamp, Timestamp, type DocumentData } from 'firebase/firestore';
import { maxArticleIdLength } from '../../functions/src/contracts/article-id.ts';
import { helpSignalExpiryMs, helpSignalLimits } from '../../functions/src/contracts/help-signal.ts';
import { maxSearchLength } from '../../functions/src/contracts/search-text.ts';

const dayMs = 86_400_000;

/** A signal as the page writes it: its language, the server's time, and when it expires. */
export const helpSignal = (fields: DocumentData, expireAtMs = helpSignalExpiryMs(Date.now())): DocumentData => ({
  language: 'it',
  createdAt: serverTimestamp(),
  expireAt: Timestamp.fromMillis(expireAtMs),
  ...fields,
});

export const answerSignal = () => helpSignal({ kind: 'answer', article: 'cancel-pro', helped: false });
export const reasonSignal = () => helpSignal({ kind: 'reason', article: 'cancel-pro', reason: 'did-not-work' });
export const searchSignal = () => helpSignal({ kind: 'search', outcome: 'nothing', text: 'l’app non parte' });
export const unopenedSignal = () => helpSignal({ kind: 'search', outcome: 'unopened', text: 'mulinello-rotto' });

/** What the site writes, each kind, by what it says. */
export const siteSignals: Array<[string, () => DocumentData]> = [
  ['an answer that an article did not help', answerSignal],
  ['why an article did not help', reasonSignal],
  ['a search that found nothing, as kept', searchSignal],
  ['a search whose articles none was opened, hyphen-joined', unopenedSignal],
];

const farMs = (days: number) => Date.now() + days * dayMs;
const omitted = (data: DocumentData, key: string) =>
  Object.fromEntries(Object.entries(data).filter(([k]) => k !== key));

/** Signals the rules must refuse, by what is wrong with them. */
export const hostileSignals: Array<[string, () => DocumentData]> = [
  ['a field of its own (an address)', () => ({ ...answerSignal(), email: 'angler@example.org' })],
  ['a device id', () => ({ ...answerSignal(), device: 'a1b2c3' })],
  ['no answer', () => omitted(answerSignal(), 'helped')],
  ['an answer that is text', () => ({ ...answerSignal(), helped: 'yes' })],
  ['an answer with a reason typed freely', () => ({ ...answerSignal(), note: 'it did not work' })],
  ['a reason not in the list', () => ({ ...reasonSignal(), reason: 'it is all broken' })],
  ['an article id that is a path', () => ({ ...answerSignal(), article: '../Mail/x' })],
  ['an article id too long', () => ({ ...answerSignal(), article: 'a'.repeat(maxArticleIdLength + 1) })],
  ['a search in capitals', () => ({ ...searchSignal(), text: 'Reel Broken' })],
  ['a search with a number', () => ({ ...searchSignal(), text: 'order 12345' })],
  ['a search with an email address', () => ({ ...searchSignal(), text: 'angler@example.org' })],
  ['a search with a phone number', () => ({ ...searchSignal(), text: '+39 333 1234567' })],
  ['a search of five words', () => ({ ...searchSignal(), text: 'one two three four five' })],
  ['a search too long', () => ({ ...searchSignal(), text: 'a'.repeat(maxSearchLength + 1) })],
  ['a search with an outcome the site has not', () => ({ ...searchSignal(), outcome: 'app' })],
  ['a Contact Us subject (never a signal)', () => ({ ...omitted(searchSignal(), 'outcome'), place: 'contact' })],
  ['a search without its outcome', () => omitted(searchSignal(), 'outcome')],
  ['a hyphen-joined search of five words', () => ({ ...searchSignal(), text: 'mario-rossi-via-roma-milano' })],
  ['a word with two apostrophes', () => ({ ...searchSignal(), text: "l'a'b" })],
  ['a kind the site does not write', () => ({ ...answerSignal(), kind: 'mail' })],
  ['a language that is not a code', () => ({ ...answerSignal(), language: 'italiano' })],
  ['a time of its own', () => ({ ...answerSignal(), createdAt: Timestamp.fromMillis(Date.now()) })],
  ['no expiry', () => omitted(answerSignal(), 'expireAt')],
  ['an expiry a year on', () => helpSignal({ kind: 'answer', article: 'cancel-pro', helped: true }, farMs(365))],
  ['an expiry a day on', () => helpSignal({ kind: 'answer', article: 'cancel-pro', helped: true }, farMs(1))],
  [
    'an expiry past the clock’s slack',
    () =>
      helpSignal(
        { kind: 'answer', article: 'cancel-pro', helped: true },
        farMs(helpSignalLimits.keepDays + helpSignalLimits.clockSlackDays + 0.5),
      ),
  ],
];
