// The Account page's Firebase parts, each fetched when first needed: Auth (with the Google and
// Apple popups) once the member turns to the sign-in form, Functions on the first "Download my
// data". No other page loads either.
import type { Language } from '../../config/languages';

export const loadAuthApi = () => import('./api/account-auth');
export const loadCopyApi = () => import('./api/fetch-member-copy');

let prepared = false;
/** Fetches the Auth part and sets Auth up, once: called as the member points at or focuses the form. */
export function prepareAuth(language: Language): void {
  if (prepared) return;
  prepared = true;
  loadAuthApi()
    .then((api) => {
      api.prepare(language);
    })
    .catch(() => {
      // The press fetches it again and reports a failure then.
      prepared = false;
    });
}
