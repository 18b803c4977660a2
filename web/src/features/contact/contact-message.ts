import {
  buildContactMessage,
  contactFields,
  fieldProblem,
  isValid,
  maxAppVersionLength,
  platforms,
  singleLine,
  type ContactField,
  type ContactMessage,
  type Platform,
} from '@contracts/contact-message';
import { isArticleId } from '@contracts/article-id';
import { contactParameters } from '../../visit/contact-link';

// The Contact Us form's side of a contact message. What the message is (its fields, limits,
// the document the site writes and the email's reference) is the one definition the rules
// and the mail function share (@contracts/contact-message); here is
// what the form adds: the order of the fields, their errors as the form shows them, and what
// a link may fill in.

export { buildContactMessage, maxAppVersionLength, platforms, type ContactField, type ContactMessage, type Platform };

/** The fields in the order the form shows them. */
export const formFields = ['email', 'name', 'subject', 'message'] as const satisfies readonly ContactField[];

/** What the visitor has typed in each field, as typed. */
export type ContactValues = Record<ContactField, string>;

/** Longest value of each field, in characters: the form's counters and `maxlength`. */
export const contactLimits = Object.fromEntries(
  Object.entries(contactFields).map(([field, { max }]) => [field, max]),
) as Record<ContactField, number>;

export type FieldError = 'required' | 'tooLong' | 'email' | 'appVersion';

export const emptyContactValues: ContactValues = { email: '', name: '', subject: '', message: '' };

/**
 * The first problem with a field's value, if any, judged on the value the site would write
 * (cleaned up: spaces at the ends, line breaks in a name) by the schema the rules repeat.
 */
export function validateField(field: ContactField, value: string): FieldError | undefined {
  const problem = fieldProblem(field, value);
  return problem && { empty: 'required' as const, tooLong: 'tooLong' as const, invalid: 'email' as const }[problem];
}

export function validateContactValues(values: ContactValues): Partial<Record<ContactField, FieldError>> {
  const errors: Partial<Record<ContactField, FieldError>> = {};
  for (const field of formFields) {
    const error = validateField(field, values[field]);
    if (error) errors[field] = error;
  }
  return errors;
}

/** What the visitor says about the app they write about; both optional ('' when not given). */
export type AppContext = { platform: Platform | ''; appVersion: string };

export const emptyAppContext: AppContext = { platform: '', appVersion: '' };

/** The app version's problem, if any: it may be left empty, and is otherwise a version. */
export function validateAppVersion(value: string): FieldError | undefined {
  const trimmed = value.trim();
  if (trimmed === '') return undefined;
  if (trimmed.length > maxAppVersionLength) return 'tooLong';
  return isValid('appVersion', trimmed) ? undefined : 'appVersion';
}

/** What a link to Contact Us may fill in. */
export type Prefill = { subject?: string; platform?: Platform; appVersion?: string; article?: string };

/**
 * What a link to Contact Us may fill in (visit/contact-link.ts): the subject (`?subject=…`, from a
 * help article or the accessibility statement), made one plain line within its limit; the help
 * article the message is about, when it is an article's id; the device and app version the app
 * opens the form with (`?platform=android&version=1.2.3`), taken only when they are a known
 * device and a valid version. Nothing else is taken from the address.
 */
export function prefillFromQuery(search: string): Prefill {
  const query = new URLSearchParams(search);
  const prefill: Prefill = {};
  const platform = query.get(contactParameters.platform)?.trim().toLowerCase();
  if (platforms.includes(platform as Platform)) prefill.platform = platform as Platform;
  const appVersion = query.get(contactParameters.version)?.trim();
  if (appVersion && !validateAppVersion(appVersion)) prefill.appVersion = appVersion;
  const article = query.get(contactParameters.article);
  if (isArticleId(article)) prefill.article = article;
  const subject = singleLine(query.get(contactParameters.subject) ?? '')
    .slice(0, contactFields.subject.max)
    .trim();
  if (subject) prefill.subject = subject;
  return prefill;
}
