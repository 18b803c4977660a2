import type { FirebaseApp } from 'firebase/app';
import { initializeAppCheck, ReCaptchaEnterpriseProvider } from 'firebase/app-check';

// App Check itself, in the part app-check-ready.ts starts it from (builds with a site key only).

/**
 * Attaches App Check to the app, so every Firestore and Functions request carries a token from
 * reCAPTCHA Enterprise (invisible, score-based: the visitor is never asked to solve anything).
 * Must run before either is first used. Tokens are refreshed while the page stays open.
 */
export function startAppCheck(app: FirebaseApp, siteKey: string): void {
  initializeAppCheck(app, { provider: new ReCaptchaEnterpriseProvider(siteKey), isTokenAutoRefreshEnabled: true });
}
