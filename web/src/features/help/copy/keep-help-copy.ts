// The help centre's copy, asked for by a help page once it is usable (use-help-copy.ts): this
// script part registers the site's service worker and asks it to keep the help centre in the
// language the visitor reads it in. Loaded only by the help pages, and only where the browser
// runs service workers.
import { serviceWorkerPath, type HelpKept, type TakeOver } from './help-copy-terms';
import { keepUnder } from './ask-to-keep';

// The end of the help centre's page once the copy is kept comes with this part (loaded then).
export { HelpCopyKept } from './help-copy-kept';

/** The registration's worker that waits to take over (a new build), now or once installed. */
function onWaiting(registration: ServiceWorkerRegistration, found: (worker: ServiceWorker) => void): void {
  if (registration.waiting && navigator.serviceWorker.controller) found(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed' && navigator.serviceWorker.controller) found(installing);
    });
  });
}

/**
 * Registers the service worker, asks it to keep the help centre under `base` ('' or `/it`) and
 * tells `updateReady` of a new build's worker, with what takes it over: the page reloads only
 * when the visitor chooses to.
 */
export async function keepHelpCopy(base: string, updateReady: (takeOver: () => void) => void): Promise<HelpKept> {
  const registration = await navigator.serviceWorker.register(serviceWorkerPath, {
    scope: '/',
    updateViaCache: 'none',
  });
  onWaiting(registration, (worker) => {
    updateReady(() => {
      navigator.serviceWorker.addEventListener('controllerchange', () => {
        location.reload();
      });
      worker.postMessage({ type: 'take-over' } satisfies TakeOver);
    });
  });
  return keepUnder(base);
}
