// Business constants and timings from the specification, in one place. The periods personal
// data is kept are in retention.ts; the names below are the ones the functions' tests check.
import { retention } from './retention.ts';

export const timings = {
  /** The home background moves its first photo to the end this often. */
  backgroundRotationMs: 10_000,
  /** Fade and thumbnail slide of the home background. */
  backgroundFadeMs: 500,
  /** The screenshot slideshow advances this often. */
  slideshowMs: 5_000,
  /** The nav bar turns dark once the page has scrolled more than this. */
  navScrollThresholdPx: 10,
  /** A page's script part that has not arrived by then counts as failed. */
  chunkTimeoutMs: 120_000,
} as const;

/** Plan prices in euro; formatted for the language with Intl, never typed into texts. */
export const plans = {
  currency: 'EUR',
  free: { price: 0 },
  proMonthly: { price: 2.79, period: 'month' },
  proYearly: { price: 27.99, period: 'year', savingPercent: 16 },
} as const;

export const forecastDays = { pro: 7, free: 3 } as const;
export const minimumAge = 18;
export const termsNoticeDays = 30;
export const qrCodeSizePx = 200;

/**
 * Months a Contact Us message is kept in the database, as the privacy policy states. The mail
 * function's MAIL_RETENTION_MONTHS sets the expiry it writes: its default
 * (functions/src/mail/retention.ts) is checked against this by a unit test, and an operator's own
 * value by `npm run deploy`.
 */
export const supportMessageRetentionMonths = retention.supportMonths;

/**
 * Months the email the support team receives for each Contact Us message stays in the team's
 * mailbox before it is deleted, as the privacy policy states. The mailbox is the operator's:
 * they set its deletion rule to this before launch.
 */
export const supportInboxMonths = retention.inboxMonths;

/**
 * Days after a visitor's last message that a later one from the same address joins the team's
 * email thread, and the one-way code of the address that makes it is kept, as the privacy
 * policy states. The mail function's window (functions/src/mail/threads.ts) is checked
 * against this by a unit test.
 */
export const supportThreadDays = retention.threadDays;

/**
 * Years the record that an account was deleted is kept (its date, what was deleted, and a
 * one-way code made from the account's id: no name, no address), to show the request was
 * honoured. The Account page and the privacy policy state it (config/account.ts); the
 * clean-up's TTL expiry (functions/src/account-deletion/cleanup.ts) is checked against it by
 * a unit test.
 */
export const deletionRecordYears = retention.deletionRecordYears;

/**
 * "Download my data" on the Account page: copies a member may make in any 24 hours, and years
 * the record that an export happened (its time and how many documents, under a one-way code:
 * no name, no address) is kept after the last one. The Account page and the privacy policy
 * state both; the function's own values (functions/src/account-export/member-export.ts) are
 * checked against these by a unit test. The operator confirms them before launch (EXAMPLE below).
 */
export const dataExports = { perDay: 3, recordYears: retention.copyRecordYears } as const; // EXAMPLE

/** The date the privacy policy and the terms were last changed (shown on both). */
export const legalTextsUpdated = '2026-11-26';

/** Working days within which a reported accessibility barrier is answered (the accessibility statement). */
export const barrierAnswerWorkingDays = 5; // EXAMPLE
