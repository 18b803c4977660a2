// Signing in (Google, Apple, or email and password) and deleting the account against Firebase
// Auth, in a script part of its own that the Account page loads when the member starts to sign
// in: no other page carries this code.
import {
  browserPopupRedirectResolver,
  deleteUser,
  EmailAuthProvider,
  GoogleAuthProvider,
  OAuthProvider,
  reauthenticateWithCredential,
  reauthenticateWithPopup,
  sendPasswordResetEmail,
  signInWithEmailAndPassword,
  signInWithPopup,
  signOut,
  type User,
} from 'firebase/auth';
import type { Language } from '../../../config/languages';
import { siteAuth } from '../../../firebase/auth';
import type { SignInMethod, SignInProvider } from '../sign-in-method';

function auth(language: Language) {
  const instance = siteAuth(browserPopupRedirectResolver);
  instance.languageCode = language;
  return instance;
}

/** Sets Auth up (on Safari and phones, the popup's helper frame too) before the first click. */
export function prepare(language: Language): void {
  auth(language);
}

/** The provider's sign-in page, in the page's language, asking for the address (Apple hides it otherwise). */
function provider(name: SignInProvider, language: Language) {
  if (name === 'google') {
    const google = new GoogleAuthProvider();
    google.setCustomParameters({ prompt: 'select_account', hl: language });
    return google;
  }
  const apple = new OAuthProvider('apple.com');
  apple.addScope('email');
  apple.setCustomParameters({ locale: language === 'it' ? 'it_IT' : 'en_US' });
  return apple;
}

/** Signs in with email and password (kept in memory for this page only). */
export async function signIn(email: string, password: string, language: Language): Promise<User> {
  return (await signInWithEmailAndPassword(auth(language), email, password)).user;
}

/** Signs in with Google or Apple in a popup (kept in memory for this page only). */
export async function signInWith(name: SignInProvider, language: Language): Promise<User> {
  return (await signInWithPopup(auth(language), provider(name, language), browserPopupRedirectResolver)).user;
}

/**
 * Deletes the signed-in member's account, after they signed in again just now the way they
 * did at first (the password, or the same provider's popup): Auth deletes only an account
 * whose sign-in is recent, and only the one signed in.
 */
export async function deleteAccount(
  user: User,
  method: SignInMethod,
  password: string,
  language: Language,
): Promise<void> {
  if (method === 'password') {
    if (!user.email) throw Object.assign(new Error('No email address on the account'), { code: 'auth/user-mismatch' });
    await reauthenticateWithCredential(user, EmailAuthProvider.credential(user.email, password));
  } else {
    auth(language);
    await reauthenticateWithPopup(user, provider(method, language), browserPopupRedirectResolver);
  }
  await deleteUser(user);
}

export async function leave(language: Language): Promise<void> {
  await signOut(auth(language));
}

/** Sends the password reset email of the email action page to `email`, in `language`. */
export async function sendReset(email: string, language: Language): Promise<void> {
  await sendPasswordResetEmail(auth(language), email);
}
