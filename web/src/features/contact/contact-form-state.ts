import {
  emptyAppContext,
  emptyContactValues,
  formFields,
  validateAppVersion,
  validateContactValues,
  type AppContext,
  type ContactField,
  type ContactValues,
  type FieldError,
  type Prefill,
} from './contact-message';
import type { Draft } from './draft';

/** A field whose error shows once the visitor has left it: the four required ones and the app's version. */
export type CheckedField = ContactField | 'appVersion';

/** Everything the Contact Us form remembers between renders. */
export type ContactFormState = {
  values: ContactValues;
  app: AppContext;
  /** The fields the visitor has left (their errors show from then on). */
  left: ReadonlySet<CheckedField>;
  /** Whether sending was tried: every error shows. */
  submitted: boolean;
  status: 'idle' | 'sending' | 'sent' | 'failed';
  /** The hidden field only a program fills. */
  trap: string;
  /** The sent message's reference, for the "Message sent" dialog. */
  reference?: string;
  /** Whether the tab's draft and the address have been read (after hydration): only then is the draft saved. */
  restored: boolean;
};

export type ContactFormEvent =
  | { type: 'restored'; inFields: Draft; draft: Draft | undefined; prefill: Prefill }
  | { type: 'typed'; field: ContactField; value: string }
  | { type: 'appChanged'; app: Partial<AppContext> }
  | { type: 'left'; field: CheckedField }
  | { type: 'trapFilled'; value: string }
  | { type: 'submitted' }
  | { type: 'sending' }
  | { type: 'sent'; reference?: string }
  | { type: 'failed' }
  | { type: 'dialogClosed' };

export const initialContactForm: ContactFormState = {
  values: emptyContactValues,
  app: emptyAppContext,
  left: new Set(),
  submitted: false,
  status: 'idle',
  trap: '',
  restored: false,
};

/** The form after `event` (pure: the component and the unit tests drive it alike). */
export function next(state: ContactFormState, event: ContactFormEvent): ContactFormState {
  switch (event.type) {
    case 'restored': {
      // Field by field: what the fields already hold (typed before the app ran) stays, the
      // tab's draft fills in the rest, and the address what is still empty.
      const { inFields, draft, prefill } = event;
      const values = Object.fromEntries(
        formFields.map((field) => [
          field,
          inFields.values[field] || draft?.values[field] || (field === 'subject' ? prefill.subject : '') || '',
        ]),
      ) as ContactValues;
      return {
        ...state,
        restored: true,
        values,
        app: {
          platform: inFields.app.platform || draft?.app.platform || prefill.platform || '',
          appVersion: inFields.app.appVersion || draft?.app.appVersion || prefill.appVersion || '',
        },
      };
    }
    case 'typed':
      return { ...state, values: { ...state.values, [event.field]: event.value } };
    case 'appChanged':
      return { ...state, app: { ...state.app, ...event.app } };
    case 'left':
      return state.left.has(event.field) ? state : { ...state, left: new Set([...state.left, event.field]) };
    case 'trapFilled':
      return { ...state, trap: event.value };
    case 'submitted':
      return { ...state, submitted: true };
    case 'sending':
      return { ...state, status: 'sending' };
    case 'sent':
      // The message is cleared; the app's details stay (they describe the device, not the message).
      return {
        ...state,
        values: emptyContactValues,
        left: new Set(),
        submitted: false,
        trap: '',
        reference: event.reference,
        status: 'sent',
      };
    case 'failed':
      return { ...state, status: 'failed' };
    case 'dialogClosed':
      return { ...state, status: 'idle' };
  }
}

/** The error each field shows now: a field's own once it was left, every one once sending was tried. */
export function shownErrors(state: ContactFormState): Partial<Record<CheckedField, FieldError>> {
  const errors: Partial<Record<CheckedField, FieldError>> = {
    ...validateContactValues(state.values),
    appVersion: validateAppVersion(state.app.appVersion),
  };
  const shown: Partial<Record<CheckedField, FieldError>> = {};
  for (const [field, error] of Object.entries(errors) as Array<[CheckedField, FieldError | undefined]>) {
    if (error && (state.submitted || state.left.has(field))) shown[field] = error;
  }
  return shown;
}

/** The first field, in the form's order, that stops the message from being sent. */
export function firstInvalid(state: ContactFormState): CheckedField | undefined {
  const errors = validateContactValues(state.values);
  return (
    formFields.find((field) => errors[field]) ?? (validateAppVersion(state.app.appVersion) ? 'appVersion' : undefined)
  );
}
