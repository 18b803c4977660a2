import { SupportMailText } from '../components/support-mail-text';
import { ContactForm } from '../features/contact/contact-form';
import { HelpSuggestions } from '../features/help/help-suggestions';
import { toLanguage } from '../config/languages';
import { PageHeader } from '../components/layout/page-header';
import { usePageTexts } from '../locales/pages';

export default function SupportPage() {
  const { t, i18n } = usePageTexts();
  const language = toLanguage(i18n.language);
  return (
    <>
      <PageHeader title={t('support.title')}>
        <p>{t('support.prompt')}</p>
      </PageHeader>
      <div className="page support">
        <ContactForm
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
