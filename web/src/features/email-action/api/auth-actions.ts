// The email actions against Firebase Auth, in a script part of their own that the email action
// page loads when a link has a code: no other page carries any Auth code.
import {
  applyActionCode,
  checkActionCode,
  confirmPasswordReset,
  sendPasswordResetEmail,
  validatePassword,
  verifyPasswordResetCode,
} from 'firebase/auth';
import { siteAuth } from '../../../firebase/auth';
import type { Language } from '../../../config/languages';
import type { PolicyOptions } from '../password-rules';

/** Auth, in the member's language for the emails it sends. */
function auth(language: Language) {
  const instance = siteAuth();
  instance.languageCode = language;
  return instance;
}

export type Link = { code: string };

/** Verifies the address (verifyEmail, verifyAndChangeEmail) or restores it (recoverEmail): spends the code. */
export async function applyCode(link: Link, language: Language): Promise<void> {
  await applyActionCode(auth(language), link.code);
}

/** What a recoverEmail code would restore, without spending it: the address back, and the one it replaces. */
export async function inspectRecovery(
  link: Link,
  language: Language,
): Promise<{ email: string; previousEmail: string | undefined }> {
  const info = await checkActionCode(auth(language), link.code);
  return { email: info.data.email ?? '', previousEmail: info.data.previousEmail ?? undefined };
}

/** The account a password reset code is for, without spending it. */
export async function inspectReset(link: Link, language: Language): Promise<string> {
  return verifyPasswordResetCode(auth(language), link.code);
}

/** Sets the new password: spends the code. */
export async function resetPassword(link: Link, language: Language, password: string): Promise<void> {
  await confirmPasswordReset(auth(language), link.code, password);
}

/** Sends a password reset email to `email`, in `language`. */
export async function sendReset(language: Language, email: string): Promise<void> {
  await sendPasswordResetEmail(auth(language), email);
}

/** The project's password policy, or undefined when it cannot be had (Firebase's minimum then applies). */
export async function passwordPolicy(language: Language): Promise<PolicyOptions | undefined> {
  try {
    return (await validatePassword(auth(language), '')).passwordPolicy;
  } catch {
    return undefined;
  }
}
