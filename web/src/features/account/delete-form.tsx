import { useId, useState, type SyntheticEvent } from 'react';
import type { User } from 'firebase/auth';
import { useAccountTexts } from '../../locales/account';
import { AccountField, AccountProblem, PasswordField } from './account-fields';
import { loadAuthApi } from './load-api';
import type { SignInMethod } from './sign-in-method';
import { useAccountAction } from './use-account-action';
import { useLanguage } from '../../locales/language';

type DeleteFormProps = {
  user: User;
  method: SignInMethod;
  word: string;
  onDeleted: (email: string) => void;
  onSignInAgain: () => void;
};

/**
 * Deleting the signed-in account: the typed confirmation word and a fresh sign-in the way the
 * member signed in (the password again, or the same provider's popup when they press Delete).
 */
export function DeleteForm(props: DeleteFormProps) {
  const { user, method, word } = props;
  const { t } = useAccountTexts();
  const id = useId();
  const [again, setAgain] = useState('');
  const [typed, setTyped] = useState('');
  const { busy, failure, remove } = useDeletion(props, again, typed);

  return (
    <section className="account__delete" aria-labelledby={`${id}-title`}>
      <form className="account__form" noValidate onSubmit={remove}>
        <h2 id={`${id}-title`}>{t('account.formTitle')}</h2>
        <FreshSignIn id={`${id}-again`} email={user.email ?? ''} method={method} again={again} onChange={setAgain} />
        <AccountField
          id={`${id}-word`}
          label={t('account.typeWord', { word })}
          name="confirm-word"
          type="text"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          value={typed}
          onChange={setTyped}
        />
        <AccountProblem failure={failure === 'wordMissing' ? { text: t('account.wordMissing', { word }) } : failure} />
        <button type="submit" className="button button--danger" disabled={busy}>
          {busy ? t('account.deleting') : t('account.delete')}
        </button>
      </form>
    </section>
  );
}

/** What confirms the deletion besides the word: the password again, or the provider's popup on Delete. */
function FreshSignIn({
  id,
  email,
  method,
  again,
  onChange,
}: {
  id: string;
  email: string;
  method: SignInMethod;
  again: string;
  onChange: (again: string) => void;
}) {
  const { t } = useAccountTexts();
  if (method !== 'password') return <p>{t('account.confirmWith', { method: t(`account.method.${method}`) })}</p>;
  return (
    <>
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <PasswordField
        id={id}
        label={t('account.passwordAgain')}
        name="confirm-password"
        value={again}
        onChange={onChange}
      />
    </>
  );
}

/**
 * The form's submit: the typed word first (in capitals as the page's language writes them),
 * then the deletion with the fresh sign-in, `again` being the password typed for it.
 */
function useDeletion({ user, method, word, onDeleted, onSignInAgain }: DeleteFormProps, again: string, typed: string) {
  const language = useLanguage();
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
  return { busy, failure, remove };
}
