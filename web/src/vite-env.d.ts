/// <reference types="vite/client" />

/** The year the site was built (vite.config.ts `define`). */
declare const __BUILD_YEAR__: number;

/** Dates and prices in every language, formatted by the build (vite.config.ts `define`). */
declare const __FORMATTED__: Readonly<
  Record<import('./config/languages').Language, import('../build/formatted').Formatted>
>;

/** How the site is checked for accessibility, from the test suite (vite.config.ts `define`). */
declare const __ACCESSIBILITY__: import('../build/accessibility-checks').AccessibilityChecks;

/** Each store link's QR code, drawn by the build (vite.config.ts `define`, build/qr-codes.ts). */
declare const __QR_CODES__: Readonly<
  Record<import('./components/store/store-order').Store, import('../build/qr-codes').QrCode>
>;

/** A language's help search index, serialised, built with the site (build/help-search.ts). */
declare module 'virtual:help-search/*' {
  const index: string;
  export default index;
}

/** One legal document's texts in one language, cut from its legal.json at build (build/legal-texts.ts). */
declare module 'virtual:legal-texts/*' {
  const texts: Record<string, unknown>;
  export default texts;
}

/** The help centre's texts in one language, each article's title only (build/help-text-modules.ts). */
declare module 'virtual:help-texts/*' {
  const texts: import('./locales/help').HelpTexts;
  export default texts;
}

/** Each help article's module by id (build/help-text-modules.ts). */
declare module 'virtual:help-articles' {
  const articles: Readonly<Record<string, () => Promise<{ default: import('./locales/articles').ArticleModule }>>>;
  export default articles;
}

interface ImportMetaEnv {
  readonly VITE_FIREBASE_PROJECT_ID?: string;
  readonly VITE_FIREBASE_API_KEY?: string;
  readonly VITE_FIREBASE_APP_ID?: string;
  /** Where Google and Apple sign-in return to; the project's `<id>.firebaseapp.com` when unset (docs/operating.md). */
  readonly VITE_FIREBASE_AUTH_DOMAIN?: string;
  readonly VITE_FIRESTORE_EMULATOR_HOST?: string;
  readonly VITE_AUTH_EMULATOR_HOST?: string;
  /** Turns on Firebase App Check (reCAPTCHA Enterprise) for the contact form; see docs/operating.md. */
  readonly VITE_RECAPTCHA_SITE_KEY?: string;
  /** `withdrawn`: the help centre's copy is withdrawn, its service worker removes itself (docs/operating.md). */
  readonly VITE_SERVICE_WORKER?: string;
}
