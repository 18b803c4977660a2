// The link in an account email, as Firebase Auth writes it for a custom action handler:
// `?mode=<action>&oobCode=<code>&apiKey=<key>&continueUrl=<url>&lang=<language>`. Read only in
// the browser after the page has hydrated: the prerendered page is the same for every link.
// The link's `apiKey` is never used: the page talks to Auth with the build's own key, so a
// crafted link cannot point the reset form at another Firebase project.
import { supportedLanguage, type Language } from '../../config/languages';

/** The actions the page carries out: one email template each in the Firebase console. */
export const actionModes = ['verifyEmail', 'verifyAndChangeEmail', 'resetPassword', 'recoverEmail'] as const;
export type ActionMode = (typeof actionModes)[number];

export type ActionLink =
  /** No action in the address: where the app sends members once their email is verified. */
  | { kind: 'none' }
  /** An action the page does not know, or no code: a link that was cut or made up. */
  | { kind: 'broken' }
  | {
      kind: 'action';
      mode: ActionMode;
      code: string;
      /** Where the member goes on afterwards, only when it is one of the site's own addresses. */
      continueUrl?: string;
      /** The member's language, when the link names one the site speaks. */
      language?: Language;
    };

/** Firebase's codes are URL-safe tokens of a few dozen characters; anything else is not one. */
const codePattern = /^[\w-]{1,512}$/;

const isMode = (value: string | null): value is ActionMode =>
  (actionModes as readonly (string | null)[]).includes(value);

/**
 * `continueUrl` when it leads to one of `origins` over http(s), else undefined: a link that
 * was tampered with cannot send the member to another site from ours.
 */
export function safeContinueUrl(value: string | null, origins: readonly string[]): string | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
    return origins.includes(url.origin) && !url.username && !url.password ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** The link's action from the page's query string. */
export function parseActionLink(search: string, origins: readonly string[]): ActionLink {
  const query = new URLSearchParams(search);
  const mode = query.get('mode');
  const code = query.get('oobCode');
  if (mode === null && code === null) return { kind: 'none' };
  if (!isMode(mode) || code === null || !codePattern.test(code)) return { kind: 'broken' };
  const language = supportedLanguage(query.get('lang'));
  const continueUrl = safeContinueUrl(query.get('continueUrl'), origins);
  return {
    kind: 'action',
    mode,
    code,
    ...(continueUrl ? { continueUrl } : {}),
    ...(language ? { language } : {}),
  };
}

/** Where the action query is kept once it has left the address bar: this history entry's state. */
const stateKey = 'emailActionQuery';

/**
 * The action link's query, read once and taken out of the address bar: the code (and the
 * link's API key) would otherwise stay in the history, in the Referer of what the page loads
 * and in logs. It stays in this history entry's state, so a reload still finds it.
 */
export function takeActionQuery(): string {
  const state: unknown = history.state;
  const saved = typeof state === 'object' && state !== null ? (state as Record<string, unknown>)[stateKey] : undefined;
  const query = typeof saved === 'string' ? saved : location.search;
  const visible = new URLSearchParams(location.search);
  if (visible.has('oobCode') || visible.has('apiKey')) {
    visible.delete('oobCode');
    visible.delete('apiKey');
    const rest = visible.toString();
    const kept = typeof state === 'object' && state !== null ? state : {};
    history.replaceState(
      { ...kept, [stateKey]: query },
      '',
      `${location.pathname}${rest ? `?${rest}` : ''}${location.hash}`,
    );
  }
  return query;
}
