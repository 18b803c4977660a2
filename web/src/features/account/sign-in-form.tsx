import { useId, useState, type SyntheticEvent } from 'react';
import { Trans } from 'react-i18next';
import { Link } from 'wouter';
import type { User } from 'firebase/auth';
import { paths } from '../../config/paths';
import { site } from '../../config/site';
import { useHydrated } from '../../components/hydration';
import { useAccountTexts } from '../../locales/account';
import { TextField } from '../../components/forms/text-field';
import { useValueBeforeStart } from '../../hooks/use-value-before-start';
import { accountFailureOf } from './account-failure';
import { AccountProblem, PasswordField } from './account-fields';
import { loadAuthApi, prepareAuth } from './load-api';
import { signInProviders, type SignInMethod, type SignInProvider } from './sign-in-method';
import { useAccountAction } from './use-account-action';
import { useLanguage } from '../../locales/language';

/**
 * Signing in: Google or Apple (a popup of theirs), or the account's email address and
 * password; and, for a member who cannot, a password reset or the way to ask us. `expired`:
 * the member was sent back here because their sign-in had become too old.
 */
export function SignInForm({
  expired,
  onSignedIn,
}: {
  expired: boolean;
  onSignedIn: (user: User, method: SignInMethod) => void;
}) {
  const { t } = useAccountTexts();
  const language = useLanguage();
  const hydrated = useHydrated();
  const id = useId();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  // What was typed, or filled in by a password manager, before the app ran.
  const emailField = useValueBeforeStart<HTMLInputElement>(email, setEmail);
  const passwordField = useValueBeforeStart<HTMLInputElement>(password, setPassword);
  const [reset, setReset] = useState<'sent' | 'needsEmail' | undefined>();
  const { busy, failure, run } = useAccountAction();
  const prepare = () => {
    prepareAuth(language);
  };

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

  const shown = failure ?? (expired ? 'recentLogin' : undefined);
  return (
    <section
      className="account__delete"
      aria-labelledby={`${id}-title`}
      onPointerEnter={prepare}
      onPointerDown={prepare}
      onFocus={prepare}
    >
      <h2 id={`${id}-title`}>{t('account.signInTitle')}</h2>
      <div className="account__providers">
        {signInProviders.map((provider) => (
          <button
            key={provider}
            type="button"
            className={`button account__provider account__provider--${provider}`}
            disabled={!hydrated || busy}
            onClick={() => {
              withProvider(provider);
            }}
          >
            {t(`account.${provider}`)}
          </button>
        ))}
      </div>
      <form className="account__form" noValidate onSubmit={withPassword} aria-label={t('account.signInTitle')}>
        <p className="account__or">{t('account.orEmail')}</p>
        <TextField
          required
          id={`${id}-email`}
          label={t('account.email')}
          type="email"
          name="email"
          autoComplete="username"
          ref={emailField}
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
            setReset(undefined);
          }}
        />
        <PasswordField
          id={`${id}-password`}
          label={t('account.password')}
          name="password"
          ref={passwordField}
          value={password}
          onChange={setPassword}
        />
        <AccountProblem failure={shown} />
        <button type="submit" className="button" disabled={!hydrated || busy}>
          {busy ? t('account.signingIn') : t('account.signIn')}
        </button>
      </form>
      <p className="form-notice">
        <Trans t={t} i18nKey="account.privacyNotice" components={{ privacy: <Link href={paths.privacy} /> }} />
      </p>
      <div className="account__trouble">
        <h3>{t('account.troubleTitle')}</h3>
        <p>
          <Trans
            t={t}
            i18nKey="account.forgot"
            components={{
              reset: <button type="button" className="account__link-button" disabled={!hydrated} onClick={sendReset} />,
            }}
          />
        </p>
        {reset ? (
          <p role="status">
            {reset === 'sent' ? t('account.resetSent', { email: email.trim() }) : t('account.resetNeedsEmail')}
          </p>
        ) : null}
        <p>
          {/* A request about the account's data goes to the one address for such requests,
              with the subject filled in. */}
          <Trans
            t={t}
            i18nKey="account.lostAccess"
            values={{ privacyEmail: site.company.dataProtectionEmail }}
            components={{
              contact: (
                <a
                  href={`mailto:${site.company.dataProtectionEmail}?subject=${encodeURIComponent(t('account.contactSubject'))}`}
                />
              ),
            }}
          />
        </p>
      </div>
    </section>
  );
}
