import 'i18next';
import type enAccessibility from './en/accessibility.json';
import type enAccount from './en/account.json';
import type enCommon from './en/common.json';
import type enContact from './en/contact.json';
import type enFooter from './en/footer.json';
import type { HelpTexts } from './help';
import type enHelpQuestion from './en/help-question.json';
import type enHelpCopy from './en/help-copy.json';
import type enKnownProblemsPage from './en/known-problems-page.json';
import type { HelpArticleId } from '../config/help';
import type { Article } from './articles';
import type enLegal from './en/legal.json';
import type { FactsChosen } from './fact-texts';
import type enMembers from './en/members.json';
import type enMeta from './en/meta.json';
import type enOutbox from './en/outbox.json';
import type enPages from './en/pages.json';
import type enPicture from './en/picture.json';
import type enPlans from './en/plans.json';
import type enSlideshow from './en/slideshow.json';

// English is the source of truth: a key that is not in the English file fails `tsc`.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: {
      accessibility: typeof enAccessibility;
      articles: Record<HelpArticleId, Article>;
      account: typeof enAccount;
      common: typeof enCommon;
      contact: typeof enContact;
      footer: typeof enFooter;
      help: HelpTexts;
      helpQuestion: typeof enHelpQuestion;
      helpCopy: typeof enHelpCopy;
      knownProblemsPage: typeof enKnownProblemsPage;
      legal: FactsChosen<typeof enLegal>;
      members: typeof enMembers;
      meta: typeof enMeta;
      outbox: typeof enOutbox;
      pages: FactsChosen<typeof enPages>;
      picture: typeof enPicture;
      plans: typeof enPlans;
      slideshow: typeof enSlideshow;
    };
  }
}
