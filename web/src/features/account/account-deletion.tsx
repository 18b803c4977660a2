import { useId, useState, type ReactNode, type SyntheticEvent } from 'react';
import { Trans } from 'react-i18next';
import { Link } from 'wouter';
import type { User } from 'firebase/auth';
import { accountDeletionValues } from '../../config/account';
import type { Language } from '../../config/languages';
import { paths } from '../../config/paths';
import { site } from '../../config/site';
import { useHydrated } from '../../hooks/use-hydrated';
import { useMemberTexts } from '../../locales/members';
import { accountFailureOf, type AccountFailure } from './account-failure';

const loadApi = () => import('./api/account-auth');

type Step = { step: 'signIn' } | { step: 'confirm'; user: User } | { step: 'deleted'; email: string };

/**
 * The Account page's explanation (what deleting means, what is kept and for how long, how to
 * ask) and its deletion form. The explanation is in the prerendered page; the form works once
 * the app runs. Deleting needs the member's password twice (a fresh sign-in) and the typed
 * confirmation word; only the signed-in account can be deleted.
 */
export function AccountDeletion() {
  const { t, i18n } = useMemberTexts();
  const language = i18n.language as Language;
  const values = { ...accountDeletionValues(language), product: site.productName, operator: site.operatorName };
  const word = t('account.word');
  const list = (key: 'account.deleted' | 'account.kept' | 'account.how') =>
    t(key, { ...values, word, returnObjects: true });

  return (
    <div className="page page--narrow account">
      <p className="account__intro">{t('account.intro', values)}</p>

      <section aria-labelledby="account-deleted">
        <h2 id="account-deleted">{t('account.deletedTitle')}</h2>
        <ul>
          {list('account.deleted').map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
        <p>{t('account.deletedWhen', values)}</p>
      </section>

      <section aria-labelledby="account-kept">
        <h2 id="account-kept">{t('account.keptTitle')}</h2>
        <ul>
          {list('account.kept').map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
        <p className="account__warning">{t('account.subscription')}</p>
        <p className="account__warning">
          <strong>{t('account.final')}</strong>
        </p>
      </section>

      <section aria-labelledby="account-how">
        <h2 id="account-how">{t('account.howTitle')}</h2>
        <ol>
          {list('account.how').map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ol>
        <p>{t('account.otherWays', values)}</p>
      </section>

      <DeletionForm word={word} appPath={values.appPath} />
    </div>
  );
}

/** Sign in, confirm, delete; or the ways to ask when signing in is not possible. */
function DeletionForm({ word, appPath }: { word: string; appPath: string }) {
  const { t, i18n } = useMemberTexts();
  const language = i18n.language as Language;
  const hydrated = useHydrated();
  const id = useId();
  const [state, setState] = useState<Step>({ step: 'signIn' });
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [again, setAgain] = useState('');
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<AccountFailure | 'wordMissing' | undefined>();
  const [reset, setReset] = useState<'sent' | 'needsEmail' | undefined>();

  const run = async (work: () => Promise<void>, step: 'signIn' | 'confirm') => {
    setBusy(true);
    setFailure(undefined);
    try {
      await work();
    } catch (error) {
      const found = accountFailureOf(error, step);
      setFailure(found);
      // A sign-in too old to delete with: back to signing in.
      if (found === 'recentLogin') {
        setState({ step: 'signIn' });
        setAgain('');
        setTyped('');
      }
    } finally {
      setBusy(false);
    }
  };

  const signIn = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    void run(async () => {
      const api = await loadApi();
      const user = await api.signIn(email.trim(), password, language);
      setPassword('');
      setState({ step: 'confirm', user });
    }, 'signIn');
  };

  const remove = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy || state.step !== 'confirm') return;
    if (typed.trim().toLocaleUpperCase(language) !== word) {
      setFailure('wordMissing');
      return;
    }
    const { user } = state;
    void run(async () => {
      const api = await loadApi();
      await api.deleteAccount(user, again);
      setState({ step: 'deleted', email: user.email ?? '' });
    }, 'confirm');
  };

  const sendReset = () => {
    if (!email.trim()) {
      setReset('needsEmail');
      return;
    }
    void run(async () => {
      const api = await loadApi();
      // Whether or not an account uses the address, the page says the same (no account probing).
      await api.sendReset(email.trim(), language).catch((error: unknown) => {
        if (accountFailureOf(error, 'signIn') === 'network') throw error;
      });
      setReset('sent');
    }, 'signIn');
  };

  const problem = failure ? (
    <p className="account__problem" role="alert">
      {failure === 'wordMissing' ? t('account.wordMissing', { word }) : t(`account.failure.${failure}`)}
    </p>
  ) : null;

  let body: ReactNode;
  if (state.step === 'deleted') {
    body = (
      <div role="status">
        <h2 id={`${id}-title`}>{t('account.doneTitle')}</h2>
        <p>
          <Trans t={t} i18nKey="account.done" values={{ email: state.email }} components={{ strong: <strong /> }} />
        </p>
      </div>
    );
  } else if (state.step === 'confirm') {
    body = (
      <form className="account__form" noValidate onSubmit={remove}>
        <h2 id={`${id}-title`}>{t('account.formTitle')}</h2>
        <p>
          <Trans
            t={t}
            i18nKey="account.signedInAs"
            values={{ email: state.user.email ?? '' }}
            components={{ strong: <strong /> }}
          />
        </p>
        <input type="email" name="username" autoComplete="username" value={state.user.email ?? ''} readOnly hidden />
        <Field id={`${id}-again`} label={t('account.passwordAgain')}>
          <input
            id={`${id}-again`}
            name="confirm-password"
            type="password"
            autoComplete="current-password"
            required
            value={again}
            onChange={(event) => setAgain(event.target.value)}
          />
        </Field>
        <Field id={`${id}-word`} label={t('account.typeWord', { word })}>
          <input
            id={`${id}-word`}
            name="confirm-word"
            type="text"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            required
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
          />
        </Field>
        {problem}
        <div className="account__actions">
          <button type="submit" className="button button--danger" disabled={busy}>
            {busy ? t('account.deleting') : t('account.delete')}
          </button>
          <button
            type="button"
            className="account__link-button"
            onClick={() => {
              void loadApi().then((api) => api.leave(language));
              setState({ step: 'signIn' });
              setAgain('');
              setTyped('');
              setFailure(undefined);
            }}
          >
            {t('account.signOut')}
          </button>
        </div>
      </form>
    );
  } else {
    body = (
      <form className="account__form" noValidate onSubmit={signIn} aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`}>{t('account.formTitle')}</h2>
        <Field id={`${id}-email`} label={t('account.email')}>
          <input
            id={`${id}-email`}
            type="email"
            name="email"
            autoComplete="username"
            required
            value={email}
            onChange={(event) => {
              setEmail(event.target.value);
              setReset(undefined);
            }}
          />
        </Field>
        <Field id={`${id}-password`} label={t('account.password')}>
          <input
            id={`${id}-password`}
            type="password"
            name="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        </Field>
        {problem}
        <button type="submit" className="button" disabled={!hydrated || busy}>
          {busy ? t('account.signingIn') : t('account.signIn')}
        </button>
        <p className="account__note">{t('account.otherProvider', { appPath })}</p>
      </form>
    );
  }

  return (
    <section className="account__delete" aria-labelledby={`${id}-title`}>
      {body}
      {state.step === 'signIn' ? (
        <div className="account__trouble">
          <h3>{t('account.troubleTitle')}</h3>
          <p>
            <Trans
              t={t}
              i18nKey="account.forgot"
              components={{
                reset: (
                  <button type="button" className="account__link-button" disabled={!hydrated} onClick={sendReset} />
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
            <Trans
              t={t}
              i18nKey="account.lostAccess"
              components={{
                contact: <Link href={`${paths.support}?subject=${encodeURIComponent(t('account.contactSubject'))}`} />,
              }}
            />
          </p>
        </div>
      ) : null}
    </section>
  );
}

function Field({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="account__field">
      <label htmlFor={id}>{label}</label>
      {children}
    </div>
  );
}
