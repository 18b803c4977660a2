import { phoneImage, type Screenshot } from '../assets/phone-screens';
import { PageHeader } from '../components/layout/page-header';
import { Picture } from '../components/media/picture';
import { ProLabel } from '../components/plans/pro-label';
import { forecastDays } from '../config/constants';
import { proOnly, type PlanFeatureId } from '../config/plan-features';
import { usePageTexts } from '../locales/pages';
import { useLanguage } from '../locales/language';

type Caption =
  | 'globalPosts'
  | 'ownPosts'
  | 'map'
  | 'pastWeather'
  | 'forecast'
  | 'temperature'
  | 'previousLocation'
  | 'privateLocations';

interface Block {
  id: 'connect' | 'log' | 'forecast' | 'privacy';
  /** Each screenshot, its caption, and the feature it shows when only Pro has it (labelled Pro). */
  shots: readonly { screen: Screenshot; caption: Caption; feature?: PlanFeatureId }[];
}

const blocks: readonly Block[] = [
  {
    id: 'connect',
    shots: [
      { screen: 'feed', caption: 'globalPosts' },
      { screen: 'profile', caption: 'ownPosts' },
    ],
  },
  {
    id: 'log',
    shots: [
      { screen: 'map', caption: 'map', feature: 'catchMap' },
      { screen: 'catch', caption: 'pastWeather' },
    ],
  },
  {
    id: 'forecast',
    shots: [
      { screen: 'forecast', caption: 'forecast' },
      { screen: 'temperature', caption: 'temperature' },
    ],
  },
  { id: 'privacy', shots: [{ screen: 'location', caption: 'previousLocation' }] },
];

export default function FeaturesPage() {
  const { t } = usePageTexts();
  const language = useLanguage();
  return (
    <>
      <PageHeader title={t('features.title')}>
        <p>{t('features.intro')}</p>
      </PageHeader>
      <div className="features">
        {blocks.map((block, position) => (
          <section
            key={block.id}
            className={`feature${position % 2 === 1 ? ' feature--reversed' : ''}`}
            aria-labelledby={`feature-${block.id}`}
          >
            <div className="feature__text">
              <h2 id={`feature-${block.id}`}>{t(`features.${block.id}.heading`)}</h2>
              <p>
                {t(`features.${block.id}.text`, { pro: forecastDays.pro, free: forecastDays.free })}
                {block.id === 'forecast' && ` ${t('features.forecast.units')}`}
              </p>
              {block.id === 'privacy' && (
                <aside className="feature__note" aria-label={t('features.captions.privateLocations')}>
                  <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false">
                    <path
                      d="M7 10V7a5 5 0 0 1 10 0v3h1a1 1 0 0 1 1 1v9a1 1 0 0 1-1 1H6a1 1 0 0 1-1-1v-9a1 1 0 0 1 1-1zm2 0h6V7a3 3 0 0 0-6 0z"
                      fill="currentColor"
                    />
                  </svg>
                  <p>{t('features.privacyNote')}</p>
                </aside>
              )}
            </div>
            <div className="feature__shots">
              {block.shots.map((shot, index) => (
                <figure key={shot.screen} className="feature__shot">
                  <Picture
                    image={phoneImage(shot.screen, language)}
                    alt={t('features.screenshotAlt', { caption: t(`features.captions.${shot.caption}`) })}
                    sizes="(width <= 768px) 42vw, 240px"
                    // The first block is on the first screen: its first shot is the page's largest image.
                    priority={position === 0 ? (index === 0 ? 'high' : 'low') : undefined}
                  />
                  <figcaption>
                    {t(`features.captions.${shot.caption}`)}
                    {shot.feature && proOnly(shot.feature) ? <ProLabel /> : null}
                  </figcaption>
                </figure>
              ))}
            </div>
          </section>
        ))}
      </div>
    </>
  );
}
