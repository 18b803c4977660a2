// The site's service worker (vite-plugin-pwa builds it from this file with Workbox): the help
// centre readable and searchable without a connection after one visit (help-copy.ts). It
// answers two kinds of request and lets every other one go to the network as if it were not
// there (the other pages, /api, Firestore):
// - a help centre page: from the network, or from the copy when the network has not answered
//   within a few seconds or fails (a page from the copy says so, offline-mark.ts);
// - a script part or the stylesheet the copy holds: from the copy (each is named by its content).
// A new build's worker waits until the visitor chooses to update (the page offers it) or every
// tab of the site has closed; it then copies the help centres this device keeps again.
import { registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import { baseOf, paths, rebase } from '../src/config/paths.ts';
import {
  helpPagesCache,
  helpPartsCache,
  networkTimeoutSeconds,
  type KeepHelp,
  type TakeOver,
} from '../src/features/help/copy/help-copy-terms.ts';
import { keepHelp } from './help-copy.ts';
import { readRegister, recordCopy } from './copy-register.ts';
import { markedCopy } from './offline-mark.ts';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: { url: string; revision: string | null }[] };

/** The parts the help pages load as they are used (their search, its index, the question): the build's list. */
const lazyParts = self.__WB_MANIFEST.map((entry) => new URL(entry.url, self.location.origin).pathname);

/** Whether an address of this site is a page of the help centre, in any language. */
function isHelpPage(url: URL): boolean {
  if (url.origin !== self.location.origin) return false;
  const page = rebase(url.pathname, baseOf(url.pathname), '');
  return page === paths.help || page.startsWith(`${paths.help}/`);
}

registerRoute(
  ({ request, url }) => request.mode === 'navigate' && isHelpPage(url),
  new NetworkFirst({
    cacheName: helpPagesCache,
    networkTimeoutSeconds,
    plugins: [{ cachedResponseWillBeUsed: async ({ cachedResponse }) => cachedResponse && markedCopy(cachedResponse) }],
  }),
);

registerRoute(
  ({ request, url }) =>
    request.method === 'GET' && url.origin === self.location.origin && url.pathname.startsWith('/static/'),
  async ({ request }) => (await (await caches.open(helpPartsCache)).match(request)) ?? fetch(request),
);

/** Keeps the help centre under `base`, unless this worker has kept it already; answers on `port`. */
async function keep(base: string, port: MessagePort | undefined): Promise<void> {
  const kept = (await readRegister())[base];
  const answer = kept ? { type: 'help-kept' as const, ...kept } : await keepHelp(base, lazyParts);
  if (!kept && answer.type === 'help-kept') await recordCopy(base, answer);
  port?.postMessage(answer);
}

self.addEventListener('message', (event) => {
  const data = event.data as KeepHelp | TakeOver | undefined;
  if (data?.type === 'keep-help') event.waitUntil(keep(data.base, event.ports[0]));
  if (data?.type === 'take-over') event.waitUntil(self.skipWaiting());
});

// A new build: the copies are of the build before, so each kept help centre is copied again.
self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      await self.clients.claim();
      const register = await readRegister();
      for (const base of Object.keys(register)) {
        const answer = await keepHelp(base, lazyParts);
        if (answer.type === 'help-kept') await recordCopy(base, answer);
      }
    })(),
  );
});
