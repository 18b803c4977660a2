import * as v from 'valibot';
import { appParts, type AppPart } from './app-parts.js';
import { noticeStates, type NoticeState, type SiteNotice } from './site-notice.js';

// The app's status (GET /api/v1/app-status, contracts/known-problems.ts): its shape, for the app
// and for the tests that hold the answer to it, and how each part of the app stands. Apart from
// known-problems.ts, so the site's pages, which never read it, carry none of it.

/** How a part of the app stands in the app's status: working, or the state of the notice about it. */
export const partStatuses = ['operational', ...noticeStates.filter((state) => state !== 'resolved')] as const;
export type PartStatus = (typeof partStatuses)[number];

const time = v.pipe(v.string(), v.isoTimestamp());
const texts = v.record(v.pipe(v.string(), v.regex(/^[a-z]{2}$/)), v.string());
const addresses = v.record(v.pipe(v.string(), v.regex(/^[a-z]{2}$/)), v.pipe(v.string(), v.url()));

/**
 * The app's status, version 1 (GET /api/v1/app-status), for the app to show the same notice
 * inside it. Fields are only ever added to a version; a change that removes or changes one is a
 * new version at a new address, and the old address keeps answering its version.
 *
 * - `version`: 1.
 * - `updatedAt`: when the function made this answer (ISO 8601).
 * - `parts`: each part of the app (contracts/app-parts.ts) and how it stands: `operational`, or
 *   the state of the notice about it (a notice about the whole app gives every part its state).
 * - `notices`: the notices shown now (at most one today), each with its text and updates in
 *   every language, the part it concerns (null: the whole app) and its page in each language.
 * - `history`, `feeds`: the history page and the Atom feed in each language.
 */
export const appStatusSchema = v.strictObject({
  version: v.literal(1),
  updatedAt: time,
  parts: v.strictObject(
    Object.fromEntries(appParts.map((part) => [part, v.picklist(partStatuses)])) as Record<
      AppPart,
      v.PicklistSchema<typeof partStatuses, undefined>
    >,
  ),
  notices: v.array(
    v.strictObject({
      id: v.pipe(v.string(), v.regex(/^[A-Za-z0-9]{20}$/)),
      state: v.picklist(noticeStates),
      part: v.nullable(v.picklist(appParts)),
      since: time,
      until: v.nullable(time),
      text: texts,
      updates: v.array(v.strictObject({ at: time, state: v.picklist(noticeStates), text: texts })),
      page: addresses,
    }),
  ),
  history: addresses,
  feeds: addresses,
});
export type AppStatus = v.InferOutput<typeof appStatusSchema>;

/** The notices shown now whose state the parts take, most serious first. */
const seriousness: Record<NoticeState, number> = { investigating: 3, identified: 2, monitoring: 1, resolved: 0 };

/** How each part stands, given the notices shown now. */
export function partsStatus(shown: readonly Pick<SiteNotice, 'state' | 'part'>[]): Record<AppPart, PartStatus> {
  const parts = Object.fromEntries(appParts.map((part) => [part, 'operational'])) as Record<AppPart, PartStatus>;
  for (const notice of shown) {
    if (notice.state === 'resolved') continue;
    for (const part of notice.part === null ? appParts : [notice.part]) {
      const now = parts[part];
      if (now === 'operational' || seriousness[notice.state] > seriousness[now]) parts[part] = notice.state;
    }
  }
  return parts;
}
