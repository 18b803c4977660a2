import { useId, useState } from 'react';
import { Trans } from 'react-i18next';
import type { User } from 'firebase/auth';
import { useAccountTexts } from '../../locales/account';
import { DataCopy } from './data-copy';
import { DeleteForm } from './delete-form';
import { loadAuthApi } from './load-api';
import type { SignInMethod } from './sign-in-method';
import { SignInForm } from './sign-in-form';
import { useLanguage } from '../../locales/language';

type Step =
  | { step: 'signIn'; expired: boolean }
  | { step: 'signedIn'; user: User; method: SignInMethod }
  | { step: 'deleted'; email: string };

/**
 * The member's part of the Account page: signing in (Google, Apple, or email and password),
 * then a copy of their data and deleting the account. Only the signed-in account is ever read
 * or deleted, and deleting needs a fresh sign-in the same way and the typed confirmation word.
 */
export function MemberArea({ word }: { word: string }) {
  const language = useLanguage();
  const id = useId();
  const [state, setState] = useState<Step>({ step: 'signIn', expired: false });

  /** Signs the member out: back to signing in, `expired` when the sign-in was too old for what they asked. */
  const leave = (expired: boolean) => {
    void loadAuthApi().then((api) => api.leave(language));
    setState({ step: 'signIn', expired });
  };

  if (state.step === 'deleted') return <Deleted id={id} email={state.email} />;
  if (state.step === 'signIn') {
    return (
      <SignInForm
        expired={state.expired}
        onSignedIn={(user, method) => {
          setState({ step: 'signedIn', user, method });
        }}
      />
    );
  }
  return (
    <div className="account__member">
      <SignedInAs
        user={state.user}
        method={state.method}
        onSignOut={() => {
          leave(false);
        }}
      />
      <DataCopy />
      <DeleteForm
        user={state.user}
        method={state.method}
        word={word}
        onDeleted={(email) => {
          setState({ step: 'deleted', email });
        }}
        onSignInAgain={() => {
          leave(true);
        }}
      />
    </div>
  );
}

/** Who is signed in, and how, with the button that signs them out. */
function SignedInAs({ user, method, onSignOut }: { user: User; method: SignInMethod; onSignOut: () => void }) {
  const { t } = useAccountTexts();
  return (
    <p className="account__who">
      <Trans
        t={t}
        i18nKey="account.signedInWith"
        values={{ email: user.email ?? '', method: t(`account.method.${method}`) }}
        components={{ strong: <strong /> }}
      />{' '}
      <button type="button" className="account__link-button" onClick={onSignOut}>
        {t('account.signOut')}
      </button>
    </p>
  );
}

/** The account is deleted: said once, with the address it was signed in with. */
function Deleted({ id, email }: { id: string; email: string }) {
  const { t } = useAccountTexts();
  return (
    <section className="account__delete" aria-labelledby={`${id}-title`}>
      <div role="status">
        <h2 id={`${id}-title`}>{t('account.doneTitle')}</h2>
        <p>
          <Trans t={t} i18nKey="account.done" values={{ email }} components={{ strong: <strong /> }} />
        </p>
      </div>
    </section>
  );
}
