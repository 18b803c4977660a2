import { partsStatus, type AppStatus } from '../contracts/app-status.js';
import { isShown, type SiteNotice } from '../contracts/site-notice.js';
import { updatesOf } from '../contracts/site-notice-check.js';
import { noticePage, perLanguage, type NoticeSiteFacts } from './site-facts.js';

// The app's status, version 1 (contracts/known-problems.ts, appStatusSchema), made from the
// notices of the history: the ones shown now, how each part of the app stands, and where the
// history and the feeds are.

export function appStatus(history: readonly SiteNotice[], facts: NoticeSiteFacts, nowMs: number): AppStatus {
  const shown = history.filter((notice) => notice.state !== 'resolved' && isShown(notice, nowMs));
  return {
    version: 1,
    updatedAt: new Date(nowMs).toISOString(),
    parts: partsStatus(shown),
    notices: shown.map((notice) => ({
      id: notice.id,
      state: notice.state,
      part: notice.part,
      since: notice.since,
      until: notice.until,
      text: notice.text,
      updates: updatesOf(notice),
      page: perLanguage(facts, (language) => noticePage(facts, language, notice.id)),
    })),
    history: perLanguage(facts, (language) => `${facts.origin}${facts.languages[language]?.page ?? ''}`),
    feeds: perLanguage(facts, (language) => `${facts.origin}${facts.languages[language]?.feed ?? ''}`),
  };
}
