import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { SupportMailText } from '../../components/support-mail-text';
import { paths } from '../../config/paths';
import { retentionValues } from '../../config/retention';
import type { ContactFormState } from './contact-form-state';

/**
 * The end of the Contact Us form: what went wrong with the last sending, if it failed, the
 * notice of what becomes of the message, and the button, which works once the app runs
 * (`ready`).
 */
export function SendArea({ status, ready }: { status: ContactFormState['status']; ready: boolean }) {
  const { t } = useTranslation('contact');
  return (
    <>
      {status === 'failed' && (
        <div className="contact-form__failure" role="alert">
          <p>
            <strong>{t('support.failed.heading')}</strong>
          </p>
          <p>
            <SupportMailText i18nKey="support.failed.text" />
          </p>
        </div>
      )}
      {/* What happens to what the visitor sends, where they send it (art. 13 GDPR). */}
      <p className="form-notice">
        <Trans
          t={t}
          i18nKey="support.privacyNotice"
          values={retentionValues()}
          components={{ privacy: <Link href={paths.privacy} /> }}
        />
      </p>
      <button type="submit" className="button contact-form__send" disabled={!ready || status === 'sending'}>
        {status === 'sending' ? t('support.sending') : t('support.send')}
      </button>
    </>
  );
}
