// Which store a visitor's device installs apps from, so that store's badge can come first.
// Pure, so it can be checked against real user-agent strings without a browser.

export type Store = 'googlePlay' | 'appStore';

/** The order of the specification, kept by desktops and by anything not recognised. */
export const stores: readonly Store[] = ['googlePlay', 'appStore'];
const appStoreFirst: readonly Store[] = ['appStore', 'googlePlay'];

export type Platform = 'android' | 'ios' | 'other';

/** What the browser tells about the device (read from `navigator` only after hydration). */
export interface DeviceHints {
  userAgent: string;
  /** `navigator.userAgentData.platform` where the browser has User-Agent Client Hints (Chromium). */
  platform?: string | undefined;
  /** `navigator.maxTouchPoints`: 0 on a Mac, 5 on an iPad that asks for desktop sites. */
  maxTouchPoints: number;
}

export function detectPlatform({ userAgent, platform, maxTouchPoints }: DeviceHints): Platform {
  // Client Hints first: Chrome on an Android tablet asking for the desktop site sends a Linux
  // user agent but still says Android here. An empty value (an overridden user agent) says nothing.
  if (platform === 'Android') return 'android';
  if (platform === 'iOS') return 'ios';
  if (/\bAndroid\b/i.test(userAgent)) return 'android';
  if (/\b(?:iPhone|iPad|iPod)\b/.test(userAgent)) return 'ios';
  // iPadOS asks for desktop sites by default and then calls itself a Mac; no Mac has a touch screen.
  if (/\bMacintosh\b/.test(userAgent) && maxTouchPoints > 1) return 'ios';
  return 'other';
}

/** The stores in the order to show them: the device's own store first on phones and tablets. */
export function storeOrder(platform: Platform): readonly Store[] {
  return platform === 'ios' ? appStoreFirst : stores;
}
