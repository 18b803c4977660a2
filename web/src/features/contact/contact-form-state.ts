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
  /** `saved`: no answer came, and the message waits on the phone to be sent (outbox/outbox.ts). */
  status: 'idle' | 'sending' | 'sent' | 'saved' | 'failed';
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
  | { type: 'saved' }
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

/** What one kind of event does to the form. */
type Handler<Type extends ContactFormEvent['type']> = (
  state: ContactFormState,
  event: Extract<ContactFormEvent, { type: Type }>,
) => ContactFormState;

/**
 * Field by field: what the fields already hold (typed before the app ran) stays, the tab's
 * draft fills in the rest, and the address what is still empty.
 */
const restore: Handler<'restored'> = (state, { inFields, draft, prefill }) => {
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
};

/** Each kind of event with its handler. */
const handlers: { [Type in ContactFormEvent['type']]: Handler<Type> } = {
  restored: restore,
  typed: (state, event) => ({ ...state, values: { ...state.values, [event.field]: event.value } }),
  appChanged: (state, event) => ({ ...state, app: { ...state.app, ...event.app } }),
  left: (state, event) =>
    state.left.has(event.field) ? state : { ...state, left: new Set([...state.left, event.field]) },
  trapFilled: (state, event) => ({ ...state, trap: event.value }),
  submitted: (state) => ({ ...state, submitted: true }),
  sending: (state) => ({ ...state, status: 'sending' }),
  // The message is cleared; the app's details stay (they describe the device, not the message).
  sent: (state, event) => ({
    ...state,
    values: emptyContactValues,
    left: new Set(),
    submitted: false,
    trap: '',
    reference: event.reference,
    status: 'sent',
  }),
  saved: (state) => ({ ...handlers.sent(state, { type: 'sent' }), status: 'saved' }),
  failed: (state) => ({ ...state, status: 'failed' }),
  dialogClosed: (state) => ({ ...state, status: 'idle' }),
};

/** The form after `event` (pure: the component and the unit tests drive it alike). */
export function next(state: ContactFormState, event: ContactFormEvent): ContactFormState {
  // The table pairs each kind with its own handler; TypeScript cannot follow that pairing through `event.type`.
  const handle = handlers[event.type] as Handler<ContactFormEvent['type']>;
  return handle(state, event);
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
