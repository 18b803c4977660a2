import type { FirebaseApp } from 'firebase/app';
import { getToken, initializeAppCheck, ReCaptchaEnterpriseProvider, type AppCheck } from 'firebase/app-check';

// App Check itself, in the part app-check-ready.ts starts it from (builds with a site key only).

/**
 * Attaches App Check to the app, so every Functions request carries a token from
 * reCAPTCHA Enterprise (invisible, score-based: the visitor is never asked to solve anything).
 * Must run before either is first used. Tokens are refreshed while the page stays open.
 */
export function startAppCheck(app: FirebaseApp, siteKey: string): AppCheck {
  return initializeAppCheck(app, {
    provider: new ReCaptchaEnterpriseProvider(siteKey),
    isTokenAutoRefreshEnabled: true,
  });
}

/** A token for a request the SDK does not send (the contact form's write, through the REST API). */
export async function appCheckToken(appCheck: AppCheck): Promise<string> {
  return (await getToken(appCheck)).token;
}
