import { useId } from 'react';
import { Trans } from 'react-i18next';
import { Link } from 'wouter';
import type { User } from 'firebase/auth';
import { paths } from '../../config/paths';
import { site } from '../../config/site';
import { useHydrated } from '../../components/hydration';
import { useAccountTexts } from '../../locales/account';
import type { AccountFailure } from './account-failure';
import { AccountField, AccountProblem, PasswordField } from './account-fields';
import { prepareAuth } from './load-api';
import { signInProviders, type SignInMethod } from './sign-in-method';
import { useSignIn, type SignIn, type SignInFields } from './use-sign-in';
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
  const { signIn, fields } = useSignIn(onSignedIn);
  const prepare = () => {
    prepareAuth(language);
  };

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
            disabled={!hydrated || signIn.busy}
            onClick={() => {
              signIn.withProvider(provider);
            }}
          >
            {t(`account.${provider}`)}
          </button>
        ))}
      </div>
      <PasswordSignIn
        id={id}
        signIn={signIn}
        fields={fields}
        ready={hydrated}
        shown={signIn.failure ?? (expired ? 'recentLogin' : undefined)}
      />
      <p className="form-notice">
        <Trans t={t} i18nKey="account.privacyNotice" components={{ privacy: <Link href={paths.privacy} /> }} />
      </p>
      <Trouble ready={hydrated} signIn={signIn} />
    </section>
  );
}

/**
 * The form for the account's email address and password, with what went wrong (`shown`).
 * `ready`: whether the app runs, without which it cannot sign in.
 */
function PasswordSignIn({
  id,
  signIn,
  fields: { email: emailField, password: passwordField },
  ready,
  shown,
}: {
  id: string;
  signIn: SignIn;
  fields: SignInFields;
  ready: boolean;
  shown: AccountFailure | undefined;
}) {
  const { t } = useAccountTexts();
  return (
    <form className="account__form" noValidate onSubmit={signIn.withPassword} aria-label={t('account.signInTitle')}>
      <p className="account__or">{t('account.orEmail')}</p>
      <AccountField
        id={`${id}-email`}
        label={t('account.email')}
        type="email"
        name="email"
        autoComplete="username"
        ref={emailField}
        value={signIn.email}
        onChange={(email) => {
          signIn.setEmail(email);
          signIn.setReset(undefined);
        }}
      />
      <PasswordField
        id={`${id}-password`}
        label={t('account.password')}
        name="password"
        ref={passwordField}
        value={signIn.password}
        onChange={signIn.setPassword}
      />
      <AccountProblem failure={shown} />
      <button type="submit" className="button" disabled={!ready || signIn.busy}>
        {signIn.busy ? t('account.signingIn') : t('account.signIn')}
      </button>
    </form>
  );
}

/** For a member who cannot sign in: a password reset sent to the address typed, or a request to us. */
function Trouble({ ready, signIn }: { ready: boolean; signIn: SignIn }) {
  const { t } = useAccountTexts();
  const { reset, email } = signIn;
  return (
    <div className="account__trouble">
      <h3>{t('account.troubleTitle')}</h3>
      <p>
        <Trans
          t={t}
          i18nKey="account.forgot"
          components={{
            reset: (
              <button type="button" className="account__link-button" disabled={!ready} onClick={signIn.sendReset} />
            ),
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
  );
}
