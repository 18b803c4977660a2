import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type FocusEvent,
  type RefObject,
  type KeyboardEvent,
  type PointerEvent,
} from 'react';
import { usePrefersReducedMotion } from './use-reduced-motion';

/** A horizontal move of at least this many pixels, mostly sideways, is a swipe. */
export const swipeThresholdPx = 40;

interface CarouselOptions {
  /** How often the carousel moves by itself. */
  intervalMs: number;
  onNext: () => void;
  onPrevious: () => void;
  /**
   * The region whose changes are announced: `aria-live` "off" while the carousel moves by
   * itself, "polite" while it stands still (the carousel pattern of the ARIA Authoring
   * Practices). The carousel sets the attribute itself, without a render.
   */
  live?: RefObject<HTMLElement | null>;
}

/**
 * What every self-moving carousel of the site shares: it moves every `intervalMs` unless the
 * visitor paused it, points at it, has focus in it or asked the system for less motion (then
 * it starts paused); a manual move restarts the interval; Left and Right keys and sideways
 * swipes on touch screens move it.
 *
 * Pointing and focus only hold the timer: they are kept out of React's state, so the hover
 * and focus a tap brings before its click re-render nothing (at a 4× slowed CPU each render
 * of a carousel was a few milliseconds the click waited for).
 */
export function useCarousel({ intervalMs, onNext, onPrevious, live }: CarouselOptions) {
  const reducedMotion = usePrefersReducedMotion();
  const [choice, setChoice] = useState<'play' | 'pause' | null>(null);
  const playing = (choice ?? (reducedMotion ? 'pause' : 'play')) === 'play';
  const latest = useRef({ onNext, onPrevious });
  useLayoutEffect(() => {
    latest.current = { onNext, onPrevious };
  });
  const { schedule, holdProps } = useAutoMove({ intervalMs, live, playing, latest });

  const next = () => {
    schedule();
    latest.current.onNext();
  };
  const previous = () => {
    schedule();
    latest.current.onPrevious();
  };
  const swipeProps = useSwipe(next, previous);

  return {
    /** The visitor's play/pause setting (the pause button shows it). */
    playing,
    reducedMotion,
    next,
    previous,
    /** Moves made by the visitor restart the interval (the same function at every render). */
    restart: schedule,
    togglePlaying: () => {
      setChoice(playing ? 'pause' : 'play');
    },
    /** Spread on the carousel's root element. */
    rootProps: {
      ...holdProps,
      onKeyDown: (event: KeyboardEvent<HTMLElement>) => {
        if (event.key === 'ArrowRight') next();
        else if (event.key === 'ArrowLeft') previous();
        else return;
        event.preventDefault();
      },
    },
    /** Spread on the element a visitor swipes. */
    swipeProps,
  };
}

/**
 * The interval that moves the carousel by itself (the latest `onNext`) while it plays and
 * nothing holds it: `holdProps`, for its root, hold it while it is pointed at or has focus;
 * `schedule` starts it afresh.
 */
function useAutoMove({
  intervalMs,
  live,
  playing,
  latest,
}: Pick<CarouselOptions, 'intervalMs' | 'live'> & { playing: boolean; latest: RefObject<{ onNext: () => void }> }) {
  const held = useRef({ pointer: false, focus: false, playing });
  const timer = useRef<ReturnType<typeof setInterval> | undefined>(undefined);

  /** Starts the interval afresh when the carousel may move by itself, and tells the live region. */
  const schedule = useCallback(() => {
    clearInterval(timer.current);
    const { pointer, focus, playing: on } = held.current;
    const running = on && !pointer && !focus;
    if (running) {
      timer.current = setInterval(() => {
        latest.current.onNext();
      }, intervalMs);
    }
    if (live) live.current?.setAttribute('aria-live', running ? 'off' : 'polite');
  }, [intervalMs, live, latest]);

  useEffect(() => {
    held.current.playing = playing;
    schedule();
    return () => {
      clearInterval(timer.current);
    };
  }, [playing, schedule]);

  const hold = (what: 'pointer' | 'focus', on: boolean) => {
    if (held.current[what] === on) return;
    held.current[what] = on;
    schedule();
  };
  const holdProps = {
    onMouseEnter: () => {
      hold('pointer', true);
    },
    onMouseLeave: () => {
      hold('pointer', false);
    },
    onFocus: () => {
      hold('focus', true);
    },
    onBlur: (event: FocusEvent<HTMLElement>) => {
      if (!(event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget))) {
        hold('focus', false);
      }
    },
  };
  return { schedule, holdProps };
}

/** The handlers that make a sideways swipe on a touch screen (not a mouse's drag) a move. */
function useSwipe(next: () => void, previous: () => void) {
  const swipeStart = useRef<{ x: number; y: number } | null>(null);
  return {
    onPointerDown: (event: PointerEvent<HTMLElement>) => {
      swipeStart.current = event.pointerType === 'mouse' ? null : { x: event.clientX, y: event.clientY };
    },
    onPointerUp: (event: PointerEvent<HTMLElement>) => {
      const start = swipeStart.current;
      swipeStart.current = null;
      if (!start) return;
      const dx = event.clientX - start.x;
      const dy = event.clientY - start.y;
      if (Math.abs(dx) < swipeThresholdPx || Math.abs(dx) < Math.abs(dy)) return;
      if (dx < 0) next();
      else previous();
    },
    onPointerCancel: () => {
      swipeStart.current = null;
    },
  };
}
