// A known problem, said on the site before anglers write (Contact Us, the help centre's home
// and the article it names show it): the contract between the operator's command
// (scripts/notice.ts), the store and the read the site makes (functions/src/site-notice/),
// the pages that show it (web/src/features/notices/) and the contact message that says it was
// shown. One notice at a time, plain text in every language the site has, short. Its check is
// site-notice-check.ts, apart, so a page that only reads the notice carries none of it.

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

/** The notice as the read answers it and the pages show it. */
export type SiteNotice = {
  id: string;
  /** Its text per language (`en`, `it`, …): one plain line each, never markup. */
  text: Record<string, string>;
  /** When it began (ISO 8601). */
  since: string;
  /** When it ends by itself (ISO 8601), or null until it is cleared. */
  until: string | null;
  /** The help article it is shown on too, by id (`app-not-working`), or null. */
  help: string | null;
};

/** What the read answers: the notice shown now, or none. */
export type SiteNoticeAnswer = { notice: SiteNotice | null };

/** Whether a notice is shown at `nowMs`: it has begun and its time has not ended. */
export function isShown(notice: Pick<SiteNotice, 'since' | 'until'>, nowMs: number): boolean {
  return Date.parse(notice.since) <= nowMs && (notice.until === null || nowMs < Date.parse(notice.until));
}
