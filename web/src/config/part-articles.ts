import { helpTopicArticles, type HelpArticleId } from './help.ts';

/**
 * The articles about each part of the app a known-problem notice can name (the contract's list,
 * functions/src/contracts/app-parts.ts: a unit test holds the keys to it). A notice about a part
 * is shown on its articles too, beside the one it names: the operator's command writes them into
 * the notice (scripts/lib/notice.ts), so no page carries this list.
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
  // The help centre's topic of members and sharing is the community.
  community: helpTopicArticles.community,
} as const satisfies Record<string, readonly HelpArticleId[]>;
