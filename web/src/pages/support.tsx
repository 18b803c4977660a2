import { Trans, useTranslation } from 'react-i18next';
import { ContactForm } from '../components/contact/contact-form';
import { PageHeader } from '../components/layout/page-header';
import { site } from '../config/site';

export default function SupportPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('support.title')}>
        <p>{t('support.prompt')}</p>
      </PageHeader>
      <div className="page support">
        <ContactForm />
        <p className="support__direct">
          <Trans
            i18nKey="support.direct"
            values={{ email: site.supportEmail }}
            components={{ mail: <a href={`mailto:${site.supportEmail}`} /> }}
          />
        </p>
      </div>
    </>
  );
}
