import 'i18next';
import type enCommon from '../locales/en/common.json';
import type enLegal from '../locales/en/legal.json';
import type enPages from '../locales/en/pages.json';

// English is the source of truth: a key that is not in the English file fails `tsc`.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: { common: typeof enCommon; legal: typeof enLegal; pages: typeof enPages };
  }
}
