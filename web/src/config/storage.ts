// Everything the site keeps in a visitor's browser, in one list: the code that sets each
// reads its name and lifetime here, the privacy policy's cookie section is drawn from it, and
// a browser test fails if the site sets a cookie or a storage entry that is not on it. Each is
// technical (the site needs it to do what the visitor asked), so none needs consent; anything
// else (analytics, reCAPTCHA with App Check: docs/operating.md, "Cookies and consent") would.

import { languageCookieItem } from './language-cookie.ts';

export type StoredItem = {
  kind: 'cookie' | 'localStorage' | 'sessionStorage' | 'indexedDB' | 'serviceWorker';
  name: string;
  /** How long it stays: days, or until the visitor clears the browser's data, or until the tab closes. */
  lifetime: { days: number } | { until: 'cleared' | 'tabClosed' | 'replaced' | 'received' };
  /** How many entries it keeps at most, where it keeps a list. */
  entries?: number;
};

export const siteStorage = {
  language: languageCookieItem,
  /** Email links (their one-time codes) already used in this browser, so opening one again says so. */
  usedEmailLinks: { kind: 'localStorage', name: 'email-actions-used', lifetime: { until: 'cleared' }, entries: 20 },
  /**
   * What the visitor typed in the Contact Us form, until it is sent or the tab closes: the
   * fields and the app's details, never the picture they chose (the privacy policy says so).
   */
  contactDraft: { kind: 'sessionStorage', name: 'contact-form-draft', lifetime: { until: 'tabClosed' } },
  /**
   * The Contact Us messages sent from this browser, with their pictures, from Send until the
   * team's database has them: one sent without a connection waits here to be sent when it
   * returns (features/contact/outbox/). A database of its own, deleted once it is empty.
   */
  contactOutbox: { kind: 'indexedDB', name: 'contact-outbox', lifetime: { until: 'received' } },
  /**
   * The site's service worker and the help centre's copy it keeps once the visitor has opened
   * the help centre (its two caches: features/help/copy/help-copy-terms.ts), so the help
   * centre can be read and searched without a connection.
   */
  helpCopy: { kind: 'serviceWorker', name: '/service-worker.js', lifetime: { until: 'replaced' } },
} as const satisfies Record<string, StoredItem>;

export type StoredItemId = keyof typeof siteStorage;
