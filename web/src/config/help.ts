// The help centre's structure: its topics, in the order the help page lists them, and its
// articles, each under one topic. An article's id is the last part of its address
// (`/help/cancel-pro`); its texts are in src/locales/articles/<id>.json, its title and
// summary in locales/<language>/help.json, the values they are filled with in help-texts.ts.
// The route table (paths.ts) gives every article a page of its own. No imports: the Node
// scripts and tests read the route table straight from the source.

export const helpTopics = ['app', 'community', 'pro', 'account', 'privacy', 'website'] as const;
export type HelpTopic = (typeof helpTopics)[number];

export const helpArticles = {
  'log-a-catch': 'app',
  'make-a-catch-private': 'app',
  'marine-forecast': 'app',
  'forecast-coverage': 'app',
  'units-and-app-language': 'app',
  'catch-location-private': 'app',
  'export-catches': 'app',
  'location-permission': 'app',
  'offline-use': 'app',
  'app-not-working': 'app',
  'supported-devices': 'app',
  'app-version': 'app',
  'install-the-app': 'app',
  'follow-anglers': 'community',
  'profile-visibility': 'community',
  'private-profile': 'community',
  'edit-or-delete-posts': 'community',
  notifications: 'community',
  'block-or-report': 'community',
  'pro-benefits': 'pro',
  'pro-prices': 'pro',
  'pro-trials-and-codes': 'pro',
  'switch-pro-plan': 'pro',
  'cancel-pro': 'pro',
  'restore-pro': 'pro',
  'pro-on-several-devices': 'pro',
  'pro-refund': 'pro',
  'payment-failed': 'pro',
  'charged-after-cancelling': 'pro',
  'when-pro-ends': 'pro',
  'change-account-details': 'account',
  'reset-password': 'account',
  'verification-link-expired': 'account',
  'email-address-changed': 'account',
  'delete-account': 'account',
  'google-apple-sign-in': 'account',
  'what-data-we-keep': 'privacy',
  'copy-of-my-data': 'privacy',
  'ads-and-consent': 'privacy',
  'after-deletion': 'privacy',
  'contact-messages-kept': 'privacy',
  'change-language': 'website',
  'send-a-screenshot': 'website',
  'known-problems': 'website',
  'contact-answer-time': 'website',
  'links-open-the-app': 'website',
} as const satisfies Record<string, HelpTopic>;

export type HelpArticleId = keyof typeof helpArticles;
export const helpArticleIds = Object.keys(helpArticles) as HelpArticleId[];
