import { useTranslation } from 'react-i18next';
import { HydrateApart } from '../components/hydration';
import { HydrateWhenNear } from '../components/hydrate-when-near';
import { heroPhone } from '../assets/artwork';
import { BackgroundCarousel } from '../components/home/background-carousel';
import { Picture } from '../components/media/picture';
import { StoreBadges } from '../components/store/store-badge';
import { site } from '../config/site';
import { useLanguage } from '../locales/language';

/** The screenshot slideshow, below the first screen: its script part comes when it nears the screen. */
export const loadSlideshow = () => import('../components/home/screenshot-slideshow');

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
              image={heroPhone(language)}
              alt={t('home.phoneAlt', { product: site.productName })}
              sizes="(width <= 768px) 200px, 300px"
              priority="high"
            />
          </div>
        </BackgroundCarousel>
      </HydrateApart>
      <HydrateWhenNear load={loadSlideshow} />
    </>
  );
}
