import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { PageHeader } from '../components/layout/page-header';
import { paths } from '../config/paths';

export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('notFound.heading')} />
      <div className="page page--narrow">
        <p>{t('notFound.text')}</p>
        <p>
          <Link href={paths.home} className="button">
            {t('notFound.home')}
          </Link>
        </p>
      </div>
    </>
  );
}
