// What of a help centre's search is kept, and when the team's weekly report shows it: the facts
// the privacy policy and the help's privacy article state, apart from the rest of the signal's
// contract (help-signal.ts) so that the pages stating them load only these. One of the
// contracts (ARCHITECTURE.md, "Contracts"): it imports nothing.

/** Most words of a search kept (each part of a hyphen-joined text a word). */
export const searchWordsKept = 4;

/**
 * When the report may show a search (functions/src/help-report/summary.ts): made in at least
 * this many separate hours, on at least this many separate days (UTC) of the week. A search
 * typed by one reader, however often in one sitting, is not; what several readers look for is.
 */
export const searchShownFrom = { hours: 3, days: 2 } as const;
