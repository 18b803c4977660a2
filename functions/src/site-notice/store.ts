import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { collections } from '../contracts/collections.js';
import { mostNoticesRead } from '../contracts/known-problems.js';
import type { AppPart } from '../contracts/app-parts.js';
import { siteNoticeLimits, type NoticeState, type NoticeUpdate, type SiteNotice } from '../contracts/site-notice.js';
import { isNoticeText, parseNotice } from '../contracts/site-notice-check.js';

// Where the known-problem notice lives: every notice under its own id in `SiteNotices` (kept
// siteNoticeLimits.keepDays after it ended, by a TTL policy on `expireAt`, so a message that
// names it can still be checked), and `SiteNotices/current`, a copy of the one shown, which
// the site's read gets in one document read. Only the operator's command writes here (the
// rules refuse every client: firestore.rules); the functions read. A notice's own document
// also says when it was shown as Timestamps, `shownFrom` and `shownUntil` (null until it ends),
// which the rules compare with the time of a write: a message may name the notice only while
// it is shown, or namingGraceSeconds after (they cannot read its `since` and `until`, text).

/** The document that holds the notice shown now. */
export const currentNoticeId = 'current';

const dayMs = 24 * 60 * 60_000;

/**
 * What the operator sets: the text per language, when it ends by itself, the article it is shown
 * on, the part of the app it concerns and the state it begins in (investigating unless said).
 */
export type NoticeInput = {
  text: Record<string, string>;
  untilMs: number | null;
  help: string | null;
  part?: AppPart | null;
  state?: Exclude<NoticeState, 'resolved'>;
  /** The help articles it is shown on (SiteNotice's `articles`); the one it names when not given. */
  articles?: string[];
};

/** What the operator adds to the notice shown: a line per language and the state it puts it in. */
export type NoticeChange = { text: Record<string, string>; state: NoticeState };

/** What the operator's command checks before it writes: the facts the site holds. */
export type NoticeRules = { languages: readonly string[]; articles: readonly string[] };

/** What is wrong with a text per language, in words for the operator. */
function textProblems(text: Record<string, string>, languages: readonly string[]): string[] {
  const problems: string[] = [];
  for (const language of languages) {
    const line = text[language];
    if (line === undefined) problems.push(`the ${language} text is missing (--${language} "…")`);
    else if (line.length > siteNoticeLimits.maxLength)
      problems.push(
        `the ${language} text is ${String(line.length)} characters; at most ${String(siteNoticeLimits.maxLength)}`,
      );
    else if (!isNoticeText(line))
      problems.push(
        `the ${language} text must be one line, not empty, with no space at either end and no control or invisible character`,
      );
  }
  for (const language of Object.keys(text)) {
    if (!languages.includes(language))
      problems.push(`the site has no language ${language} (it has ${languages.join(', ')})`);
  }
  return problems;
}

/** What is wrong with a notice to set, in words for the operator; none when it may be set. */
export function noticeProblems(input: NoticeInput, nowMs: number, { languages, articles }: NoticeRules): string[] {
  const problems = textProblems(input.text, languages);
  if (input.untilMs !== null) {
    if (input.untilMs <= nowMs) problems.push('--until is not in the future');
    else if (input.untilMs - nowMs > siteNoticeLimits.maxDays * dayMs)
      problems.push(`--until is more than ${String(siteNoticeLimits.maxDays)} days ahead; set it again to go on`);
  }
  if (input.help !== null && !articles.includes(input.help)) problems.push(`there is no help article ${input.help}`);
  for (const article of input.articles ?? [])
    if (!articles.includes(article)) problems.push(`there is no help article ${article}`);
  return problems;
}

/** When a notice was shown, as the rules read it: from `sinceMs` until `untilMs` (null: not ended). */
function shownFields(sinceMs: number, untilMs: number | null): { shownFrom: Timestamp; shownUntil: Timestamp | null } {
  return {
    shownFrom: Timestamp.fromMillis(sinceMs),
    shownUntil: untilMs === null ? null : Timestamp.fromMillis(untilMs),
  };
}

/** When a notice's documents are deleted: keepDays after it ended (or will end). */
function expiryAfter(endMs: number): Timestamp {
  return Timestamp.fromMillis(endMs + siteNoticeLimits.keepDays * dayMs);
}

/**
 * The notice set now, shown or not (one whose time ended is still there until cleared): the
 * site's read keeps it a few seconds and decides per request whether it is shown (memory.ts).
 */
export async function readCurrent(db: Firestore): Promise<SiteNotice | null> {
  return parseNotice((await db.collection(collections.siteNotices).doc(currentNoticeId).get()).data());
}

/**
 * Sets a notice, in place of the one set before (which ends now): its own document and the
 * current copy in one write. Resolves to it.
 */
