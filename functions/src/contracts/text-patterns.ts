// The patterns a line of text, a message, an address and an id must match, as the site, the
// functions and the rules (firestore.rules, whose patterns a test compares) check them: for the
// contact message (contact-message.ts, which re-exports them) and the known-problem notice
// (site-notice-check.ts). Apart, so the notice's check carries no more of the contact message.

/**
 * Format characters that older Unicode tables (the Firestore emulator's among them, seen
 * 2026-11-24) do not count as Cf yet, written out as characters: Arabic number signs and
 * letter mark, the Mongolian vowel separator, the bidirectional isolates U+2066–U+2069.
 */
const newerFormat = '\u0604\u0605\u061C\u0890\u0891\u08E2\u180E\u2066-\u2069';

/**
 * The patterns, in the syntax that JavaScript (with the `u` flag) and the rules' RE2 both
 * read alike: Unicode general categories, `(?:…)`, characters as themselves rather than
 * escaped (JavaScript's `\u` is no RE2 escape), no `\s` or `\w` (whose meanings differ).
 * Cc are control characters, Cf invisible format characters (the bidirectional overrides
 * U+202A–U+202E and isolates U+2066–U+2069, zero-width spaces and joiners, U+FEFF, tags), Z
 * separators (spaces, U+2028, U+2029).
 */
export const patterns = {
  /**
   * One line (a name, a subject): no control, format or line-separator character anywhere,
   * so nothing can start a header, reorder the text around it or hide in it; not empty, and
   * no space at either end.
   */
  line: `^[^\\p{Cc}\\p{Cf}\\p{Z}${newerFormat}](?:[^\\p{Cc}\\p{Cf}\\p{Zl}\\p{Zp}${newerFormat}]*[^\\p{Cc}\\p{Cf}\\p{Z}${newerFormat}])?$`,
  /**
   * The message: any text with line breaks and tabs, but no other control character; not
   * empty, and no space, line break or format character at either end. Format characters
   * inside stay (emoji are joined with U+200D); a bidirectional override cannot reach past
   * its own line, and each line of the message is its own paragraph in the email.
   */
  text: `^[^\\p{Cc}\\p{Cf}\\p{Z}${newerFormat}](?:[\\P{Cc}\\t\\n\\r]*[^\\p{Cc}\\p{Cf}\\p{Z}${newerFormat}])?$`,
  /**
   * One plain address: dot-separated atoms of printable characters (no spaces, quotes,
   * brackets, commas or line breaks, so it cannot add a header or a second recipient), an @,
   * and a dotted domain.
   */
  email: "^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:[.][A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@[A-Za-z0-9-]+(?:[.][A-Za-z0-9-]+)+$",
  /** An app version as the app reports it: 1.2.3, 1.2.3 (45), 2.0.0-beta.1; up to 32 characters. */
  appVersion: '^[0-9A-Za-z][0-9A-Za-z ._+()-]{0,31}$',
  /** The site's language: two lower-case letters. */
  language: '^[a-z]{2}$',
  /**
   * A `Mail` document id, and a known-problem notice's: Firestore's automatic ids are 20
   * letters and digits. A writer who chose the id could otherwise pick one that reads like the
   * site's own words in the email.
   */
  documentId: '^[A-Za-z0-9]{20}$',
} as const;

/** A pattern as JavaScript reads it (the `u` flag). */
export const regex = (source: string) => new RegExp(source, 'u');
// Pure, so a page that imports another of this module's names does not carry the compiled
// patterns.
export const matchers = /* @__PURE__ */ Object.fromEntries(
  Object.entries(patterns).map(([name, source]) => [name, regex(source)]),
) as Record<keyof typeof patterns, RegExp>;

/** Whether a value is a string of the given pattern within `max` characters, as the rules check it. */
export function isValid(kind: keyof typeof patterns, value: unknown, max = Infinity): value is string {
  return typeof value === 'string' && value.length <= max && matchers[kind].test(value);
}
