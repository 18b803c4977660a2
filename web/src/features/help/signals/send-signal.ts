import type { HelpSignalSaid } from '@contracts/help-signal';
import type { Language } from '../../../config/languages';

/**
 * Sends what a page learnt (help-signal.ts: nothing of who the visitor is), loading the
 * database's client at the first signal. A signal that cannot be written (offline, a deploy
 * replaced the script part) is one answer fewer in the week's report, and the page goes on as if
 * it had been: the visitor asked for nothing and waits for nothing.
 */
export function sendHelpSignal(said: HelpSignalSaid, language: Language): void {
  import('./signal-store').then(({ addHelpSignal }) => addHelpSignal(said, language)).catch(() => undefined);
}
