import { memo, useCallback, useRef, useState, type RefObject } from 'react';
import { phoneImage, type Screenshot } from '../../assets/phone-screens';
import { forecastDays, timings } from '../../config/constants';
import { type Language } from '../../config/languages';
import { proOnly, type PlanFeatureId } from '../../config/plan-features';
import { useCarousel } from '../../hooks/use-carousel';
import { useHydrated } from '../hydration';
import { Picture } from '../media/picture';
import { ProLabel } from '../plans/pro-label';
import { CarouselControls, CarouselGroup, PickButton } from './carousel-controls';
import { useLanguage } from '../../locales/language';
import { useSlideshowTexts } from '../../locales/slideshow';

/**
 * A slide of the app's screenshots: its id names its title and caption in the texts; the
 * feature it shows says whether it is labelled Pro (config/plan-features.ts).
 */
export interface Slide {
  id: '01' | '02' | '03' | '04' | '05' | '06';
  screen: Screenshot;
  feature: PlanFeatureId;
}

export const slides: readonly Slide[] = [
  { id: '01', screen: 'map', feature: 'catchMap' },
  { id: '02', screen: 'feed', feature: 'community' },
  { id: '03', screen: 'log', feature: 'catchLog' },
  { id: '04', screen: 'forecast', feature: 'longForecast' },
  { id: '05', screen: 'tides', feature: 'forecast' },
  { id: '06', screen: 'temperature', feature: 'forecast' },
];

/** The slide `steps` away from `index`, wrapping at both ends. */
export function wrapIndex(index: number, steps: number, count: number): number {
  return (((index + steps) % count) + count) % count;
}

/**
 * Screenshots of the app, one every 5 s, with arrows and dots; Italian screens in Italian. Its
 * own script part, with its texts: the home page hydrates it when it nears the screen.
 */
export default function ScreenshotSlideshow() {
  const { t } = useSlideshowTexts();
  const language = useLanguage();
  const [index, setIndex] = useState(0);
  const live = useRef<HTMLDivElement>(null);
  const carousel = useCarousel({
    live,
    intervalMs: timings.slideshowMs,
    onNext: () => {
      setIndex((current) => wrapIndex(current, 1, slides.length));
    },
    onPrevious: () => {
      setIndex((current) => wrapIndex(current, -1, slides.length));
    },
  });
  const hasImage = useScreensFetched(index);

  // Picking a dot: stable, so the dots skip the slideshow's other renders.
  const { restart } = carousel;
  const pick = useCallback(
    (position: number) => {
      restart();
      setIndex(position);
    },
    [restart],
  );

  // Each slide and each dot renders again only when it changes (the slide shown, its picture):
  // pointing at the slideshow or focusing it, which pauses it, re-renders neither.
  return (
    <section className="slideshow" aria-labelledby="slideshow-heading">
      <h2 id="slideshow-heading">{t('heading')}</h2>
      <CarouselGroup
        carousel={carousel}
        className="slideshow__carousel"
        roleDescription={t('roleDescription')}
        label={t('label')}
      >
        <Slides live={live} carousel={carousel} index={index} hasImage={hasImage} language={language} />
        <div className="slideshow__controls">
          <CarouselControls
            carousel={carousel}
            arrowClass="carousel-arrow carousel-arrow--dark"
            label={(control) => t(control)}
          >
            <ol className="slideshow__dots">
              {slides.map((slide, position) => (
                <Dot key={slide.id} slide={slide} position={position} current={position === index} onPick={pick} />
              ))}
            </ol>
          </CarouselControls>
        </div>
      </CarouselGroup>
    </section>
  );
}

/**
 * The slides, the one at `index` shown; their box is the region whose changes are announced
 * while the show stands still (`live`), and the one a visitor swipes.
 */
function Slides({
  live,
  carousel,
  index,
  hasImage,
  language,
}: {
  live: RefObject<HTMLDivElement | null>;
  carousel: Pick<ReturnType<typeof useCarousel>, 'reducedMotion' | 'swipeProps'>;
  index: number;
  hasImage: (position: number) => boolean;
  language: Language;
}) {
  return (
    <div
      className={`slideshow__slides${carousel.reducedMotion ? '' : ' slideshow__slides--animated'}`}
      ref={live}
      {...carousel.swipeProps}
    >
      {slides.map((slide, position) => (
        <SlideView
          key={slide.id}
          slide={slide}
          position={position}
          active={position === index}
          withImage={hasImage(position)}
          language={language}
        />
      ))}
    </div>
  );
}

/**
 * Whether the slide at a position has its screenshot. Screenshots are fetched as the show
 * reaches them: the current and the next one (so it is there when its turn comes) and those
 * already shown; a first visit loads two, not six. The prerendered page has none (the slideshow
 * is below the first screen on a phone): they come once the slideshow has hydrated, when it
 * nears the screen.
 */
function useScreensFetched(index: number): (position: number) => boolean {
  const hydrated = useHydrated();
  const [reached, setReached] = useState<readonly number[]>([0]);
  if (!reached.includes(index)) setReached([...reached, index]);
  return (position) => hydrated && (reached.includes(position) || position === wrapIndex(index, 1, slides.length));
}

const SlideView = memo(function SlideView({
  slide,
  position,
  active,
  withImage,
  language,
}: {
  slide: Slide;
  position: number;
  active: boolean;
  withImage: boolean;
  language: Language;
}) {
  const { t } = useSlideshowTexts();
  const title = t(`slides.${slide.id}.title`);
  // The slide is a group named "1 of 6" (the carousel pattern of the ARIA Authoring
  // Practices) around a plain figure: a figure with a figcaption takes its name from
  // the caption and may carry no role of its own (HTML's rules, axe's aria-allowed-role).
  return (
    <div
      className={`slide${active ? ' slide--active' : ''}`}
      role="group"
      aria-roledescription={t('slide')}
      aria-label={t('position', { number: position + 1, count: slides.length })}
      aria-hidden={!active}
      inert={!active}
      data-slide={slide.id}
    >
      <figure className="slide__figure">
        {withImage ? (
          <Picture
            className="slide__phone"
            image={phoneImage(slide.screen, language)}
            alt={t('alt', { title })}
            sizes="(width <= 768px) 220px, 280px"
          />
        ) : (
          <div className="slide__phone slide__phone--pending" />
        )}
        <figcaption>
          <strong>
            {title}
            {proOnly(slide.feature) ? <ProLabel /> : null}
          </strong>
          <span>{t(`slides.${slide.id}.caption`, { days: forecastDays.pro })}</span>
        </figcaption>
      </figure>
    </div>
  );
});

const Dot = memo(function Dot({
  slide,
  position,
  current,
  onPick,
}: {
  slide: Slide;
  position: number;
  current: boolean;
  onPick: (position: number) => void;
}) {
  const { t } = useSlideshowTexts();
  return (
    <PickButton index={position} className="slideshow__dot" current={current} onPick={onPick}>
      <span className="visually-hidden">
        {t('goTo', { number: position + 1, title: t(`slides.${slide.id}.title`) })}
      </span>
    </PickButton>
  );
});
