import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import './message-sent-dialog.css';

/**
 * The "Message sent" confirmation, a modal dialog: the spec's text, then the message's
 * reference (when it was stored). Or, when no answer came and the message waits on the phone
 * (`saved`), what becomes of it, and Safari's habit of deleting a site's storage. Focus moves to its Ok button (its only control, so the
 * browser's showModal picks it), Escape or Ok closes it, and the page behind cannot be
 * reached while it is open.
 */
export function MessageSentDialog({
  open,
  saved,
  reference,
  onClose,
}: {
  open: boolean;
  saved: boolean;
  reference?: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('contact');
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  return (
    <dialog
      ref={dialog}
      className="dialog"
      aria-labelledby="message-sent-title"
      aria-describedby={reference ? 'message-sent-text message-sent-reference' : 'message-sent-text'}
      onClose={onClose}
    >
      <h2 id="message-sent-title">{saved ? t('support.saved.title') : t('support.sent.title')}</h2>
      {saved ? (
        <div id="message-sent-text">
          <p>{t('support.saved.text')}</p>
          <p className="dialog__note">{t('support.saved.safari')}</p>
        </div>
      ) : (
        <p id="message-sent-text">{t('support.sent.text')}</p>
      )}
      {reference && !saved && (
        <div id="message-sent-reference" className="dialog__reference">
          <p>
            {t('support.sent.reference')} <strong className="dialog__reference-code">{reference}</strong>
          </p>
          <p className="dialog__note">{t('support.sent.referenceHint')}</p>
        </div>
      )}
      <button
        type="button"
        className="button"
        onClick={() => {
          dialog.current?.close();
        }}
      >
        {t('support.sent.ok')}
      </button>
    </dialog>
  );
}
