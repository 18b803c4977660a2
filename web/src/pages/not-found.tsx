import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { paths } from '../config/paths';

export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <section className="not-found">
      <h1>{t('notFound.heading')}</h1>
      <p>{t('notFound.text')}</p>
      <p>
        <Link href={paths.home}>{t('notFound.home')}</Link>
      </p>
    </section>
  );
}
