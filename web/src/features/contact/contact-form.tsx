import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { shownErrors } from './contact-form-state';
import { preloadMailStore } from './api/send-contact-message';
import { AppDetails, MessageFields, TrapField } from './contact-fields';
import { MessageSentDialog } from './message-sent-dialog';
import { PictureField } from './picture-field';
import { SendArea } from './send-area';
import { useDraftedForm, useSending } from './use-contact-form';
import { WaitingMessages } from './waiting-messages';
import { useHydrated } from '../../components/hydration';
import { useLanguage } from '../../locales/language';
import './contact-form.css';

/**
 * The Contact Us form: four required fields with their limits, checked as the visitor
 * leaves each one and on sending, and two optional ones about the app (device and version),
 * which the app can fill in through the address. A sent message opens the "Message sent"
 * dialog with its reference and clears the message (the app's details stay: they describe
 * the visitor's device, not the message); one that got no answer is saved on the phone and
 * sent when the connection returns (./outbox/, its notes: ./waiting-messages.tsx); a failure is logged, told to the visitor, and
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
  const { state, dispatch, form, writtenAbout } = useDraftedForm();
  const { fields, picture, setPicture, submit } = useSending(state, dispatch, { language, writtenAbout, shownNotice });
  const errors = shownErrors(state);

  return (
    <>
      <form
        ref={form}
        className="contact-form"
        noValidate
        aria-busy={state.status === 'sending'}
        onFocus={() => {
          void preloadMailStore().catch(() => undefined);
        }}
        onSubmit={(event) => {
          void submit(event);
        }}
      >
        <p className="contact-form__required">{t('support.allRequired')}</p>
        <MessageFields
          id={id}
          values={state.values}
          errors={errors}
          dispatch={dispatch}
          fields={fields}
          afterMessage={aboutSubject?.(state.values.subject)}
        />
        <PictureField id={`${id}-picture`} choice={picture} onChange={setPicture} />
        <AppDetails id={id} app={state.app} error={errors.appVersion} dispatch={dispatch} fields={fields} />
        <TrapField id={`${id}-website`} value={state.trap} dispatch={dispatch} />
        <SendArea status={state.status} ready={hydrated} />
      </form>
      <MessageSentDialog
        open={state.status === 'sent' || state.status === 'saved'}
        saved={state.status === 'saved'}
        reference={state.reference}
        onClose={() => {
          dispatch({ type: 'dialogClosed' });
          fields.current.email?.focus();
        }}
      />
      <WaitingMessages />
    </>
  );
}
