import { useTranslation } from 'react-i18next';
import { HydrateApart } from '../components/hydration';
import { phoneImage } from '../assets/artwork';
import { BackgroundCarousel } from '../components/home/background-carousel';
import { ScreenshotSlideshow } from '../components/home/screenshot-slideshow';
import { Picture } from '../components/media/picture';
import { StoreBadges } from '../components/store/store-badge';
import { site } from '../config/site';
import { useLanguage } from '../locales/language';

export default function HomePage() {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <>
      <HydrateApart>
        <BackgroundCarousel>
          <div className="home-banner">
            <div className="home-banner__text">
              <h1>{t('home.heading')}</h1>
              <p className="home-banner__about">{t('home.about')}</p>
              <h2>{t('home.download')}</h2>
              <StoreBadges />
            </div>
            <Picture
              className="home-banner__phone"
              image={phoneImage('hero', language)}
              alt={t('home.phoneAlt', { product: site.productName })}
              sizes="(width <= 768px) 200px, 300px"
              priority
            />
          </div>
        </BackgroundCarousel>
      </HydrateApart>
      <HydrateApart>
        <ScreenshotSlideshow />
      </HydrateApart>
    </>
  );
}
