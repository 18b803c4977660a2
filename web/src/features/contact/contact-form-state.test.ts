import { describe, expect, it } from 'vitest';
import { contactLimits, emptyAppContext, emptyContactValues } from './contact-message';
import {
  firstInvalid,
  initialContactForm,
  next,
  shownErrors,
  type ContactFormEvent,
  type ContactFormState,
} from './contact-form-state';

/** A form whose fields took nothing before the app ran. */
const noneTyped = { values: emptyContactValues, app: emptyAppContext };
const run = (...events: ContactFormEvent[]): ContactFormState => events.reduce(next, initialContactForm);
const typed = (values: Record<string, string>): ContactFormEvent[] =>
  Object.entries(values).map(([field, value]) => ({ type: 'typed', field, value }) as ContactFormEvent);
const complete = typed({ email: 'angler@example.com', name: 'Ada', subject: 'Tides', message: 'Hello' });

describe('the Contact Us form', () => {
  it('shows no error before a field is left or sending is tried', () => {
    expect(shownErrors(run())).toEqual({});
    expect(firstInvalid(run())).toBe('email');
  });

  it("shows a field's error once the visitor leaves it, and every error once sending is tried", () => {
    expect(shownErrors(run({ type: 'left', field: 'name' }))).toEqual({ name: 'required' });
    expect(Object.keys(shownErrors(run({ type: 'submitted' }))).sort()).toEqual([
      'email',
      'message',
      'name',
      'subject',
    ]);
    const long = run(...complete, { type: 'typed', field: 'subject', value: 'x'.repeat(contactLimits.subject + 1) });
    expect(shownErrors(next(long, { type: 'left', field: 'subject' }))).toEqual({ subject: 'tooLong' });
  });

  it("checks the app's version, optional, only once it is written and left", () => {
    const filled = run(...complete);
    expect(firstInvalid(filled)).toBeUndefined();
    const bad = next(filled, { type: 'appChanged', app: { appVersion: 'not a version!' } });
    expect(firstInvalid(bad)).toBe('appVersion');
    expect(shownErrors(bad)).toEqual({});
    expect(shownErrors(next(bad, { type: 'left', field: 'appVersion' }))).toEqual({ appVersion: 'appVersion' });
  });

  it('brings back the draft, and fills in from the address only what is still empty', () => {
    const draft = {
      values: { email: 'a@example.com', name: 'A', subject: '', message: 'kept' },
      app: { platform: 'ios' as const, appVersion: '' },
    };
    const state = run({
      type: 'restored',
      inFields: noneTyped,
      draft,
      prefill: { subject: 'From the app', platform: 'android', appVersion: '1.2.3' },
    });
    expect(state.restored).toBe(true);
    expect(state.values).toEqual({ ...draft.values, subject: 'From the app' });
    expect(state.app).toEqual({ platform: 'ios', appVersion: '1.2.3' });
    expect(run({ type: 'restored', inFields: noneTyped, draft: undefined, prefill: {} }).values).toEqual(
      initialContactForm.values,
    );
  });

  it('keeps what the fields took before the app ran, over the draft and the address', () => {
    const draft = {
      values: { email: 'old@example.com', name: 'A', subject: 'Old subject', message: 'kept' },
      app: { platform: 'ios' as const, appVersion: '1.0' },
    };
    const inFields = {
      values: { email: 'new@example.com', name: '', subject: 'Typed subject', message: '' },
      app: { platform: 'android' as const, appVersion: '' },
    };
    const state = run({
      type: 'restored',
      inFields,
      draft,
      prefill: { subject: 'From the app', platform: 'other', appVersion: '9.9' },
    });
    expect(state.values).toEqual({ email: 'new@example.com', name: 'A', subject: 'Typed subject', message: 'kept' });
    expect(state.app).toEqual({ platform: 'android', appVersion: '1.0' });
    // With no draft, the address fills only what is empty.
    const linked = run({
      type: 'restored',
      inFields,
      draft: undefined,
      prefill: { subject: 'From the app', platform: 'other', appVersion: '9.9' },
    });
    expect(linked.values.subject).toBe('Typed subject');
    expect(linked.app).toEqual({ platform: 'android', appVersion: '9.9' });
  });

  it('sends, clears the message but keeps the app, and comes back to idle when the dialog closes', () => {
    const ready = run(
      ...complete,
      { type: 'appChanged', app: { platform: 'android', appVersion: '2.0' } },
      {
        type: 'left',
        field: 'email',
      },
    );
    const sending = next(next(ready, { type: 'submitted' }), { type: 'sending' });
    expect(sending.status).toBe('sending');
    const sent = next(sending, { type: 'sent', reference: 'AB12-CD34' });
    expect(sent).toMatchObject({ status: 'sent', reference: 'AB12-CD34', submitted: false, trap: '' });
    expect(sent.values).toEqual(initialContactForm.values);
    expect(sent.app).toEqual({ platform: 'android', appVersion: '2.0' });
    expect(shownErrors(sent)).toEqual({});
    expect(next(sent, { type: 'dialogClosed' }).status).toBe('idle');
  });

  it('keeps everything typed when sending fails', () => {
    const failed = run(...complete, { type: 'submitted' }, { type: 'sending' }, { type: 'failed' });
    expect(failed.status).toBe('failed');
    expect(failed.values.message).toBe('Hello');
  });
});
