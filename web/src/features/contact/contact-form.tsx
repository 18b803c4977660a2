import {
  useEffect,
  useId,
  useReducer,
  useRef,
  useState,
  type ChangeEvent,
  type ReactNode,
  type SyntheticEvent,
} from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { SupportMailText } from '../../components/support-mail-text';
import { referenceFor } from '@contracts/contact-message';
import {
  buildContactMessage,
  contactLimits,
  formFields,
  maxAppVersionLength,
  platforms,
  prefillFromQuery,
  type ContactField,
  type Platform,
} from './contact-message';
import { firstInvalid, initialContactForm, next, shownErrors, type CheckedField } from './contact-form-state';
import { preloadMailStore, sendContactMessage } from './api/send-contact-message';
import { MessageSentDialog } from './message-sent-dialog';
import { noPicture, PictureField } from './picture-field';
import type { PictureChoice } from './picture/picture-choice';
import { draftInFields, readDraft, saveDraft, sessionStore } from './draft';
import { useHydrated } from '../../components/hydration';
import { formatCount } from '../../config/formatted';
import { retentionValues } from '../../config/retention';
import { paths } from '../../config/paths';
import { useLanguage } from '../../locales/language';
import { TextField } from '../../components/forms/text-field';
import { articlesToName, searchesToName } from '../../visit/contact-link';

const autoComplete: Record<ContactField, string> = { email: 'email', name: 'name', subject: 'off', message: 'off' };

/**
 * The Contact Us form: four required fields with their limits, checked as the visitor
 * leaves each one and on sending, and two optional ones about the app (device and version),
 * which the app can fill in through the address. A sent message opens the "Message sent"
 * dialog with its reference and clears the message (the app's details stay: they describe
 * the visitor's device, not the message); a failure is logged, told to the visitor, and
 * keeps everything they typed. What is typed is kept in the tab (./draft.ts) until it is
 * sent, so a visitor who follows a link and comes back finds the form as they left it.
 * `aboutSubject` shows what the page has to say about the subject as it is typed (the
 * support page: help articles that may answer it), after the message: a visitor who types
 * the subject and tabs on reaches the message, never a link that appeared meanwhile, and
 * meets the answers once written, before sending (a screen reader hears them as they come).
 * `shownNotice` gives the id of the known problem the page shows when the message is sent,
 * which the message names (the support page: features/notices/notice-store.ts).
 */
