import type { HelpArticleId } from './help.ts';

/**
 * The articles about each part of the app a known-problem notice can name (the contract's list,
 * functions/src/contracts/app-parts.ts: a unit test holds the keys to it). A notice about a part
 * is shown on its articles too, beside the one it names. Only the notice's box reads it (it
 * comes with a notice to show), so no page carries it otherwise.
 */
export const partArticles = {
  catches: ['log-a-catch', 'make-a-catch-private', 'catch-location-private', 'export-catches'],
  maps: ['catch-location-private', 'location-permission', 'offline-use'],
  forecast: ['marine-forecast', 'forecast-coverage'],
  'sign-in': ['reset-password', 'verification-link-expired', 'google-apple-sign-in', 'email-address-changed'],
  purchases: [
    'pro-prices',
    'pro-trials-and-codes',
    'switch-pro-plan',
    'cancel-pro',
    'restore-pro',
    'pro-on-several-devices',
    'payment-failed',
    'charged-after-cancelling',
  ],
  community: [
    'follow-anglers',
    'profile-visibility',
    'private-profile',
    'edit-or-delete-posts',
    'notifications',
    'block-or-report',
  ],
} as const satisfies Record<string, readonly HelpArticleId[]>;

/** Whether an article is about a part of the app (`part` as a notice names it). */
export function isArticleOfPart(article: string, part: string): boolean {
  return (
    Object.hasOwn(partArticles, part) &&
    (partArticles[part as keyof typeof partArticles] as readonly string[]).includes(article)
  );
}
