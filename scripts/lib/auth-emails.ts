// The account emails the Auth emulator would have sent, as links to the site's email action
// page: `npm start` prints each one as it appears, so a developer can follow it like a member.
import { localizedPath, paths } from '../../web/src/config/paths.ts';
import { emulator, projectId } from './project.ts';

export type OobCode = { email: string; requestType: string; oobLink: string };

/** The Auth emulator's list of the links it would have mailed. */
export const oobCodesUrl = (() => {
  const { host, port } = emulator('auth');
  return `http://${host}:${String(port)}/emulator/v1/projects/${projectId}/oobCodes`;
})();

/**
 * The emulator's link (to its own stand-in page) as the site's action page link, keeping its
 * query (mode, oobCode, apiKey, lang, continueUrl): what Firebase mails once the console's
 * action URL points at the site. Undefined for the links the site does not handle (email
 * sign-in is the app's).
 */
export function siteActionLink(oobLink: string, siteOrigin: string): string | undefined {
  const { searchParams } = new URL(oobLink);
  const mode = searchParams.get('mode');
  if (!mode || !['verifyEmail', 'verifyAndChangeEmail', 'resetPassword', 'recoverEmail'].includes(mode))
    return undefined;
  return `${siteOrigin}${localizedPath(paths.emailVerification, 'en')}?${searchParams.toString()}`;
}

/**
 * Polls the emulator every `intervalMs` and calls `onLink` once for each new email the site
 * handles. Returns a function that stops polling. Errors (the emulator stopping) are skipped.
 */
export function watchAuthEmails(
  siteOrigin: string,
  onLink: (email: OobCode, link: string) => void,
  intervalMs = 2000,
): () => void {
  const seen = new Set<string>();
  const poll = async () => {
    try {
      const response = await fetch(oobCodesUrl);
      const { oobCodes = [] } = (await response.json()) as { oobCodes?: OobCode[] };
      for (const entry of oobCodes) {
        if (seen.has(entry.oobLink)) continue;
        seen.add(entry.oobLink);
        const link = siteActionLink(entry.oobLink, siteOrigin);
        if (link) onLink(entry, link);
      }
    } catch {
      // Not up yet, or stopping: the next poll tries again.
    }
  };
  const timer = setInterval(() => void poll(), intervalMs);
  void poll();
  return () => clearInterval(timer);
}
