import { useEffect, useId, useRef, useState, type ChangeEvent, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SupportMailText } from '../../components/support-mail-text';
import {
  contactFields,
  contactLimits,
  emptyContactMessage,
  prefillFromQuery,
  toMailDocument,
  validateContactMessage,
  type ContactField,
  type ContactMessage,
} from './contact-message';
import { preloadMailStore, sendContactMessage } from './api/send-contact-message';
import { MessageSentDialog } from './message-sent-dialog';
import { useHydrated } from '../../hooks/use-hydrated';

type Status = 'idle' | 'sending' | 'sent' | 'failed';

const autoComplete: Record<ContactField, string> = { email: 'email', name: 'name', subject: 'off', message: 'off' };

/**
 * The Contact Us form: four required fields with their limits, checked as the visitor
 * leaves each one and on sending. A sent message opens the "Message sent" dialog and clears
 * the form; a failure is logged, told to the visitor, and keeps everything they typed.
 */
export function ContactForm() {
  const { t, i18n } = useTranslation('pages');
  // The prerendered form cannot send (it would put the message in the address): its button
  // works once the app runs.
  const hydrated = useHydrated();
  const id = useId();
  const [values, setValues] = useState<ContactMessage>(emptyContactMessage);
  const [touched, setTouched] = useState<Partial<Record<ContactField, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [status, setStatus] = useState<Status>('idle');
  const [trap, setTrap] = useState('');
  const fields = useRef<Partial<Record<ContactField, HTMLInputElement | HTMLTextAreaElement | null>>>({});

  // A link may fill in the subject (prefillFromQuery); read once the page has hydrated, as the
  // prerendered form is the same for every address.
  useEffect(() => {
    const { subject } = prefillFromQuery(location.search);
    if (!subject) return;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the address is read once, after hydration
    setValues((current) => (current.subject ? current : { ...current, subject }));
  }, []);

  // Grouping always, so that the prerendered page and every browser write the limits alike:
  // engines disagree on when Italian groups four digits (Node and Chromium "5000", WebKit
  // "5.000"), and a difference makes React throw the page's HTML away while hydrating.
  const number = new Intl.NumberFormat(i18n.language, { useGrouping: 'always' });
  const errors = validateContactMessage(values);
  const shownError = (field: ContactField) => (submitted || touched[field] ? errors[field] : undefined);

  const update = (field: ContactField) => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
  };

  const finish = () => {
    setValues(emptyContactMessage);
    setTouched({});
    setSubmitted(false);
    setTrap('');
    setStatus('sent');
  };

  const submit = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (status === 'sending') return;
    setSubmitted(true);
    const invalid = contactFields.find((field) => errors[field]);
    if (invalid) {
      fields.current[invalid]?.focus();
      return;
    }
    // Only a program fills the hidden field: it is thanked and nothing is stored.
    if (trap !== '') {
      finish();
      return;
    }
    setStatus('sending');
    try {
      await sendContactMessage(toMailDocument(values, i18n.language));
      finish();
    } catch (error) {
      console.error('The contact message could not be sent:', error);
      setStatus('failed');
    }
  };

  return (
    <>
      <form
        className="contact-form"
        noValidate
        aria-busy={status === 'sending'}
        onFocus={() => {
          void preloadMailStore().catch(() => undefined);
        }}
        onSubmit={(event) => {
          void submit(event);
        }}
      >
        <p className="contact-form__required">{t('support.allRequired')}</p>
        {contactFields.map((field) => {
          const error = shownError(field);
          const inputId = `${id}-${field}`;
          const hintId = `${inputId}-hint`;
          const errorId = `${inputId}-error`;
          const common = {
            id: inputId,
            name: field,
            value: values[field],
            onChange: update(field),
            onBlur: () => {
              setTouched((current) => ({ ...current, [field]: true }));
            },
            required: true,
            maxLength: contactLimits[field],
            autoComplete: autoComplete[field],
            'aria-invalid': error ? true : undefined,
            'aria-describedby': error ? `${errorId} ${hintId}` : hintId,
          };
          return (
            <div key={field} className={`contact-form__field${error ? ' contact-form__field--invalid' : ''}`}>
              <label htmlFor={inputId}>{t(`support.fields.${field}`)}</label>
              {field === 'message' ? (
                <textarea
                  {...common}
                  rows={8}
                  ref={(element) => {
                    fields.current[field] = element;
                  }}
                />
              ) : (
                <input
                  {...common}
                  type={field === 'email' ? 'email' : 'text'}
                  inputMode={field === 'email' ? 'email' : undefined}
                  spellCheck={field === 'email' ? false : undefined}
                  ref={(element) => {
                    fields.current[field] = element;
                  }}
                />
              )}
              <div className="contact-form__meta">
                {error ? (
                  <p id={errorId} className="contact-form__error">
                    {t(`support.errors.${error}`, { max: number.format(contactLimits[field]) })}
                  </p>
                ) : (
                  <span />
                )}
                <p id={hintId} className="contact-form__count">
                  {t('support.characters', {
                    used: number.format(values[field].length),
                    max: number.format(contactLimits[field]),
                  })}
                </p>
              </div>
            </div>
          );
        })}
        <div className="contact-form__trap" aria-hidden="true">
          <label htmlFor={`${id}-website`}>{t('support.trap')}</label>
          <input
            id={`${id}-website`}
            name="website"
            type="text"
            tabIndex={-1}
            autoComplete="off"
            value={trap}
            onChange={(event) => {
              setTrap(event.target.value);
            }}
          />
        </div>
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
        <button type="submit" className="button contact-form__send" disabled={!hydrated || status === 'sending'}>
          {status === 'sending' ? t('support.sending') : t('support.send')}
        </button>
      </form>
      <MessageSentDialog
        open={status === 'sent'}
        onClose={() => {
          setStatus('idle');
          fields.current.email?.focus();
        }}
      />
    </>
  );
}
