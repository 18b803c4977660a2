import { useClientValue } from '../components/hydration';

const yes = () => true;

/**
 * False while the page is rendered ahead of time and during hydration, true from the next
 * render on. For what the prerendered HTML should leave out: images the first paint does not
 * need, fetched once the app runs instead of competing with the page's largest image.
 */
export function useHydrated(): boolean {
  return useClientValue(false, yes);
}
