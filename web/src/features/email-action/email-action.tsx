import type { ReactNode } from 'react';
import { SupportMailText } from '../../components/support-mail-text';
import { PageHeader } from '../../components/layout/page-header';
import { useMemberTexts } from '../../locales/members';
import { usePageTexts } from '../../locales/pages';
import { useEmailAction } from './use-email-action';
import { Done } from './views/done';
import { FailureView } from './views/failure';
import { RecoverAsk, Recovered } from './views/recover';
import { ResetForm } from './views/reset-form';
import { Checking } from './views/status';

/**
 * The page every Firebase Auth email links to (the project's custom action URL): verifies an
 * address, sets a new password, or restores a changed address, in the member's language. What
 * it does is `useEmailAction`'s; what it shows at each step, `email-action-state.ts`'s view.
 */
export function EmailAction() {
  const { t } = useMemberTexts();
  const { t: page } = usePageTexts();
  const { view, mode, continueUrl, savePassword, restore, sendReset, retry } = useEmailAction();
  const title =
    mode === 'resetPassword'
      ? t('emailAction.reset.title')
      : mode === 'recoverEmail'
        ? t('emailAction.recover.title')
        : mode === 'verifyAndChangeEmail'
          ? t('emailAction.changeTitle')
          : page('emailVerification.title');

  let body: ReactNode;
  switch (view.step) {
    case 'checking':
    case 'verifying':
      body = <Checking step={view.step} />;
      break;
    case 'verified':
      body = (
        <Done heading={page('emailVerification.thanks')} continueUrl={continueUrl} image>
          <p>{mode === 'verifyAndChangeEmail' ? t('emailAction.changed') : page('emailVerification.verified')}</p>
        </Done>
      );
      break;
    case 'resetForm':
      body = <ResetForm email={view.email} rules={view.rules} onSave={savePassword} />;
      break;
    case 'resetDone':
      body = (
        <Done heading={t('emailAction.reset.doneTitle')} continueUrl={continueUrl}>
          <p>{t('emailAction.reset.done')}</p>
        </Done>
      );
      break;
    case 'recoverAsk':
      body = <RecoverAsk email={view.email} previousEmail={view.previousEmail} onRestore={restore} />;
      break;
    case 'recovered':
      body = <Recovered email={view.email} continueUrl={continueUrl} onSendReset={sendReset} />;
      break;
    case 'failed':
      body = <FailureView failure={view.failure} mode={mode} onRetry={mode ? retry : undefined} />;
      break;
  }

  return (
    <>
      <PageHeader title={title} />
      <div className="page page--narrow verification">
        <div className="email-action__body">{body}</div>
        <p className="verification__note">
          <SupportMailText i18nKey="emailVerification.trouble" />
        </p>
      </div>
    </>
  );
}
