import { useEffect, useState } from 'react';

/** True once the page has scrolled more than `thresholdPx`. */
export function useScrolledPast(thresholdPx: number): boolean {
  // False at first, as in the prerendered page (the first render must match it); the effect
  // reads the real position at once.
  const [past, setPast] = useState(false);
  useEffect(() => {
    const update = () => {
      setPast(window.scrollY > thresholdPx);
    };
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => {
      window.removeEventListener('scroll', update);
    };
  }, [thresholdPx]);
  return past;
}
