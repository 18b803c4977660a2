import type { FirebaseApp } from 'firebase/app';
import { initializeAppCheck, ReCaptchaEnterpriseProvider } from 'firebase/app-check';

// A script part of its own, fetched by the Firestore part only in builds with a site key.

/**
 * Attaches App Check to the app, so every Firestore request carries a token from reCAPTCHA
 * Enterprise (invisible, score-based: the visitor is never asked to solve anything). Must run
 * before Firestore is first used. Tokens are refreshed while the page stays open.
 */
export function startAppCheck(app: FirebaseApp, siteKey: string): void {
  initializeAppCheck(app, { provider: new ReCaptchaEnterpriseProvider(siteKey), isTokenAutoRefreshEnabled: true });
}
