import { describe, expect, it } from 'vitest';
import { detectPlatform, storeOrder, type DeviceHints, type Platform } from './store-order';

// User agents as real browsers send them (Chromium's are the reduced ones it sends today).
const devices: Array<[string, DeviceHints, Platform]> = [
  [
    'Chrome on an Android phone',
    {
      userAgent:
        'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
      platform: 'Android',
      maxTouchPoints: 5,
    },
    'android',
  ],
  [
    'Samsung Internet on a Galaxy phone',
    {
      userAgent:
        'Mozilla/5.0 (Linux; Android 14; SAMSUNG SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36',
      platform: 'Android',
      maxTouchPoints: 5,
    },
    'android',
  ],
  [
    'Firefox on an Android phone (no Client Hints)',
    { userAgent: 'Mozilla/5.0 (Android 14; Mobile; rv:133.0) Gecko/133.0 Firefox/133.0', maxTouchPoints: 5 },
    'android',
  ],
  [
    'Chrome on an Android phone with an overridden user agent (empty Client Hints)',
    {
      userAgent:
        'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
      platform: '',
      maxTouchPoints: 5,
    },
    'android',
  ],
  [
    'Chrome on an Android tablet asking for the desktop site',
    {
      userAgent:
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      platform: 'Android',
      maxTouchPoints: 10,
    },
    'android',
  ],
  [
    'Safari on an iPhone',
    {
      userAgent:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
      maxTouchPoints: 5,
    },
    'ios',
  ],
  [
    'Chrome on an iPhone',
    {
      userAgent:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1',
      maxTouchPoints: 5,
    },
    'ios',
  ],
  [
    'Safari on an iPad in mobile mode',
    {
      userAgent:
        'Mozilla/5.0 (iPad; CPU OS 16_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1',
      maxTouchPoints: 5,
    },
    'ios',
  ],
  [
    'Safari on an iPad asking for desktop sites (iPadOS default)',
    {
      userAgent:
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
      maxTouchPoints: 5,
    },
    'ios',
  ],
  [
    'Safari on a Mac',
    {
      userAgent:
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
      maxTouchPoints: 0,
    },
    'other',
  ],
  [
    'Chrome on a Mac',
    {
      userAgent:
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      platform: 'macOS',
      maxTouchPoints: 0,
    },
    'other',
  ],
  [
    'Edge on a Windows laptop with a touch screen',
    {
      userAgent:
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      platform: 'Windows',
      maxTouchPoints: 10,
    },
    'other',
  ],
  [
    'Firefox on Windows',
    {
      userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0',
      maxTouchPoints: 0,
    },
    'other',
  ],
  [
    'Chrome on Linux',
    {
      userAgent:
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      platform: 'Linux',
      maxTouchPoints: 0,
    },
    'other',
  ],
  [
    'Firefox on Linux',
    { userAgent: 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0', maxTouchPoints: 0 },
    'other',
  ],
  [
    'Chrome on a Chromebook',
    {
      userAgent:
        'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      platform: 'Chrome OS',
      maxTouchPoints: 10,
    },
    'other',
  ],
];

describe('detectPlatform', () => {
  it.each(devices.map(([device, hints, platform]) => ({ device, hints, platform })))(
    '$device → $platform',
    ({ hints, platform }) => {
      expect(detectPlatform(hints)).toBe(platform);
    },
  );
});

describe('storeOrder', () => {
  it('puts the App Store first on iOS and keeps the specification order elsewhere', () => {
    expect(storeOrder('ios')).toEqual(['appStore', 'googlePlay']);
    expect(storeOrder('android')).toEqual(['googlePlay', 'appStore']);
    expect(storeOrder('other')).toEqual(['googlePlay', 'appStore']);
  });

  it('returns the same array each time, so React sees no change between renders', () => {
    expect(storeOrder('ios')).toBe(storeOrder('ios'));
    expect(storeOrder('other')).toBe(storeOrder('android'));
  });
});
