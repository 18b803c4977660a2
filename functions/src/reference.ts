// The short reference of a contact message, derived from its Mail document id: what the
// visitor sees in the "Message sent" dialog and what the support email's subject starts with,
// so either side can quote it. The site computes the same (web/src/features/contact/reference.ts;
// a unit test checks that both agree).

/** Crockford's base-32 digits: no I, L, O or U, so a reference read aloud is not misheard. */
const digits = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A reference looks like this: three digits, a dash, three digits. */
export const referencePattern = /^[0-9A-HJKMNP-TV-Z]{3}-[0-9A-HJKMNP-TV-Z]{3}$/;

/**
 * `K7Q-2MX` for a document id: 30 bits of the id's FNV-1a hash as six base-32 digits. Not a
 * secret and not unique: the email also names the document itself.
 */
export function referenceFor(documentId: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < documentId.length; index += 1) {
    hash = Math.imul(hash ^ documentId.charCodeAt(index), 0x01000193) >>> 0;
  }
  let reference = '';
  for (let digit = 0; digit < 6; digit += 1) {
    reference += digits.charAt(hash & 31);
    hash >>>= 5;
  }
  return `${reference.slice(0, 3)}-${reference.slice(3)}`;
}
