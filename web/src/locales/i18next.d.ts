import 'i18next';
import type enAccessibility from './en/accessibility.json';
import type enAccount from './en/account.json';
import type enCommon from './en/common.json';
import type enLegal from './en/legal.json';
import type enMembers from './en/members.json';
import type enPages from './en/pages.json';

// English is the source of truth: a key that is not in the English file fails `tsc`.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: {
      accessibility: typeof enAccessibility;
      account: typeof enAccount;
      common: typeof enCommon;
      legal: typeof enLegal;
      members: typeof enMembers;
      pages: typeof enPages;
    };
  }
}
