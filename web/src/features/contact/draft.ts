import {
  contactLimits,
  emptyAppContext,
  emptyContactValues,
  formFields,
  maxAppVersionLength,
  platforms,
  type AppContext,
  type ContactValues,
  type Platform,
} from './contact-message';
import { siteStorage } from '../../config/storage';

// What a visitor has typed into the Contact Us form, kept in the tab's session storage while
// they look elsewhere (a help article the form suggested, another page) so the form is
// filled in again when they come back. It stays in this tab (gone when the tab closes), is
// never sent anywhere, and is removed once the message is sent or the form is emptied.

/** What the form keeps. */
export type Draft = { values: ContactValues; app: AppContext };

const key = siteStorage.contactDraft.name;

/** The tab's session storage, or undefined where the browser refuses it (privacy settings). */
export function sessionStore(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

/** The kept draft, or undefined when there is none or it is not one the form wrote. */
export function readDraft(storage: Storage | undefined): Draft | undefined {
  let stored: unknown;
  try {
    stored = JSON.parse(storage?.getItem(key) ?? 'null');
  } catch {
    return undefined;
  }
  return asDraft(stored);
}

/**
 * What the form's fields hold now, by their names. Before the app runs the prerendered form
 * already takes what a visitor types (a slow phone shows it seconds earlier), and the browser
 * may fill it too (Back restores a form): the app starts from it.
 */
export function draftInFields(form: HTMLFormElement | null): Draft {
  const data = form ? new FormData(form) : undefined;
  const named = (name: string) => {
    const value = data?.get(name);
    return typeof value === 'string' ? value : '';
  };
  return (
    asDraft({
      values: Object.fromEntries(formFields.map((field) => [field, named(field)])),
      app: { platform: named('platform'), appVersion: named('appVersion') },
    }) ?? emptyDraft
  );
}

export const emptyDraft: Draft = { values: emptyContactValues, app: emptyAppContext };

/** Whether nothing is typed in `draft`. */
export function isEmptyDraft(draft: Draft): boolean {
  return formFields.every((field) => draft.values[field] === '') && !draft.app.platform && !draft.app.appVersion;
}

/** The draft `stored` holds, each field checked and cut to its limit; undefined if it holds none. */
function asDraft(stored: unknown): Draft | undefined {
  if (typeof stored !== 'object' || stored === null) return undefined;
  const { values, app } = stored as { values?: Record<string, unknown>; app?: Record<string, unknown> };
  const draft: Draft = { values: { ...emptyContactValues }, app: { ...emptyAppContext } };
  for (const field of formFields) {
    const value = values?.[field];
    if (typeof value === 'string') draft.values[field] = value.slice(0, contactLimits[field]);
  }
  const platform = app?.platform;
  if (typeof platform === 'string' && platforms.includes(platform as Platform))
    draft.app.platform = platform as Platform;
  const version = app?.appVersion;
  if (typeof version === 'string') draft.app.appVersion = version.slice(0, maxAppVersionLength);
  return draft;
}

/** Keeps the draft, or removes it when nothing is typed. Storage that refuses is no error. */
export function saveDraft(storage: Storage | undefined, draft: Draft): void {
  try {
    if (isEmptyDraft(draft)) storage?.removeItem(key);
    else storage?.setItem(key, JSON.stringify(draft));
  } catch {
    // Full or refused: the form still works, it just will not be filled in again.
  }
}
