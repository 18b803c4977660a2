// The rules a contact message's fields follow, in one place for the site's form (which imports
// this file: web/src/features/contact/contact-message.ts) and the mail function. firestore.rules
// cannot import them: a test of the rules checks that its patterns are these. No imports here,
// so the site's bundle takes nothing else from the functions.

/**
 * A plausible address: printable characters without spaces, quotes, brackets, commas or
 * line breaks before the @, and a dotted domain (firestore.rules: `isPlainEmail`).
 */
export const emailPattern = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/;

/** Longest address, in characters (RFC 5321's path limit). */
export const maxEmailLength = 254;

/** A plausible single address with nothing that could add a header or a second recipient. */
export function isPlainEmail(value: unknown): value is string {
  return (
    typeof value === 'string' && value.length <= maxEmailLength && emailPattern.test(value) && !value.includes('..')
  );
}

/** The devices a visitor can say they use the app on (firestore.rules: `isContext`). */
export const platforms = ['android', 'ios', 'other'] as const;
export type Platform = (typeof platforms)[number];

/**
 * An app version as the app reports it: 1.2.3, 1.2.3 (45), 2.0.0-beta.1. Up to 32 characters,
 * starting with a letter or digit (firestore.rules: `isContext`).
 */
export const appVersionPattern = /^[0-9A-Za-z][0-9A-Za-z ._+()-]{0,31}$/;

/** Longest app version, in characters (the pattern's limit). */
export const maxAppVersionLength = 32;

/** A language code as the site writes it: two lower-case letters. */
export const languagePattern = /^[a-z]{2}$/;
