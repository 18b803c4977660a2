import { useState } from 'react';
import { Trans } from 'react-i18next';
import { useMemberTexts } from '../../../locales/members';
import { Done } from './done';

/** What a recovery would undo, and the member's choice to undo it. */
export function RecoverAsk({
  email,
  previousEmail,
  onRestore,
}: {
  email: string;
  previousEmail: string | undefined;
  onRestore: () => Promise<void>;
}) {
  const { t } = useMemberTexts();
  const [restoring, setRestoring] = useState(false);
  return (
    <div>
      <p>
        <Trans
          t={t}
          i18nKey={previousEmail ? 'emailAction.recover.ask' : 'emailAction.recover.askNoPrevious'}
          values={{ email, previousEmail }}
          components={{ strong: <strong /> }}
        />
      </p>
      <button
        type="button"
        className="button"
        disabled={restoring}
        onClick={() => {
          setRestoring(true);
          void onRestore().finally(() => setRestoring(false));
        }}
      >
        {restoring ? t('emailAction.recover.restoring') : t('emailAction.recover.restore')}
      </button>
    </div>
  );
}

/** The address is back: say so, and offer to change the password someone else may know. */
export function Recovered({
  email,
  continueUrl,
  onSendReset,
}: {
  email: string;
  continueUrl: string | undefined;
  onSendReset: () => Promise<void>;
}) {
  const { t } = useMemberTexts();
  const [reset, setReset] = useState<'idle' | 'sending' | 'sent' | 'failed'>('idle');
  return (
    <Done heading={t('emailAction.recover.doneTitle')} continueUrl={continueUrl}>
      <p>
        <Trans t={t} i18nKey="emailAction.recover.done" values={{ email }} components={{ strong: <strong /> }} />
      </p>
      <p>{t('emailAction.recover.advice')}</p>
      {reset === 'sent' ? (
        <p role="status">{t('emailAction.recover.sent', { email })}</p>
      ) : (
        <p>
          <button
            type="button"
            className="button"
            disabled={reset === 'sending'}
            onClick={() => {
              setReset('sending');
              onSendReset().then(
                () => setReset('sent'),
                () => setReset('failed'),
              );
            }}
          >
            {reset === 'sending' ? t('emailAction.recover.sending') : t('emailAction.recover.sendReset')}
          </button>
        </p>
      )}
      {reset === 'failed' ? (
        <p className="email-action__problem" role="alert">
          {t('emailAction.recover.sendFailed')}
        </p>
      ) : null}
    </Done>
  );
}