export function ContactForm({
  aboutSubject,
  shownNotice,
}: {
  aboutSubject?: (subject: string) => ReactNode;
  shownNotice?: () => string | undefined;
} = {}) {
  const { t } = useTranslation('contact');
  const language = useLanguage();
  // The prerendered form cannot send (it would put the message in the address): its button
  // works once the app runs.
  const hydrated = useHydrated();
  const id = useId();
  const [state, dispatch] = useReducer(next, initialContactForm);
  const { values, app, status, trap, reference, restored } = state;
  const fields = useRef<Partial<Record<CheckedField, HTMLInputElement | HTMLTextAreaElement | null>>>({});
  // The one picture the message may carry: not in the draft (it is not text, and a tab's
  // storage is small), so a visitor who leaves the page chooses it again.
  const [picture, setPicture] = useState<PictureChoice>(noPicture);

  // Once the page has hydrated (the prerendered form is the same for every address and every
  // visitor): what the fields took before the app ran stays, what the visitor typed before
  // leaving the page comes back, and a link may fill in the subject, the device and the app
  // version where they are still empty (prefillFromQuery: nothing typed is replaced).
  const form = useRef<HTMLFormElement>(null);
  // The help article a link to the form was about (`?article=`): the message names it first.
  const writtenAbout = useRef<string | undefined>(undefined);
  useEffect(() => {
    const prefill = prefillFromQuery(location.search);
    writtenAbout.current = prefill.article;
    dispatch({ type: 'restored', inFields: draftInFields(form.current), draft: readDraft(sessionStore()), prefill });
  }, []);
  useEffect(() => {
    if (restored) saveDraft(sessionStore(), { values, app });
  }, [restored, values, app]);

  // Grouping always, so that the prerendered page and every browser write the limits alike:
  // engines disagree on when Italian groups four digits (Node and Chromium "5000", WebKit
  // "5.000"), and a difference makes React throw the page's HTML away while hydrating.
  const count = (value: number) => formatCount(language, value);
  const errors = shownErrors(state);

  const submit = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (status === 'sending') return;
    dispatch({ type: 'submitted' });
    const invalid = firstInvalid(state);
    if (invalid) {
      fields.current[invalid]?.focus();
      return;
    }
    // Only a program fills the hidden field: it is thanked and nothing is stored.
    if (trap !== '') {
      dispatch({ type: 'sent' });
      return;
    }
    dispatch({ type: 'sending' });
    try {
      // A picture still being prepared is waited for; one that could not be is left out, as
      // the form says under its button.
      const prepared =
        picture.status === 'preparing' ? await picture.ready : picture.status === 'done' ? picture : undefined;
      const bytes = prepared?.ok ? prepared.picture.bytes : undefined;
      // A message written while a known problem is shown names it: the team reads it with the
      // others. It names the help articles read and the searches made before writing too.
      const notice = shownNotice?.();
      const articles = articlesToName(writtenAbout.current);
      const searches = searchesToName();
      const message = buildContactMessage({
        ...values,
        ...app,
        language,
        articles,
        searches,
        ...(notice ? { notice } : {}),
      });
      const id = await sendContactMessage(message, bytes);
      setPicture(noPicture);
      dispatch({ type: 'sent', reference: referenceFor(id) });
    } catch (error) {
      console.error('The contact message could not be sent:', error);
      dispatch({ type: 'failed' });
    }
  };

  return (
    <>
      <form
        ref={form}
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
        {formFields.map((field) => {
          const error = errors[field];
          const common = {
            id: `${id}-${field}`,
            label: t(`support.fields.${field}`),
            error: error && t(`support.errors.${error}`, { max: count(contactLimits[field]) }),
            counter: t('support.characters', {
              used: count(values[field].length),
              max: count(contactLimits[field]),
            }),
            name: field,
            value: values[field],
            onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
              dispatch({ type: 'typed', field, value: event.target.value });
            },
            onBlur: () => {
              dispatch({ type: 'left', field });
            },
            required: true,
            maxLength: contactLimits[field],
            autoComplete: autoComplete[field],
          };
          return field === 'message' ? (
            <TextField
              key={field}
              {...common}
              multiline
              rows={8}
              ref={(element) => {
                fields.current[field] = element;
              }}
              after={aboutSubject?.(values.subject)}
            />
          ) : (
            <TextField
              key={field}
              {...common}
              type={field === 'email' ? 'email' : 'text'}
              inputMode={field === 'email' ? 'email' : undefined}
              spellCheck={field === 'email' ? false : undefined}
              ref={(element) => {
                fields.current[field] = element;
              }}
            />
          );
        })}
        <PictureField id={`${id}-picture`} choice={picture} onChange={setPicture} />
        <fieldset className="contact-form__app" aria-describedby={`${id}-app-hint`}>
          <legend>{t('support.app.legend')}</legend>
          <p id={`${id}-app-hint`} className="field__hint">
            {t('support.app.hint')}
          </p>
          <div className="contact-form__app-fields">
            <div className="field">
              <label htmlFor={`${id}-platform`} className="field__label">
                {t('support.app.platform')}
              </label>
              <select
                id={`${id}-platform`}
                className="field__control"
                name="platform"
                value={app.platform}
                onChange={(event) => {
                  dispatch({ type: 'appChanged', app: { platform: event.target.value as Platform | '' } });
                }}
              >
                <option value="">{t('support.app.platforms.none')}</option>
                {platforms.map((platform) => (
                  <option key={platform} value={platform}>
                    {t(`support.app.platforms.${platform}`)}
                  </option>
                ))}
              </select>
            </div>
            <TextField
              id={`${id}-version`}
              label={t('support.app.version')}
              error={errors.appVersion && t(`support.errors.${errors.appVersion}`, { max: count(maxAppVersionLength) })}
              hint={t('support.app.versionHint')}
              ref={(element) => {
                fields.current.appVersion = element;
              }}
              name="appVersion"
              type="text"
              value={app.appVersion}
              maxLength={maxAppVersionLength}
              autoComplete="off"
              spellCheck={false}
              onChange={(event) => {
                dispatch({ type: 'appChanged', app: { appVersion: event.target.value } });
              }}
              onBlur={() => {
                dispatch({ type: 'left', field: 'appVersion' });
              }}
            />
          </div>
        </fieldset>
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
              dispatch({ type: 'trapFilled', value: event.target.value });
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
        {/* What happens to what the visitor sends, where they send it (art. 13 GDPR). */}
        <p className="form-notice">
          <Trans
            t={t}
            i18nKey="support.privacyNotice"
            values={retentionValues()}
            components={{ privacy: <Link href={paths.privacy} /> }}
          />
        </p>
        <button type="submit" className="button contact-form__send" disabled={!hydrated || status === 'sending'}>
          {status === 'sending' ? t('support.sending') : t('support.send')}
        </button>
      </form>
      <MessageSentDialog
        open={status === 'sent'}
        reference={reference}
        onClose={() => {
          dispatch({ type: 'dialogClosed' });
          fields.current.email?.focus();
        }}
      />
    </>
  );
}
