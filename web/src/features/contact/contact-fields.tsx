import type { ChangeEvent, Dispatch, ReactNode, RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../components/forms/text-field';
import { formatCount } from '../../config/formatted';
import { useLanguage } from '../../locales/language';
import {
  contactLimits,
  formFields,
  maxAppVersionLength,
  platforms,
  type AppContext,
  type ContactField,
  type ContactValues,
  type FieldError,
  type Platform,
} from './contact-message';
import type { CheckedField, ContactFormEvent } from './contact-form-state';
import type { CheckedFields } from './use-contact-form';

// The Contact Us form's fields: the four required ones, the app's details and the hidden one
// only a program fills. Each tells the form's state what the visitor does (`dispatch`).

const autoComplete: Record<ContactField, string> = { email: 'email', name: 'name', subject: 'off', message: 'off' };

/**
 * Writes a count or a limit in the page's language. Grouping always, so that the prerendered
 * page and every browser write the limits alike: engines disagree on when Italian groups four
 * digits (Node and Chromium "5000", WebKit "5.000"), and a difference makes React throw the
 * page's HTML away while hydrating.
 */
function useCount() {
  const language = useLanguage();
  return (value: number) => formatCount(language, value);
}

/** Where a field's element is kept, for the form to move the focus to it. */
const keep = (fields: RefObject<CheckedFields>, field: CheckedField) => (element: CheckedFields[CheckedField]) => {
  fields.current[field] = element;
};

/**
 * The four required fields in the form's order, each with its counter and, once shown, its
 * error. `afterMessage` follows the message: what the page has to say about the subject.
 */
export function MessageFields({
  id,
  values,
  errors,
  dispatch,
  fields,
  afterMessage,
}: {
  id: string;
  values: ContactValues;
  errors: Partial<Record<CheckedField, FieldError>>;
  dispatch: Dispatch<ContactFormEvent>;
  fields: RefObject<CheckedFields>;
  afterMessage: ReactNode;
}) {
  const { t } = useTranslation('contact');
  const count = useCount();
  return formFields.map((field) => {
    const error = errors[field];
    const common = {
      id: `${id}-${field}`,
      label: t(`support.fields.${field}`),
      error: error && t(`support.errors.${error}`, { max: count(contactLimits[field]) }),
      counter: t('support.characters', { used: count(values[field].length), max: count(contactLimits[field]) }),
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
      <TextField key={field} {...common} multiline rows={8} ref={keep(fields, field)} after={afterMessage} />
    ) : (
      <TextField
        key={field}
        {...common}
        type={field === 'email' ? 'email' : 'text'}
        inputMode={field === 'email' ? 'email' : undefined}
        spellCheck={field === 'email' ? false : undefined}
        ref={keep(fields, field)}
      />
    );
  });
}

/** The optional details of the app the message is about: the device's platform and the app's version. */
export function AppDetails({
  id,
  app,
  error,
  dispatch,
  fields,
}: {
  id: string;
  app: AppContext;
  error: FieldError | undefined;
  dispatch: Dispatch<ContactFormEvent>;
  fields: RefObject<CheckedFields>;
}) {
  const { t } = useTranslation('contact');
  const count = useCount();
  return (
    <fieldset className="contact-form__app" aria-describedby={`${id}-app-hint`}>
      <legend>{t('support.app.legend')}</legend>
      <p id={`${id}-app-hint`} className="field__hint">
        {t('support.app.hint')}
      </p>
      <div className="contact-form__app-fields">
        <PlatformField id={`${id}-platform`} platform={app.platform} dispatch={dispatch} />
        <TextField
          id={`${id}-version`}
          label={t('support.app.version')}
          error={error && t(`support.errors.${error}`, { max: count(maxAppVersionLength) })}
          hint={t('support.app.versionHint')}
          ref={keep(fields, 'appVersion')}
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
  );
}

/** The device's platform, or none said. */
function PlatformField({
  id,
  platform,
  dispatch,
}: {
  id: string;
  platform: Platform | '';
  dispatch: Dispatch<ContactFormEvent>;
}) {
  const { t } = useTranslation('contact');
  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        {t('support.app.platform')}
      </label>
      <select
        id={id}
        className="field__control"
        name="platform"
        value={platform}
        onChange={(event) => {
          dispatch({ type: 'appChanged', app: { platform: event.target.value as Platform | '' } });
        }}
      >
        <option value="">{t('support.app.platforms.none')}</option>
        {platforms.map((each) => (
          <option key={each} value={each}>
            {t(`support.app.platforms.${each}`)}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The hidden field only a program fills (a visitor neither sees it nor reaches it). */
export function TrapField({
  id,
  value,
  dispatch,
}: {
  id: string;
  value: string;
  dispatch: Dispatch<ContactFormEvent>;
}) {
  const { t } = useTranslation('contact');
  return (
    <div className="contact-form__trap" aria-hidden="true">
      <label htmlFor={id}>{t('support.trap')}</label>
      <input
        id={id}
        name="website"
        type="text"
        tabIndex={-1}
        autoComplete="off"
        value={value}
        onChange={(event) => {
          dispatch({ type: 'trapFilled', value: event.target.value });
        }}
      />
    </div>
  );
}
