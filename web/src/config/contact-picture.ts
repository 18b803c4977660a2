import { contactPicture } from '@contracts/contact-picture';

/**
 * The one picture (a screenshot or a photo) a Contact Us message may carry, as the privacy
 * policy and the help articles state it: the copy the browser draws again before sending is at
 * most `maxSidePx` on its longer side and `maxKilobytes` KB (of 1,024 bytes), the contact
 * message's own limits (contracts/contact-picture.ts). A file of its own, not constants.ts:
 * only the pages that state it (the privacy policy, the help articles) carry it.
 */
export const contactPictureLimits = {
  maxSidePx: contactPicture.maxSide,
  maxKilobytes: contactPicture.maxBytes / 1024,
} as const;
