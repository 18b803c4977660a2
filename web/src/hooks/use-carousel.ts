import {
  useCallback,
  useEffect,
  useEffectEvent,
  useRef,
  useState,
  type FocusEvent,
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
}

/**
 * What every self-moving carousel of the site shares: it moves every `intervalMs` unless the
 * visitor paused it, points at it, has focus in it or asked the system for less motion (then
 * it starts paused); a manual move restarts the interval; Left and Right keys and sideways
 * swipes on touch screens move it.
 */
export function useCarousel({ intervalMs, onNext, onPrevious }: CarouselOptions) {
  const reducedMotion = usePrefersReducedMotion();
  const [choice, setChoice] = useState<'play' | 'pause' | null>(null);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [moves, setMoves] = useState(0);
  const swipeStart = useRef<{ x: number; y: number } | null>(null);

  const playing = (choice ?? (reducedMotion ? 'pause' : 'play')) === 'play';
  const running = playing && !hovered && !focused;

  const tick = useEffectEvent(onNext);
  useEffect(() => {
    if (!running) return undefined;
    const timer = setInterval(() => {
      tick();
    }, intervalMs);
    return () => {
      clearInterval(timer);
    };
  }, [running, intervalMs, moves]);

  const restart = useCallback(() => {
    setMoves((count) => count + 1);
  }, []);

  const next = () => {
    setMoves((count) => count + 1);
    onNext();
  };
  const previous = () => {
    setMoves((count) => count + 1);
    onPrevious();
  };

  return {
    /** The visitor's play/pause setting (the pause button shows it). */
    playing,
    /** Whether it is moving by itself right now. */
    running,
    reducedMotion,
    next,
    previous,
    /** Moves made by the visitor restart the interval (the same function at every render). */
    restart,
    togglePlaying: () => {
      setChoice(playing ? 'pause' : 'play');
    },
    /** Spread on the carousel's root element. */
    rootProps: {
      onMouseEnter: () => {
        setHovered(true);
      },
      onMouseLeave: () => {
        setHovered(false);
      },
      onFocus: () => {
        setFocused(true);
      },
      onBlur: (event: FocusEvent<HTMLElement>) => {
        if (!(event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget))) {
          setFocused(false);
        }
      },
      onKeyDown: (event: KeyboardEvent<HTMLElement>) => {
        if (event.key === 'ArrowRight') next();
        else if (event.key === 'ArrowLeft') previous();
        else return;
        event.preventDefault();
      },
    },
    /** Spread on the element a visitor swipes. */
    swipeProps: {
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
    },
  };
}
