import {
  memo,
  useCallback,
  useEffect,
  useLayoutEffect,
  useReducer,
  useRef,
  useState,
  type CSSProperties,
  type Dispatch,
  type ReactNode,
  type RefObject,
} from 'react';
import { useTranslation } from 'react-i18next';
import { backgroundPhotos, backgroundThumbnail } from '../../assets/artwork';
import { timings } from '../../config/constants';
import { useCarousel } from '../../hooks/use-carousel';
import { useHydrated } from '../hydration';
import { Picture } from '../media/picture';
import { CarouselControls, CarouselGroup, PickButton } from './carousel-controls';
import { initialRotation, rotationReducer, type RotationAction, type RotationState } from './background-rotation';

/**
 * The home page's full-width background: the first photo of the list is shown, and every
 * 10 s it moves to the end with a 500 ms fade while the thumbnail strip of the next photos
 * slides along. Arrows, thumbnails, keys and swipes move it by hand.
 */
export function BackgroundCarousel({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [state, dispatch] = useReducer(rotationReducer, backgroundPhotos.length, initialRotation);
  const strip = useRef<HTMLOListElement>(null);
  const fadeMs = timings.backgroundFadeMs;
  // The thumbnails (six small photos) come once the app runs, after the page's first paint.
  const hydrated = useHydrated();

  const carousel = useCarousel({
    intervalMs: timings.backgroundRotationMs,
    onNext: () => {
      dispatch({ type: 'move', steps: 1, fade: !carousel.reducedMotion });
    },
    onPrevious: () => {
      dispatch({ type: 'move', steps: -1, fade: !carousel.reducedMotion });
    },
  });

  useSettleAfterFade(state, fadeMs, dispatch);
  useSlidingStrip(strip, state.move, fadeMs, carousel.reducedMotion);
  const warm = useWarmNext();

  // Picking a thumbnail: stable, so the thumbnails skip the carousel's other renders.
  const { restart, reducedMotion } = carousel;
  const show = useCallback(
    (index: number) => {
      restart();
      dispatch({ type: 'show', index, fade: !reducedMotion });
    },
    [restart, reducedMotion],
  );

  // The backdrop and each thumbnail render again only when the photos move (or the thumbnails
  // arrive): pointing at the carousel or focusing it, which pauses it, re-renders neither.
  return (
    <section
      className="home-hero"
      style={{ '--fade-ms': `${String(fadeMs)}ms` } as CSSProperties}
      data-photo={state.order[0]}
      {...carousel.swipeProps}
    >
      <Backdrop state={state} warm={warm} />
      {children}
      <CarouselGroup
        carousel={carousel}
        className="hero-carousel"
        roleDescription={t('home.background.roleDescription')}
        label={t('home.background.label')}
      >
        <CarouselControls
          carousel={carousel}
          arrowClass="carousel-arrow"
          label={(control) => t(`home.background.${control}`)}
        >
          <Strip strip={strip} order={state.order} hydrated={hydrated} onShow={show} />
        </CarouselControls>
      </CarouselGroup>
    </section>
  );
}

/** The photo underneath stays until the new one has faded in. */
function useSettleAfterFade(state: RotationState, fadeMs: number, dispatch: Dispatch<RotationAction>) {
  useEffect(() => {
    if (state.leaving === null) return undefined;
    const timer = setTimeout(() => {
      dispatch({ type: 'settle' });
    }, fadeMs);
    return () => {
      clearTimeout(timer);
    };
  }, [state.leaving, state.move, fadeMs, dispatch]);
}

/** The thumbnails start where they were and slide to their new places. */
function useSlidingStrip(
  strip: RefObject<HTMLOListElement | null>,
  move: RotationState['move'],
  fadeMs: number,
  reducedMotion: boolean,
) {
  useLayoutEffect(() => {
    const list = strip.current;
    const first = list?.firstElementChild;
    if (!move || !list || !(first instanceof HTMLElement) || reducedMotion) return;
    if (typeof list.animate !== 'function') return;
    const gap = parseFloat(getComputedStyle(list).columnGap) || 0;
    const from = move.steps * (first.offsetWidth + gap);
    list.animate([{ transform: `translateX(${String(from)}px)` }, { transform: 'none' }], {
      duration: fadeMs,
      easing: 'ease-out',
    });
  }, [strip, move, fadeMs, reducedMotion]);
}

/** Whether to fetch the next photo in the background: once the first has been on screen a while. */
function useWarmNext(): boolean {
  const [warm, setWarm] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => {
      setWarm(true);
    }, timings.backgroundRotationMs / 2);
    return () => {
      clearTimeout(timer);
    };
  }, []);
  return warm;
}

