import { useState, type SyntheticEvent } from 'react';
import type { User } from 'firebase/auth';
import { useValueBeforeStart } from '../../hooks/use-value-before-start';
import { useLanguage } from '../../locales/language';
import { accountFailureOf } from './account-failure';
import { loadAuthApi } from './load-api';
import type { SignInMethod, SignInProvider } from './sign-in-method';
import { useAccountAction } from './use-account-action';

/** What the member types to sign in, and the fields they type it in. */
function useCredentials() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  // What was typed, or filled in by a password manager, before the app ran.
  const emailField = useValueBeforeStart<HTMLInputElement>(email, setEmail);
  const passwordField = useValueBeforeStart<HTMLInputElement>(password, setPassword);
  return { typed: { email, setEmail, password, setPassword }, fields: { email: emailField, password: passwordField } };
}

/**
 * The sign-in form's state and work: the email address and password typed (`fields`: their
 * inputs), the password reset asked for, and signing in with a provider's popup or the
 * password, which share one busy state and one failure (useAccountAction).
 */
export function useSignIn(onSignedIn: (user: User, method: SignInMethod) => void) {
  const language = useLanguage();
  const { typed, fields } = useCredentials();
  const [reset, setReset] = useState<'sent' | 'needsEmail' | undefined>();
  const { busy, failure, run } = useAccountAction();
  const { email, password, setPassword } = typed;

  const withProvider = (provider: SignInProvider) => {
    if (busy) return;
    void run(
      async () => {
        // Already fetched when the member pointed at the form: the popup opens within the click.
        const api = await loadAuthApi();
        onSignedIn(await api.signInWith(provider, language), provider);
      },
      'signIn',
      provider,
    );
  };

  const withPassword = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    void run(async () => {
      const api = await loadAuthApi();
      const user = await api.signIn(email.trim(), password, language);
      setPassword('');
      onSignedIn(user, 'password');
    }, 'signIn');
  };

  const sendReset = () => {
    if (!email.trim()) {
      setReset('needsEmail');
      return;
    }
    void run(async () => {
      const api = await loadAuthApi();
      // Whether or not an account uses the address, the page says the same (no account probing).
      await api.sendReset(email.trim(), language).catch((error: unknown) => {
        if (accountFailureOf(error, 'signIn') === 'network') throw error;
      });
      setReset('sent');
    }, 'signIn');
  };

  return {
    fields,
    signIn: { ...typed, reset, setReset, busy, failure, withProvider, withPassword, sendReset },
  };
}

/** What the sign-in form shows and does, but its inputs. */
export type SignIn = ReturnType<typeof useSignIn>['signIn'];

/** The sign-in form's inputs, for what was typed before the app ran. */
export type SignInFields = ReturnType<typeof useSignIn>['fields'];
