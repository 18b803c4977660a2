import { useTranslation } from 'react-i18next';
import { StoreBadges } from '../components/store/store-badge';

export default function HomePage() {
  const { t } = useTranslation();
  return (
    <section className="home-hero">
      <div className="home-hero__inner">
        <h1>{t('home.heading')}</h1>
        <p>{t('home.about')}</p>
        <h2>{t('home.download')}</h2>
        <StoreBadges />
      </div>
    </section>
  );
}
