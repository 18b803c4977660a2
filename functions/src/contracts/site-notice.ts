import * as v from 'valibot';
import { isValid } from './contact-message.js';

// A known problem, said on the site before anglers write (issue: Contact Us, the help centre's
// home and the article it names show it): the contract between the operator's command
// (scripts/notice.ts), the store and the read the site makes (functions/src/site-notice/),
// the pages that show it (web/src/features/notices/) and the contact message that says it was
// shown. One notice at a time, plain text in every language the site has, short.

/** The site's address of the notice's read (firebase.json rewrites it to `siteNoticeFunction`). */
export const siteNoticePath = '/api/notice';
/** The read's function: index.ts exports it, firebase.json's rewrite names it. */
export const siteNoticeFunction = 'siteNotice';

export const siteNoticeLimits = {
  /** Longest text in one language, in UTF-16 code units: two lines on a phone, one sentence. */
  maxLength: 200,
  /** Longest a notice may be set for at once (`--until`); set it again to go on. */
  maxDays: 14,
  /**
   * How long a notice is kept once it ended (a TTL policy on `expireAt`): a message written
   * while it was shown names it, and may reach the functions days later (a queued flood, the
   * mail account down); the rules let a message name only a notice that is kept.
   */
  keepDays: 30,
  /**
   * How long the read may be cached, by the browser and by Hosting's CDN each: a notice set or
   * cleared is on every page within a minute. firebase.json's header for /api/notice says the
   * same (Hosting's `**` rule would say no-cache); the emulator test reads it through Hosting.
   */
  cacheSeconds: 30,
} as const;

/** A notice's id: Firestore's automatic ids (20 letters and digits), never `current`. */
export const noticeIdPattern = '^[A-Za-z0-9]{20}$';

/** The notice as the read answers it and the pages show it. */
export const siteNoticeSchema = /* @__PURE__ */ (() =>
  v.object({
    id: v.pipe(v.string(), v.regex(new RegExp(noticeIdPattern, 'u'))),
    /** Its text per language (`en`, `it`, …): one plain line each, never markup. */
    text: v.record(
      v.pipe(v.string(), v.regex(/^[a-z]{2}$/u)),
      v.pipe(
        v.string(),
        v.check((value) => isValid('line', value, siteNoticeLimits.maxLength)),
      ),
    ),
    /** When it began (ISO 8601). */
    since: v.pipe(v.string(), v.isoTimestamp()),
    /** When it ends by itself (ISO 8601), or null until it is cleared. */
    until: v.nullable(v.pipe(v.string(), v.isoTimestamp())),
    /** The help article it is shown on too, by id (`app-not-working`), or null. */
    help: v.nullable(v.pipe(v.string(), v.regex(/^[a-z0-9-]{1,60}$/u))),
  }))();

export type SiteNotice = v.InferOutput<typeof siteNoticeSchema>;

/** What the read answers: the notice shown now, or none. */
export type SiteNoticeAnswer = { notice: SiteNotice | null };

/** Reads an answer of the notice's read; anything else is no notice. */
export function parseNoticeAnswer(data: unknown): SiteNotice | null {
  if (typeof data !== 'object' || data === null || !('notice' in data)) return null;
  const parsed = v.safeParse(siteNoticeSchema, data.notice);
  return parsed.success ? parsed.output : null;
}

/** Whether a notice is shown at `nowMs`: it has begun and its time has not ended. */
export function isShown(notice: Pick<SiteNotice, 'since' | 'until'>, nowMs: number): boolean {
  return Date.parse(notice.since) <= nowMs && (notice.until === null || nowMs < Date.parse(notice.until));
}
