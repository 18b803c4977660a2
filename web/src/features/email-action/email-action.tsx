import { SupportMailText } from '../../components/support-mail-text';
import { PageHeader } from '../../components/layout/page-header';
import { useMemberTexts } from '../../locales/members';
import { usePageTexts } from '../../locales/pages';
import { useEmailAction, type EmailAction as ActionState } from './use-email-action';
import { Done } from './views/done';
import { FailureView } from './views/failure';
import { RecoverAsk, Recovered } from './views/recover';
import { ResetForm } from './views/reset-form';
import { Checking } from './views/status';
import './email-action.css';

/**
 * The page every Firebase Auth email links to (the project's custom action URL): verifies an
 * address, sets a new password, or restores a changed address, in the member's language. What
 * it does is `useEmailAction`'s; what it shows at each step, `email-action-state.ts`'s view.
 */
export function EmailAction() {
  const { t } = useMemberTexts();
  const { t: page } = usePageTexts();
  const state = useEmailAction();
  const { mode } = state;
  const title =
    mode === 'resetPassword'
      ? t('emailAction.reset.title')
      : mode === 'recoverEmail'
        ? t('emailAction.recover.title')
        : mode === 'verifyAndChangeEmail'
          ? t('emailAction.changeTitle')
          : page('emailVerification.title');

  return (
    <>
      <PageHeader title={title} />
      <div className="page page--narrow verification">
        <div className="email-action__body">
          <StepView state={state} />
        </div>
        <p className="verification__note">
          <SupportMailText i18nKey="emailVerification.trouble" />
        </p>
      </div>
    </>
  );
}

/** What the page shows at the view's step, with what the member can do there. */
function StepView({ state }: { state: ActionState }) {
  const { t } = useMemberTexts();
  const { t: page } = usePageTexts();
  const { view, mode, continueUrl, savePassword, restore, sendReset, retry } = state;
  switch (view.step) {
    case 'checking':
    case 'verifying':
      return <Checking step={view.step} />;
    case 'verified':
      return (
        <Done heading={page('emailVerification.thanks')} continueUrl={continueUrl} image>
          <p>{mode === 'verifyAndChangeEmail' ? t('emailAction.changed') : page('emailVerification.verified')}</p>
        </Done>
      );
    case 'resetForm':
      return <ResetForm email={view.email} rules={view.rules} onSave={savePassword} />;
    case 'resetDone':
      return (
        <Done heading={t('emailAction.reset.doneTitle')} continueUrl={continueUrl}>
          <p>{t('emailAction.reset.done')}</p>
        </Done>
      );
    case 'recoverAsk':
      return <RecoverAsk email={view.email} previousEmail={view.previousEmail} onRestore={restore} />;
    case 'recovered':
      return <Recovered email={view.email} continueUrl={continueUrl} onSendReset={sendReset} />;
    case 'failed':
      return <FailureView failure={view.failure} mode={mode} onRetry={mode ? retry : undefined} />;
  }
}
