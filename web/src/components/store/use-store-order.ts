import { useClientValue } from '../hydration';
import { detectPlatform, storeOrder, stores, type Platform, type Store } from './store-order';

/** `navigator.userAgentData` is Chromium-only and not yet in TypeScript's DOM types. */
type NavigatorWithHints = Navigator & { userAgentData?: { platform?: string } };

// Read on every render of a badge list: a few string tests, cheaper than keeping a cache right.
function readPlatform(): Platform {
  const { userAgent, maxTouchPoints, userAgentData } = navigator as NavigatorWithHints;
  return detectPlatform({ userAgent, maxTouchPoints, platform: userAgentData?.platform });
}

// The device never changes while the page is open: nothing to subscribe to.
const clientOrder = () => storeOrder(readPlatform());

/**
 * The stores in the order to show them. The prerendered page and the first render while it
 * hydrates use the specification's order (the same HTML for everyone); right after, React
 * renders once more with the visitor's own store first when that differs (useClientValue).
 */
export function useStoreOrder(): readonly Store[] {
  return useClientValue(stores, clientOrder);
}
