// Texts the pages must show, typed out on purpose (not read from the translations): a key
// that is missing or renamed shows up as the key itself. Shared by the browser tests and the
// tests that read the HTML Hosting serves (no Playwright here, so both can import it).
import type { Language } from '../../web/src/config/languages.ts';
import type { RouteName } from '../../web/src/config/paths.ts';

export type { Language };

/** What each route's h1 says. */
export const headings: Record<RouteName | 'notFound', Record<Language, string | RegExp>> = {
  home: { en: 'Sport Fishing App', it: 'App di pesca sportiva' },
  features: { en: 'Features', it: 'Funzionalità' },
  downloadApp: { en: 'Download App', it: "Scarica l'app" },
  pro: { en: /^Become a .+ PRO Member$/, it: /^Diventa un membro PRO di .+$/ },
  support: { en: 'Contact Us', it: 'Contattaci' },
  privacy: { en: 'Privacy Policy', it: 'Informativa sulla privacy' },
  terms: { en: 'Terms and Conditions', it: 'Termini e condizioni' },
  emailVerification: { en: 'Email Verification', it: 'Verifica email' },
  partner: { en: 'Partners', it: 'Partner' },
  account: { en: 'Account', it: 'Account' },
  notFound: { en: '404 - File or directory not found.', it: '404 - File o directory non trovati.' },
};

/** The first link of every page, in each language. */
export const skipLinks: Record<Language, string> = { en: 'Skip to content', it: 'Vai al contenuto' };
