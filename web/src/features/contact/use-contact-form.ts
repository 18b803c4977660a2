import { useEffect, useReducer, useRef, useState, type Dispatch, type RefObject, type SyntheticEvent } from 'react';
import type { Language } from '../../config/languages';
import { articlesToName, searchesToName } from '../../visit/contact-link';
import { sendContactMessage } from './api/send-contact-message';
import type { SendResult } from './outbox/outbox';
import { buildContactMessage, prefillFromQuery, type AppContext, type ContactValues } from './contact-message';
import {
  firstInvalid,
  initialContactForm,
  next,
  type CheckedField,
  type ContactFormEvent,
  type ContactFormState,
} from './contact-form-state';
import { draftInFields, emptyDraft, isEmptyDraft, readDraft, saveDraft, sessionStore } from './draft';
import { putBackEvent, type PutBack } from './outbox/put-back';
import { noPicture } from './picture-field';
import type { PictureChoice } from './picture/picture-choice';

/** The elements of the fields whose errors show, to move the focus to one. */
export type CheckedFields = Partial<Record<CheckedField, HTMLInputElement | HTMLTextAreaElement | null>>;

/**
 * The form's state, kept in the tab as it changes (./draft.ts). Once the page has hydrated (the
 * prerendered form is the same for every address and every visitor): what the fields took
 * before the app ran stays, what the visitor typed before leaving the page comes back, and a
 * link may fill in the subject, the device and the app version where they are still empty
 * (prefillFromQuery: nothing typed is replaced).
 */
export function useDraftedForm() {
  const [state, dispatch] = useReducer(next, initialContactForm);
  const { values, app, restored } = state;
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
  useTakingBack(state, dispatch);
  return { state, dispatch, form, writtenAbout };
}

/**
 * Takes a refused message back from the outbox's note (outbox/put-back.ts) while the form is
 * empty; refuses it while the form holds another.
 */
function useTakingBack(state: ContactFormState, dispatch: Dispatch<ContactFormEvent>) {
  const { restored, values, app } = state;
  useEffect(() => {
    const take = (event: Event) => {
      const offer = (event as CustomEvent<PutBack>).detail;
      if (!restored) return;
      if (!isEmptyDraft({ values, app })) {
        event.preventDefault();
        return;
      }
      offer.taken = true;
      dispatch({ type: 'restored', inFields: emptyDraft, draft: offer.draft, prefill: {} });
    };
    window.addEventListener(putBackEvent, take);
    return () => window.removeEventListener(putBackEvent, take);
  }, [restored, values, app, dispatch]);
}

/** What sending reads besides the form's state. */
type SendingContext = {
  language: Language;
  writtenAbout: RefObject<string | undefined>;
  /** The id of the known problem the page shows, which the message names. */
  shownNotice: (() => string | undefined) | undefined;
};

/**
 * Sending the form: checks it first (the focus goes to the first field in the way), thanks a
 * program that filled the hidden field without storing anything, and otherwise sends the
 * message with its picture. Holds the picture the message may carry and the checked fields'
 * elements.
 */
export function useSending(state: ContactFormState, dispatch: Dispatch<ContactFormEvent>, context: SendingContext) {
  const fields = useRef<CheckedFields>({});
  // The one picture the message may carry: not in the draft (it is not text, and a tab's
  // storage is small), so a visitor who leaves the page chooses it again.
  const [picture, setPicture] = useState<PictureChoice>(noPicture);

  const submit = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (state.status === 'sending') return;
    dispatch({ type: 'submitted' });
    const invalid = firstInvalid(state);
    if (invalid) {
      fields.current[invalid]?.focus();
      return;
    }
    // Only a program fills the hidden field: it is thanked and nothing is stored.
    if (state.trap !== '') {
      dispatch({ type: 'sent' });
      return;
    }
    dispatch({ type: 'sending' });
    try {
      const result = await send(state.values, state.app, picture, context);
      if (result.state === 'refused') throw new Error('The database refused the message');
      setPicture(noPicture);
      dispatch(result.state === 'received' ? { type: 'sent', reference: result.reference } : { type: 'saved' });
    } catch (error) {
      console.error('The contact message could not be sent:', error);
      dispatch({ type: 'failed' });
    }
  };
  return { fields, picture, setPicture, submit };
}

/** Sends the message with the picture's bytes, if it carries one: received (with its reference), saved on the phone, or refused. */
async function send(
  values: ContactValues,
  app: AppContext,
  picture: PictureChoice,
  { language, writtenAbout, shownNotice }: SendingContext,
): Promise<SendResult> {
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
  return sendContactMessage(message, bytes);
}
