/**
 * The one picture (a screenshot or a photo) a Contact Us message may carry, as the privacy
 * policy and the help articles state it: the copy the browser draws again before sending is at
 * most `maxSidePx` on its longer side and `maxKilobytes` KB (of 1,024 bytes). The contact
 * message's own limits (`contactPicture`, functions/src/contact-message.ts, which only the
 * contact feature may import) are checked against these by a unit test there
 * (web/src/features/contact/picture-texts.test.ts). A file of its own, not constants.ts: only
 * the pages that state it (the privacy policy, the help articles) carry it, not every first visit.
 */
export const contactPictureLimits = { maxSidePx: 1600, maxKilobytes: 640 } as const;
