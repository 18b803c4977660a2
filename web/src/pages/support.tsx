import { SupportMailText } from '../components/support-mail-text';
import { ContactForm } from '../features/contact/contact-form';
import { HelpSuggestions } from '../features/help/help-suggestions';
import { KnownProblem } from '../features/notices/known-problem';
import { shownNoticeId } from '../features/notices/notice-store';
import { PageHeader } from '../components/layout/page-header';
import { useContactTexts } from '../locales/contact';
import { useLanguage } from '../locales/language';

export default function SupportPage() {
  const { t } = useContactTexts();
  const language = useLanguage();
  return (
    <>
      <PageHeader title={t('support.title')}>
        <p>{t('support.prompt')}</p>
      </PageHeader>
      <div className="page support">
        <KnownProblem />
        <ContactForm
          shownNotice={shownNoticeId}
          aboutSubject={(subject) => (
            <HelpSuggestions subject={subject} language={language} heading={t('support.suggestions')} />
          )}
        />
        <p className="support__direct">
          <SupportMailText i18nKey="support.direct" />
        </p>
      </div>
    </>
  );
}
