import type { ReactNode } from 'react';
import type { useCarousel } from '../../hooks/use-carousel';

/** The controls' names for a screen reader: each carousel has its own texts for them. */
type Control = 'previous' | 'next' | 'pause' | 'play';

/**
 * The controls every self-moving carousel of the site has, in this order: the previous arrow,
 * the carousel's own way to pick an item (`children`: the background's thumbnails, the
 * slideshow's dots), the next arrow, and the visible control that stops and restarts it. The
 * carousel names the arrows' look (`arrowClass`) and gives each control's name from its texts
 * (`label`); the rest is the same for both.
 */
export function CarouselControls({
  carousel,
  arrowClass,
  label,
  children,
}: {
  carousel: Pick<ReturnType<typeof useCarousel>, 'previous' | 'next' | 'playing' | 'togglePlaying'>;
  arrowClass: string;
  label: (control: Control) => string;
  children: ReactNode;
}) {
  return (
    <>
      <button type="button" className={arrowClass} onClick={carousel.previous}>
        <span aria-hidden="true">‹</span>
        <span className="visually-hidden">{label('previous')}</span>
      </button>
      {children}
      <button type="button" className={arrowClass} onClick={carousel.next}>
        <span aria-hidden="true">›</span>
        <span className="visually-hidden">{label('next')}</span>
      </button>
      <button type="button" className="carousel-pause" onClick={carousel.togglePlaying}>
        <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
          {carousel.playing ? <path d="M4 3h3v10H4zM9 3h3v10H9z" /> : <path d="M4 2.5v11l9-5.5z" />}
        </svg>
        <span className="visually-hidden">{label(carousel.playing ? 'pause' : 'play')}</span>
      </button>
    </>
  );
}

/**
 * A self-moving carousel's box: a group that a screen reader names (`label`) and announces as
 * the carousel's kind (`roleDescription`), which pauses the carousel while it is pointed at or
 * holds the focus (the carousel's `rootProps`).
 */
export function CarouselGroup({
  carousel,
  className,
  roleDescription,
  label,
  children,
}: {
  carousel: Pick<ReturnType<typeof useCarousel>, 'rootProps'>;
  className: string;
  roleDescription: string;
  label: string;
  children: ReactNode;
}) {
  return (
    <div
      className={className}
      role="group"
      aria-roledescription={roleDescription}
      aria-label={label}
      {...carousel.rootProps}
    >
      {children}
    </div>
  );
}

/**
 * A carousel's own way to pick an item (a background thumbnail, a slideshow dot): a button in
 * the list of them that shows item `index`; `current` marks the one shown, for those that say it.
 */
export function PickButton({
  index,
  className,
  current,
  onPick,
  children,
}: {
  index: number;
  className: string;
  current?: boolean;
  onPick: (index: number) => void;
  children: ReactNode;
}) {
  return (
    <li>
      <button
        type="button"
        className={className}
        aria-current={current ? 'true' : undefined}
        onClick={() => {
          onPick(index);
        }}
      >
        {children}
      </button>
    </li>
  );
}
