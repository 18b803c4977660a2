// Where Android and iOS keep the settings a help article sends a member to. The systems' own
// menus, as stock Android (Pixel) and iOS name them: phone makers rename some, and the
// articles say so. The app's own menus are inAppPaths in help-text-values.ts.
import type { Language } from './languages';
import { site } from './site';

const app = site.productName;

export const deviceSettings = {
  androidLocation: {
    en: `Settings › Apps › ${app} › Permissions › Location`,
    it: `Impostazioni › App › ${app} › Autorizzazioni › Posizione`,
  },
  iosLocation: { en: `Settings › ${app} › Location`, it: `Impostazioni › ${app} › Posizione` },
  androidNotifications: {
    en: `Settings › Apps › ${app} › Notifications`,
    it: `Impostazioni › App › ${app} › Notifiche`,
  },
  iosNotifications: { en: `Settings › Notifications › ${app}`, it: `Impostazioni › Notifiche › ${app}` },
  iosTracking: {
    en: 'Settings › Privacy & Security › Tracking',
    it: 'Impostazioni › Privacy e sicurezza › Tracciamento',
  },
  androidSystemVersion: {
    en: 'Settings › About phone › Android version',
    it: 'Impostazioni › Informazioni sul telefono › Versione di Android',
  },
  iosSystemVersion: { en: 'Settings › General › About', it: 'Impostazioni › Generali › Info' },
} as const satisfies Record<string, Record<Language, string>>;
