// The help centre's copy, asked for by a help page once it is usable (use-help-copy.ts): this
// script part registers the site's service worker and asks it to keep the help centre in the
// language the visitor reads it in. Loaded only by the help pages, and only where the browser
// runs service workers.
import { serviceWorkerPath, type HelpKept, type KeepHelp, type TakeOver } from './help-copy-terms';

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

/** Asks the active worker to keep the help centre under `base`; resolves to its answer. */
function askToKeep(worker: ServiceWorker, base: string): Promise<HelpKept> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = (event: MessageEvent<HelpKept>) => {
      resolve(event.data);
    };
    worker.postMessage({ type: 'keep-help', base } satisfies KeepHelp, [channel.port2]);
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
  const { active } = await navigator.serviceWorker.ready;
  return active ? askToKeep(active, base) : { type: 'help-not-kept', reason: 'no active worker' };
}
