// What a page's Content-Security-Policy and Permissions-Policy blocked, as the page itself hears
// it: a `securitypolicyviolation` event (CSP) or a `permissions-policy-violation` report (the
// Reporting API, where the engine has one). Every engine fires the CSP event in the document
// whose policy blocked something, so the same script serves Chromium (a start-up script of the
// page, before its own: e2e/pages.spec.ts, e2e/security.spec.ts, e2e/account.spec.ts) and Firefox and WebKit (put in
// once the page has loaded, before the action watched: e2e/engines/popup-sign-in.ts).

export type Violation = {
  kind: string;
  directive: string;
  blocked: string;
  source: string;
  line: number;
  policy: string;
};

/** Starts recording in the page's `window.__violations` (a string: the root's TypeScript has no DOM types). */
export const recordViolations = `
  window.__violations = [];
  document.addEventListener('securitypolicyviolation', (event) => {
    window.__violations.push({
      kind: 'csp',
      directive: event.effectiveDirective,
      blocked: event.blockedURI,
      source: event.sourceFile,
      line: event.lineNumber,
      policy: event.originalPolicy,
    });
  });
  if (typeof ReportingObserver === 'function') {
    new ReportingObserver((reports) => {
      for (const { body } of reports) {
        window.__violations.push({
          kind: 'permissions-policy',
          directive: body.featureId,
          blocked: body.disposition,
          source: body.sourceFile ?? '',
          line: body.lineNumber ?? 0,
          policy: body.message ?? '',
        });
      }
    }, { types: ['permissions-policy-violation'], buffered: true }).observe();
  }
`;

/** An expression giving what the page recorded so far (none when it never started recording). */
export const recordedViolations = 'window.__violations ?? []';

/**
 * An expression that breaks the page's policy on purpose, as an injected script would: a
 * connection to an origin no policy of the site allows (the emulators' hub). A check of the
 * recording itself: what it records must then be exactly this one connect-src violation.
 */
export const violateOnPurpose = `fetch('http://127.0.0.1:4400/emulators').catch(() => undefined)`;
