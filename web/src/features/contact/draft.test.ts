// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { contactLimits, emptyAppContext, emptyContactValues } from './contact-message';
import { draftInFields, readDraft, saveDraft } from './draft';

const draft = {
  values: { email: 'angler@example.com', name: 'Marco', subject: 'Tides', message: 'Hello' },
  app: { platform: 'ios' as const, appVersion: '3.0.1' },
};

describe('the contact form draft', () => {
  it('comes back as it was kept', () => {
    saveDraft(sessionStorage, draft);
    expect(readDraft(sessionStorage)).toEqual(draft);
  });

  it('is removed when the form is emptied', () => {
    saveDraft(sessionStorage, draft);
    saveDraft(sessionStorage, { values: emptyContactValues, app: emptyAppContext });
    expect(sessionStorage.length).toBe(0);
    expect(readDraft(sessionStorage)).toBeUndefined();
  });

  it('keeps only what the form could have written', () => {
    sessionStorage.setItem(
      'contact-form-draft',
      JSON.stringify({ values: { email: 42, subject: 'x'.repeat(5000), extra: 'y' }, app: { platform: 'amiga' } }),
    );
    const read = readDraft(sessionStorage);
    expect(read?.values.email).toBe('');
    expect(read?.values.subject.length).toBeLessThan(5000);
    expect(read?.app.platform).toBe('');
    expect(read && 'extra' in read.values).toBe(false);
    sessionStorage.setItem('contact-form-draft', '{not json');
    expect(readDraft(sessionStorage)).toBeUndefined();
  });

  it('reads what the form’s fields hold, by their names, as a draft', () => {
    const form = document.createElement('form');
    form.innerHTML = `
      <input name="email" value="angler@example.com"><input name="name" value="">
      <input name="subject" value="${'s'.repeat(300)}"><textarea name="message">Hello</textarea>
      <select name="platform"><option value="">-</option><option value="android" selected>A</option></select>
      <input name="appVersion" value="2.0"><input type="file" name="picture"><input name="website" value="bot">`;
    expect(draftInFields(form)).toEqual({
      values: { email: 'angler@example.com', name: '', subject: 's'.repeat(contactLimits.subject), message: 'Hello' },
      app: { platform: 'android', appVersion: '2.0' },
    });
    expect(draftInFields(null)).toEqual({ values: emptyContactValues, app: emptyAppContext });
  });

  it('works without storage', () => {
    expect(() => saveDraft(undefined, draft)).not.toThrow();
    expect(readDraft(undefined)).toBeUndefined();
  });
});
