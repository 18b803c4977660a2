import type { StoredItem } from './storage.ts';

// The one item of the site's storage list (./storage.ts) that every page's start-up sets, on
// its own so that the start-up carries it alone rather than the whole list.

/**
 * The language chosen in the selector. Firebase Hosting reads this cookie (its i18n rewrites)
 * to answer the next visit's first request in that language.
 */
export const languageCookieItem = {
  kind: 'cookie',
  name: 'firebase-language-override',
  lifetime: { days: 365 },
} as const satisfies StoredItem;

/** A cookie's Max-Age, in seconds. */
export function maxAgeSeconds(item: { lifetime: { days: number } }): number {
  return item.lifetime.days * 24 * 60 * 60;
}
