import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { collections } from '../contracts/collections.js';
import { siteNoticeLimits, type SiteNotice } from '../contracts/site-notice.js';
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

/** What the operator sets: the text per language, when it ends by itself, the article it is shown on. */
export type NoticeInput = { text: Record<string, string>; untilMs: number | null; help: string | null };

/** What the operator's command checks before it writes: the facts the site holds. */
export type NoticeRules = { languages: readonly string[]; articles: readonly string[] };

/** What is wrong with a notice to set, in words for the operator; none when it may be set. */
export function noticeProblems(input: NoticeInput, nowMs: number, { languages, articles }: NoticeRules): string[] {
  const problems: string[] = [];
  for (const language of languages) {
    const text = input.text[language];
    if (text === undefined) problems.push(`the ${language} text is missing (--${language} "…")`);
    else if (text.length > siteNoticeLimits.maxLength)
      problems.push(
        `the ${language} text is ${String(text.length)} characters; at most ${String(siteNoticeLimits.maxLength)}`,
      );
    else if (!isNoticeText(text))
      problems.push(
        `the ${language} text must be one line, not empty, with no space at either end and no control or invisible character`,
      );
  }
  for (const language of Object.keys(input.text)) {
    if (!languages.includes(language))
      problems.push(`the site has no language ${language} (it has ${languages.join(', ')})`);
  }
  if (input.untilMs !== null) {
    if (input.untilMs <= nowMs) problems.push('--until is not in the future');
    else if (input.untilMs - nowMs > siteNoticeLimits.maxDays * dayMs)
      problems.push(`--until is more than ${String(siteNoticeLimits.maxDays)} days ahead; set it again to go on`);
  }
  if (input.help !== null && !articles.includes(input.help)) problems.push(`there is no help article ${input.help}`);
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
  const notice: SiteNotice = {
    id: ref.id,
    text: input.text,
    since: new Date(nowMs).toISOString(),
    until: input.untilMs === null ? null : new Date(input.untilMs).toISOString(),
    help: input.help,
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
