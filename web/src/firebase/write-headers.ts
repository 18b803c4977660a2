// What the contact form's write sends besides the document: App Check's token, where the site
// has App Check. Whoever imports this module is a script part of its own, loaded only when the
// page is about to write.

// `import.meta.env.VITE_RECAPTCHA_SITE_KEY` is written out in each test below (not read from a
// variable): a build without a key gets `undefined` there from Vite, and the bundler drops
// everything about App Check, dynamic import included, from this script part.
const appCheckPart = () => import('./app-check-ready');

/**
 * Starts App Check now, where the site has it (the page is about to write), so reCAPTCHA is
 * ready by the time of writing; a failure here is the write's to report.
 */
export function prepareToWrite(): void {
  if (import.meta.env.VITE_RECAPTCHA_SITE_KEY)
    appCheckPart()
      .then((part) => part.appCheckReady())
      .catch(() => undefined);
}

/** The headers a write carries: App Check's token once App Check is there, where the site has it. */
export async function writeHeaders(): Promise<Record<string, string>> {
  if (import.meta.env.VITE_RECAPTCHA_SITE_KEY) return (await appCheckPart()).appCheckHeaders();
  return {};
}
