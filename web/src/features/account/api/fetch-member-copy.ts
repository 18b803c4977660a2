// "Download my data": the callable that makes the signed-in member's copy, reached at the site's
// own address (a Hosting rewrite), in a script part of its own loaded on the first press.
import { getFunctions, httpsCallableFromURL } from 'firebase/functions';
import { firebaseApp } from '../../../firebase/app';
import { memberCopyPath, readMemberCopy, type MemberCopy } from '../member-copy-answer';

/**
 * Asks for the signed-in member's copy. Firebase sends their ID token (and, where App Check is
 * on, its token) with the call; the function answers only with the caller's own data.
 */
export async function fetchMemberCopy(): Promise<MemberCopy> {
  // Written out, so a build without a key leaves App Check out (firebase/app-check-ready.ts).
  if (import.meta.env.VITE_RECAPTCHA_SITE_KEY)
    await (await import('../../../firebase/app-check-ready')).appCheckReady();
  const call = httpsCallableFromURL<Record<string, never>>(getFunctions(firebaseApp()), memberCopyPath, {
    timeout: 130_000,
  });
  return readMemberCopy((await call({})).data);
}
