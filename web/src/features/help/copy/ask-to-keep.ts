import type { HelpKept, KeepHelp } from './help-copy-terms';

// The page's request to the running service worker to keep the help centre under a base, and
// its answer: the page's own language once it is usable (keep-help-copy.ts), another on request
// (help-copy-kept.tsx).

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

/** Asks the running worker, once there is one, to keep the help centre under `base`. */
export async function keepUnder(base: string): Promise<HelpKept> {
  const { active } = await navigator.serviceWorker.ready;
  return active ? askToKeep(active, base) : { type: 'help-not-kept', reason: 'no active worker' };
}
