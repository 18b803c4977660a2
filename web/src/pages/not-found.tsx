import { Link, useRouter } from 'wouter';
import { homeHref, paths } from '../config/paths';
import { PageHeader } from '../components/layout/page-header';
import { usePageTexts } from '../locales/pages';

export default function NotFoundPage() {
  const { t } = usePageTexts();
  const home = homeHref(useRouter().base);
  return (
    <>
      <PageHeader title={t('notFound.heading')} />
      <div className="page page--narrow">
        <p>{t('notFound.text')}</p>
        <p>
          <Link href={home} className="button">
            {t('notFound.home')}
          </Link>
        </p>
        <p>
          <Link href={paths.help}>{t('notFound.help')}</Link>
        </p>
      </div>
    </>
  );
}
