// What the help centre's copy on the visitor's device is made of, shared by the page that asks
// for it (keep-help-copy.ts) and the service worker that keeps it (web/offline/): the caches'
// names, the message that asks, and how long a page waits for the network before the copy.

/** The copies of the help centre's pages, by address. */
export const helpPagesCache = 'help-pages';

/** The script parts and the stylesheet those pages need, by address (each named by its content). */
export const helpPartsCache = 'help-parts';

/** The service worker's file, at the site's root (its scope is the whole site). */
export const serviceWorkerPath = '/service-worker.js';

/** Seconds a help page waits for the network before it is shown from the copy. */
export const networkTimeoutSeconds = 3;

/** The page's request: keep the help centre under `base` ('' or '/it') on this device. */
export type KeepHelp = { type: 'keep-help'; base: string };

/** The service worker's answer: how many pages it keeps, and when it copied them (ISO time). */
export type HelpKept = { type: 'help-kept'; pages: number; at: string } | { type: 'help-not-kept'; reason: string };

/** The page's request to a waiting service worker: take over now (the visitor chose to update). */
export type TakeOver = { type: 'take-over' };

/** The attribute a page shown from the copy carries on <html>, with when it was copied. */
export const offlineCopyAttribute = 'data-offline-copy';
