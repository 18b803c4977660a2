import { useMemberTexts } from '../../../locales/members';
import { retryable, type Failure } from '../action-failure';
import type { ActionMode } from '../action-link';

/** What went wrong, in the member's words, and a way to try again where trying again can help. */
export function FailureView({
  failure,
  mode,
  onRetry,
}: {
  failure: Failure;
  mode: ActionMode | undefined;
  onRetry: (() => void) | undefined;
}) {
  const { t } = useMemberTexts();
  return (
    <div className="email-action__failure" role="alert">
      <h2>{t(`emailAction.failure.${failure}.title`)}</h2>
      <p>
        {failure === 'used'
          ? t(`emailAction.failure.used.${mode ?? 'verifyEmail'}`)
          : t(`emailAction.failure.${failure}.text`)}
      </p>
      {retryable.has(failure) && onRetry ? (
        <button type="button" className="button" onClick={onRetry}>
          {t('emailAction.failure.retry')}
        </button>
      ) : null}
    </div>
  );
}
