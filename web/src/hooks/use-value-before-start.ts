import { useEffect, useEffectEvent, useRef } from 'react';

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/**
 * For a control the prerendered page shows enabled: it takes input before the app runs (a slow
 * phone shows the page seconds earlier; the browser fills it from saved passwords or when going
 * Back), and hydration keeps the element but not what it holds. Once hydrated, a value that
 * differs from what the app rendered (`rendered`) goes to `adopt`, as if typed then.
 */
export function useValueBeforeStart<E extends Control>(rendered: string, adopt: (value: string) => void) {
  const control = useRef<E>(null);
  const adoptHeld = useEffectEvent(() => {
    const held = control.current?.value;
    if (held !== undefined && held !== rendered) adopt(held);
  });
  useEffect(() => {
    adoptHeld();
  }, []);
  return control;
}
