import { Trans, useTranslation } from 'react-i18next';
import { PageHeader } from '../components/layout/page-header';
import { site } from '../config/site';

export default function EmailVerificationPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('emailVerification.title')} />
      <div className="page page--narrow verification">
        <img src="/images/verified.svg" alt="" width="160" height="160" />
        <h2>{t('emailVerification.thanks')}</h2>
        <p>{t('emailVerification.verified')}</p>
        <p className="verification__note">
          <Trans
            i18nKey="emailVerification.trouble"
            values={{ email: site.supportEmail }}
            components={{ mail: <a href={`mailto:${site.supportEmail}`} /> }}
          />
        </p>
      </div>
    </>
  );
}
