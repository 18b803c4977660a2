import { SupportMailText } from '../features/contact/support-mail-text';
import { PageHeader } from '../components/layout/page-header';
import { usePageTexts } from '../locales/pages';

export default function EmailVerificationPage() {
  const { t } = usePageTexts();
  return (
    <>
      <PageHeader title={t('emailVerification.title')} />
      <div className="page page--narrow verification">
        <img src="/images/verified.svg" alt="" width="160" height="160" />
        <h2>{t('emailVerification.thanks')}</h2>
        <p>{t('emailVerification.verified')}</p>
        <p className="verification__note">
          <SupportMailText i18nKey="emailVerification.trouble" />
        </p>
      </div>
    </>
  );
}
