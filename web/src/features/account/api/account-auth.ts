// Signing in and deleting the account against Firebase Auth, in a script part of its own that
// the Account page loads when the member starts to sign in: no other page carries Auth code.
import {
  deleteUser,
  EmailAuthProvider,
  reauthenticateWithCredential,
  sendPasswordResetEmail,
  signInWithEmailAndPassword,
  signOut,
  type User,
} from 'firebase/auth';
import type { Language } from '../../../config/languages';
import { siteAuth } from '../../../firebase/auth';

function auth(language: Language) {
  const instance = siteAuth();
  instance.languageCode = language;
  return instance;
}

/** Signs in with email and password (kept in memory for this page only). */
export async function signIn(email: string, password: string, language: Language): Promise<User> {
  return (await signInWithEmailAndPassword(auth(language), email, password)).user;
}

/**
 * Deletes the signed-in member's account, after signing in again with `password` just now:
 * Auth deletes only an account whose sign-in is recent, and only the one signed in.
 */
export async function deleteAccount(user: User, password: string): Promise<void> {
  if (!user.email) throw Object.assign(new Error('No email address on the account'), { code: 'auth/user-mismatch' });
  await reauthenticateWithCredential(user, EmailAuthProvider.credential(user.email, password));
  await deleteUser(user);
}

export async function leave(language: Language): Promise<void> {
  await signOut(auth(language));
}

/** Sends the password reset email of the email action page to `email`, in `language`. */
export async function sendReset(email: string, language: Language): Promise<void> {
  await sendPasswordResetEmail(auth(language), email);
}
