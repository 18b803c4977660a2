// The picture a contact message may carry, as plain figures: the rules, the mail function and the
// site's form check it, and the privacy policy and help articles state it (without the schema).

/**
 * The one picture (a screenshot or a photo) a message may carry, in the document's `picture`
 * field as bytes. The site decodes what the visitor chose and draws it again, at most
 * `maxSide` pixels on its longer side, as WebP (or JPEG where the browser cannot write WebP):
 * what it sends has no EXIF, so no GPS position, camera or time. The rules allow at most
 * `maxBytes`: a 1,600 px photo comes to 150–450 kB, and the rest of the document (the longest
 * message is 15 kB of UTF-8, the delivery record under 2 kB) stays far under Firestore's 1 MiB
 * per document, also with the bytes sent as base64 through the REST API (about 875 kB). The
 * mail function trusts none of it: it decodes the bytes again and attaches only what it could
 * decode as one of `types` within `maxSide`, re-encoded as `<reference>.webp`.
 */
export const contactPicture = {
  field: 'picture',
  maxBytes: 640 * 1024,
  maxSide: 1600,
  /** What the site writes, as sniffed from the bytes (not a name or a header the writer chose). */
  types: ['image/webp', 'image/jpeg'],
} as const;