/** The thumbnails of the photos to come, in the strip that slides along as the photos move. */
function Strip({
  strip,
  order,
  hydrated,
  onShow,
}: {
  strip: RefObject<HTMLOListElement | null>;
  order: readonly number[];
  hydrated: boolean;
  onShow: (index: number) => void;
}) {
  const { t } = useTranslation();
  const descriptions = t('home.photos', { returnObjects: true });
  return (
    <div className="hero-carousel__strip">
      <ol ref={strip}>
        {order.slice(1).map((index) => (
          <Thumbnail
            key={index}
            index={index}
            hydrated={hydrated}
            description={descriptions[index] ?? ''}
            onShow={onShow}
          />
        ))}
      </ol>
    </div>
  );
}

/** The photos behind the banner: the one shown, the one fading out, and the next one, fetched ahead. */
const Backdrop = memo(function Backdrop({ state, warm }: { state: RotationState; warm: boolean }) {
  const [current, next] = state.order;
  const layers = new Map<number, 'current' | 'leaving' | 'next'>();
  if (warm && next !== undefined) layers.set(next, 'next');
  if (state.leaving !== null) layers.set(state.leaving, 'leaving');
  if (current !== undefined) layers.set(current, 'current');
  return (
    <div className="home-hero__backdrop" aria-hidden="true">
      {[...layers.entries()]
        .sort(([a], [b]) => a - b)
        .map(([index, role]) => {
          const photo = backgroundPhotos[index];
          if (!photo) return null;
          const entering = role === 'current' && state.leaving !== null;
          return (
            // On a portrait screen the photo is cropped to its middle: a file about as wide as
            // the screen is enough behind the banner, not one as wide as the whole photo. It is
            // fetched at once but after the phone beside the heading: on a phone the phone is the
            // page's largest paint; on a wide screen the photo is, and the phone's 14 kB go first.
            <Picture
              key={index}
              className={`home-hero__photo home-hero__photo--${role}${entering ? ' home-hero__photo--entering' : ''}`}
              image={photo}
              alt=""
              sizes="(max-aspect-ratio: 16/9) min(178vh, 120vw), 100vw"
              priority={role === 'current' && state.move === null ? 'low' : undefined}
            />
          );
        })}
    </div>
  );
});

/** A thumbnail of a photo to come: picking it brings that photo to the front. */
const Thumbnail = memo(function Thumbnail({
  index,
  hydrated,
  description,
  onShow,
}: {
  index: number;
  hydrated: boolean;
  description: string;
  onShow: (index: number) => void;
}) {
  const { t } = useTranslation();
  const photo = backgroundPhotos[index];
  if (!photo) return null;
  return (
    <PickButton index={index} className="hero-carousel__thumb" onPick={onShow}>
      {hydrated ? (
        <picture className="hero-carousel__thumb-image">
          <source type="image/avif" srcSet={backgroundThumbnail(photo, 'avif')} />
          <img src={backgroundThumbnail(photo, 'webp')} alt="" width={96} height={54} loading="lazy" />
        </picture>
      ) : (
        <span className="hero-carousel__thumb-image" />
      )}
      <span className="visually-hidden">{t('home.background.show', { description })}</span>
    </PickButton>
  );
});
