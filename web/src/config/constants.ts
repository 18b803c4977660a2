// Business constants and timings from the specification, in one place. The periods personal
// data is kept are in retention.ts.
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
  /**
   * How long a help search's result stays on screen before it counts as one for the team's
   * report (features/help/signals/search-signals.ts): the words a visitor is still typing, each
   * found something or nothing for a moment, are not searches the team needs.
   */
  emptySearchSettleMs: 2_000,
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
 * "Download my data" on the Account page: copies a member may make in any 24 hours, as the
 * Account page and the privacy policy state; the function's own value
 * (functions/src/account-export/member-export.ts) is checked against it by a unit test. How long
 * the record of the copies is kept is in retention.ts.
 */
export const dataExports = { perDay: 3 } as const; // EXAMPLE

/** The date the privacy policy and the terms were last changed (shown on both). */
export const legalTextsUpdated = '2026-12-03';

/** Working days within which a reported accessibility barrier is answered (the accessibility statement). */
export const barrierAnswerWorkingDays = 5; // EXAMPLE
