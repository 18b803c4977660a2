import { describe, expect, it } from 'vitest';
import { appCheckSiteKey } from './app-check';

const webApp = { appId: '1:123456789012:web:0a1b2c3d4e5f60718293a4', apiKey: 'AIzaSyExampleExampleExampleExample123' };
const siteKey = '6LcExampleSiteKeyForAppCheck0000000000000';

describe('appCheckSiteKey', () => {
  it('starts App Check with the site key in a production build that has one', () => {
    expect(appCheckSiteKey({ siteKey, ...webApp })).toBe(siteKey);
    expect(appCheckSiteKey({ siteKey: ` ${siteKey}\n`, ...webApp })).toBe(siteKey);
  });

  it.each([undefined, '', '   '])('leaves App Check off without a key (%j)', (key) => {
    expect(appCheckSiteKey({ siteKey: key, ...webApp })).toBeUndefined();
    expect(appCheckSiteKey({ siteKey: key })).toBeUndefined();
  });

  it('leaves App Check off in the emulator build, key or not', () => {
    expect(appCheckSiteKey({ siteKey, emulatorHost: '127.0.0.1:8080', ...webApp })).toBeUndefined();
    expect(appCheckSiteKey({ emulatorHost: '127.0.0.1:8080' })).toBeUndefined();
  });

  it('refuses a key without the web app it exchanges tokens for', () => {
    expect(() => appCheckSiteKey({ siteKey, apiKey: webApp.apiKey })).toThrow(/VITE_FIREBASE_APP_ID/);
    expect(() => appCheckSiteKey({ siteKey, appId: webApp.appId, apiKey: ' ' })).toThrow(/VITE_FIREBASE_API_KEY/);
  });
});
