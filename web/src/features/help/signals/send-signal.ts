import type { HelpSignalSaid } from '@contracts/help-signal';
import type { Language } from '../../../config/languages';

type SignalStore = typeof import('./signal-store');
let loaded: SignalStore | undefined;

/**
 * Loads the script part that writes a signal, ahead of one the page may have to send as the
 * visitor leaves (a search whose articles none was opened): by then a part could no longer load.
 */
export function loadSignalStore(): Promise<SignalStore> {
  return import('./signal-store').then((store) => (loaded = store));
}

/**
 * Sends what a page learnt (help-signal.ts: nothing of who the visitor is), loading the part
 * that writes it at the first signal. A signal that cannot be written (offline, a deploy
 * replaced the script part) is one answer fewer in the week's report, and the page goes on as if
 * it had been: the visitor asked for nothing and waits for nothing.
 */
export function sendHelpSignal(said: HelpSignalSaid, language: Language): void {
  // Loaded already: the request leaves now, in this task, even as the page goes.
  const written = loaded
    ? loaded.addHelpSignal(said, language)
    : loadSignalStore().then((store) => store.addHelpSignal(said, language));
  written.catch(() => undefined);
}
