// The help centre's structure: its topics, in the order the help page lists them, and its
// articles, each under one topic. An article's id is the last part of its address
// (`/help/cancel-pro`); its texts are in src/locales/articles/<id>.json, its title and
// summary in locales/<language>/help.json, the values they are filled with in help-text-values.ts.
// Every article is a page of its own (paths.ts matches `/help/<id>` by its pattern); only the
// parts that show articles import this list, never the start-up script, so a first visit does
// not grow with it. No imports: the Node scripts and tests read it straight from the source.

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

/** Whether `id` names an article (an address shaped like one may name none). */
export function isHelpArticleId(id: string): id is HelpArticleId {
  return (helpArticleIds as readonly string[]).includes(id);
}
