import { useId, useState, type SyntheticEvent } from 'react';
import type { User } from 'firebase/auth';
import { useAccountTexts } from '../../locales/account';
import { TextField } from '../../components/forms/text-field';
import { AccountProblem, PasswordField } from './account-fields';
import { loadAuthApi } from './load-api';
import type { SignInMethod } from './sign-in-method';
import { useAccountAction } from './use-account-action';
import { useLanguage } from '../../locales/language';

/**
 * Deleting the signed-in account: the typed confirmation word and a fresh sign-in the way the
 * member signed in (the password again, or the same provider's popup when they press Delete).
 */
export function DeleteForm({
  user,
  method,
  word,
  onDeleted,
  onSignInAgain,
}: {
  user: User;
  method: SignInMethod;
  word: string;
  onDeleted: (email: string) => void;
  onSignInAgain: () => void;
}) {
  const { t } = useAccountTexts();
  const language = useLanguage();
  const id = useId();
  const [again, setAgain] = useState('');
  const [typed, setTyped] = useState('');
  const { busy, failure, setFailure, run } = useAccountAction<'wordMissing'>();

  const remove = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    if (typed.trim().toLocaleUpperCase(language) !== word) {
      setFailure('wordMissing');
      return;
    }
    void run(
      async () => {
        const api = await loadAuthApi();
        await api.deleteAccount(user, method, again, language);
        onDeleted(user.email ?? '');
      },
      'confirm',
      method,
    ).then((found) => {
      // A sign-in too old to delete with: back to signing in.
      if (found === 'recentLogin') onSignInAgain();
    });
  };

  return (
    <section className="account__delete" aria-labelledby={`${id}-title`}>
      <form className="account__form" noValidate onSubmit={remove}>
        <h2 id={`${id}-title`}>{t('account.formTitle')}</h2>
        {method === 'password' ? (
          <>
            <input type="email" name="username" autoComplete="username" value={user.email ?? ''} readOnly hidden />
            <PasswordField
              id={`${id}-again`}
              label={t('account.passwordAgain')}
              name="confirm-password"
              value={again}
              onChange={setAgain}
            />
          </>
        ) : (
          <p>{t('account.confirmWith', { method: t(`account.method.${method}`) })}</p>
        )}
        <TextField
          required
          id={`${id}-word`}
          label={t('account.typeWord', { word })}
          name="confirm-word"
          type="text"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          value={typed}
          onChange={(event) => {
            setTyped(event.target.value);
          }}
        />
        <AccountProblem failure={failure === 'wordMissing' ? { text: t('account.wordMissing', { word }) } : failure} />
        <button type="submit" className="button button--danger" disabled={busy}>
          {busy ? t('account.deleting') : t('account.delete')}
        </button>
      </form>
    </section>
  );
}