export async function setNotice(db: Firestore, input: NoticeInput, nowMs: number): Promise<SiteNotice> {
  const notices = db.collection(collections.siteNotices);
  const ref = notices.doc();
  const since = new Date(nowMs).toISOString();
  const state = input.state ?? 'investigating';
  const notice: SiteNotice = {
    id: ref.id,
    text: input.text,
    since,
    until: input.untilMs === null ? null : new Date(input.untilMs).toISOString(),
    help: input.help,
    state,
    updates: [{ at: since, state, text: input.text }],
    part: input.part ?? null,
    articles: input.articles ?? (input.help === null ? [] : [input.help]),
  };
  const before = await readCurrent(db);
  const batch = db.batch();
  // Without an end of its own, a notice is kept until cleared, then keepDays more.
  batch.create(ref, {
    ...notice,
    ...shownFields(nowMs, input.untilMs),
    ...(input.untilMs === null ? {} : { expireAt: expiryAfter(input.untilMs) }),
  });
  batch.set(notices.doc(currentNoticeId), notice);
  if (before) batch.set(notices.doc(before.id), endedFields(before, nowMs), { merge: true });
  await batch.commit();
  return notice;
}

/**
 * What a notice's own document gets when it ends at `nowMs`, if it had not ended before (its
 * `shownFrom` too, for a notice set before documents said it).
 */
function endedFields(notice: SiteNotice, nowMs: number): Record<string, unknown> {
  const endMs = notice.until === null ? nowMs : Math.min(nowMs, Date.parse(notice.until));
  return {
    until: new Date(endMs).toISOString(),
    ...shownFields(Date.parse(notice.since), endMs),
    expireAt: expiryAfter(endMs),
  };
}

/** Clears the notice: none is shown from now. Resolves to the one cleared, if any. */
export async function clearNotice(db: Firestore, nowMs: number): Promise<SiteNotice | null> {
  const notices = db.collection(collections.siteNotices);
  const before = await readCurrent(db);
  const batch = db.batch();
  batch.delete(notices.doc(currentNoticeId));
  if (before) batch.set(notices.doc(before.id), endedFields(before, nowMs), { merge: true });
  await batch.commit();
  return before;
}

/**
 * The notices of the history (siteNoticeLimits.keepDays): the ones that ended within it, and the
 * one shown now, newest first, read from their own documents in one query of at most
 * mostNoticesRead. Notices follow one another (each set ends the one before), so the newest
 * mostNoticesRead hold every one of the period unless the operator set more than that in it.
 * The TTL policy deletes a notice some time after its `expireAt`, so the period is kept here too.
 */
export async function readHistory(db: Firestore, nowMs: number): Promise<SiteNotice[]> {
  const snapshot = await db
    .collection(collections.siteNotices)
    .orderBy('shownFrom', 'desc')
    .limit(mostNoticesRead)
    .get();
  const fromMs = nowMs - siteNoticeLimits.keepDays * dayMs;
  return snapshot.docs.flatMap((document) => {
    const notice = parseNotice(document.data());
    if (!notice || notice.id !== document.id || Date.parse(notice.since) > nowMs) return [];
    return notice.until !== null && Date.parse(notice.until) < fromMs ? [] : [notice];
  });
}

/**
 * The notices kept under these ids (the ones messages name), in one read; an id that no notice
 * kept has is left out.
 */
export async function readNotices(db: Firestore, ids: readonly string[]): Promise<Map<string, SiteNotice>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const notices = db.collection(collections.siteNotices);
  const snapshots = await db.getAll(...unique.map((id) => notices.doc(id)));
  const found = new Map<string, SiteNotice>();
  for (const snapshot of snapshots) {
    const notice = parseNotice(snapshot.data());
    if (notice && notice.id === snapshot.id) found.set(notice.id, notice);
  }
  return found;
}

/**
 * What is wrong with a change to the notice shown, in words for the operator; none when it may
 * be made. `resolve` says the change ends it (resolved), which an update may not.
 */
export function changeProblems(
  change: NoticeChange,
  current: SiteNotice | null,
  nowMs: number,
  { languages }: Pick<NoticeRules, 'languages'>,
): string[] {
  const problems = textProblems(change.text, languages);
  if (!current || (current.until !== null && Date.parse(current.until) <= nowMs))
    problems.push('no notice is shown: set one first');
  else if (current.updates.length >= siteNoticeLimits.maxUpdates)
    problems.push(`the notice has ${String(siteNoticeLimits.maxUpdates)} updates, the most it keeps: set a new one`);
  return problems;
}

/**
 * Adds an update to the notice shown: its state becomes the update's, its text the update's
 * text (what the pages show); a `resolved` update ends it, as clearing does. Its own document
 * and the current copy in one write. Resolves to the notice as it is now.
 */
export async function changeNotice(db: Firestore, change: NoticeChange, nowMs: number): Promise<SiteNotice> {
  const notices = db.collection(collections.siteNotices);
  const current = await readCurrent(db);
  if (!current) throw new Error('No notice is shown: set one first.');
  const update: NoticeUpdate = { at: new Date(nowMs).toISOString(), state: change.state, text: change.text };
  const changed: SiteNotice = {
    ...current,
    text: change.text,
    state: change.state,
    updates: [...current.updates, update],
  };
  const batch = db.batch();
  if (change.state === 'resolved') {
    batch.delete(notices.doc(currentNoticeId));
    const ended = endedFields(current, nowMs);
    batch.set(notices.doc(current.id), { ...changed, ...ended }, { merge: true });
    await batch.commit();
    return { ...changed, until: ended.until as string };
  }
  batch.set(notices.doc(currentNoticeId), changed);
  batch.set(
    notices.doc(current.id),
    { text: changed.text, state: changed.state, updates: changed.updates },
    { merge: true },
  );
  await batch.commit();
  return changed;
}
