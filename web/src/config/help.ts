// The help centre's structure: its topics, in the order the help page lists them, and its
// articles, each under one topic (listed by topic: the route table, in the start-up script,
// holds every id, and a topic written once per topic rather than once per article is fewer
// bytes on every first visit). An article's id is the last part of its address
// (`/help/cancel-pro`); its texts are in src/locales/articles/<id>.json, its title and
// summary in locales/<language>/help.json, the values they are filled with in help-texts.ts.
// The route table (paths.ts) gives every article a page of its own. No imports: the Node
// scripts and tests read the route table straight from the source.

/** The topics, in the order the help page lists them, each with its articles in their order. */
export const helpTopicArticles = {
  app: [
    'log-a-catch',
    'make-a-catch-private',
    'marine-forecast',
    'forecast-coverage',
    'units-and-app-language',
    'catch-location-private',
    'export-catches',
    'location-permission',
    'offline-use',
    'app-not-working',
    'supported-devices',
    'app-version',
    'install-the-app',
  ],
  community: [
    'follow-anglers',
    'profile-visibility',
    'private-profile',
    'edit-or-delete-posts',
    'notifications',
    'block-or-report',
  ],
  pro: [
    'pro-benefits',
    'pro-prices',
    'pro-trials-and-codes',
    'switch-pro-plan',
    'cancel-pro',
    'restore-pro',
    'pro-on-several-devices',
    'pro-refund',
    'payment-failed',
    'charged-after-cancelling',
    'when-pro-ends',
  ],
  account: [
    'change-account-details',
    'reset-password',
    'verification-link-expired',
    'email-address-changed',
    'delete-account',
    'google-apple-sign-in',
  ],
  privacy: ['what-data-we-keep', 'copy-of-my-data', 'ads-and-consent', 'after-deletion', 'contact-messages-kept'],
  website: ['change-language', 'send-a-screenshot', 'known-problems', 'contact-answer-time', 'links-open-the-app'],
} as const;

export type HelpTopic = keyof typeof helpTopicArticles;
export type HelpArticleId = (typeof helpTopicArticles)[HelpTopic][number];
export const helpTopics = Object.keys(helpTopicArticles) as HelpTopic[];
export const helpArticleIds: HelpArticleId[] = Object.values(helpTopicArticles).flat();
