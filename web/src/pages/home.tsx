import { useTranslation } from 'react-i18next';

export default function HomePage() {
  const { t } = useTranslation();
  return (
    <section className="home">
      <h1>{t('home.heading')}</h1>
      <p>{t('home.about')}</p>
    </section>
  );
}
