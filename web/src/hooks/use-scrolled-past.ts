import { useEffect, useState } from 'react';

/** True once the page has scrolled more than `thresholdPx`. */
export function useScrolledPast(thresholdPx: number): boolean {
  const [past, setPast] = useState(() => typeof window !== 'undefined' && window.scrollY > thresholdPx);
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
