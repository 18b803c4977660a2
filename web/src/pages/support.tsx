import { SupportMailText } from '../components/support-mail-text';
import { ContactForm } from '../features/contact/contact-form';
import { PageHeader } from '../components/layout/page-header';
import { usePageTexts } from '../locales/pages';

export default function SupportPage() {
  const { t } = usePageTexts();
  return (
    <>
      <PageHeader title={t('support.title')}>
        <p>{t('support.prompt')}</p>
      </PageHeader>
      <div className="page support">
        <ContactForm />
        <p className="support__direct">
          <SupportMailText i18nKey="support.direct" />
        </p>
      </div>
    </>
  );
}
