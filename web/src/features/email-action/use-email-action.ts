import { useEffect, useMemo, useReducer, useRef, type Dispatch } from 'react';
import { site } from '../../config/site';
import { errorCode } from '../../firebase/errors';
import { useHydrated } from '../../components/hydration';
import type { Language } from '../../config/languages';
import { useLanguage, useSwitchLanguage } from '../../locales/language';
import { failureOf, weakPasswordCodes } from './action-failure';
import { parseActionLink, takeActionQuery, type ActionLink, type ActionMode } from './action-link';
import { initialView, next, type Event as ActionEvent, type View } from './email-action-state';
import { passwordRules } from './password-rules';
import { rememberUsed, wasUsedHere } from './used-links';

type Action = Extract<ActionLink, { kind: 'action' }>;

const loadApi = () => import('./api/auth-actions');
type AuthActions = Awaited<ReturnType<typeof loadApi>>;

/** Resolves once the page is shown: a tab opened in the background acts when it is looked at. */
function whenVisible(): Promise<void> {
  if (document.visibilityState === 'visible') return Promise.resolve();
  return new Promise((resolve) => {
    const onChange = () => {
      if (document.visibilityState !== 'visible') return;
      document.removeEventListener('visibilitychange', onChange);
      resolve();
    };
    document.addEventListener('visibilitychange', onChange);
  });
}

export type EmailAction = {
  view: View;
  /** What the link asks for, once it is read. */
  mode: ActionMode | undefined;
  /** Where the member goes on afterwards (one of the site's own addresses), if the link says. */
  continueUrl: string | undefined;
  /** Saves the new password; 'refused' when Auth finds it too weak (the form says so). */
  savePassword: (password: string) => Promise<'refused' | undefined>;
  /** Restores the address a recovery link is for. */
  restore: () => Promise<void>;
  /** Sends a password reset to the restored address; rejects when it could not be sent. */
  sendReset: () => Promise<void>;
  /** Tries the link again after a failure that allows it. */
  retry: () => void;
};

/** The event of a failure, from what was thrown. */
function failed(error: unknown): ActionEvent {
  return { type: 'failed', failure: failureOf(error) };
}

/**
 * Acts on the link's code, unless this browser already spent it: a verification is applied
 * once the page is shown; a password reset or an address recovery is only looked at (which does
 * not spend it), for the member to choose.
 */
async function actOn(api: AuthActions, current: Action, language: Language, dispatch: Dispatch<ActionEvent>) {
  if (wasUsedHere(current.code)) {
    dispatch({ type: 'used' });
    return;
  }
  switch (current.mode) {
    case 'verifyEmail':
    case 'verifyAndChangeEmail':
      await whenVisible();
      dispatch({ type: 'verifying' });
      await api.applyCode(current, language);
      rememberUsed(current.code);
      dispatch({ type: 'verified' });
      return;
    case 'resetPassword': {
      const [email, policy] = await Promise.all([api.inspectReset(current, language), api.passwordPolicy(language)]);
      dispatch({ type: 'resetAsked', email, rules: passwordRules(policy) });
      return;
    }
    case 'recoverEmail':
      dispatch({ type: 'recoverAsked', ...(await api.inspectRecovery(current, language)) });
      return;
  }
}

/** The link in the address, read once the page has hydrated (the prerendered page is the same for every link). */
function useActionLink(): ActionLink | undefined {
  const hydrated = useHydrated();
  return useMemo(
    () => (hydrated ? parseActionLink(takeActionQuery(), [location.origin, site.origin]) : undefined),
    [hydrated],
  );
}

/**
 * The email action page's behaviour: reads the link once the page has hydrated (the prerendered
 * page is the same for every link), switches to the link's language, and acts on its code, once.
 *
 * Nothing is spent on a visit no person made: verifying runs once the page is visible; a
 * password reset or an address recovery only looks at its code (which does not spend it) until
 * the member acts. A code this browser already used says so instead of failing as unknown.
 */
export function useEmailAction(): EmailAction {
  const pageLanguage = useLanguage();
  const switchTo = useSwitchLanguage();
  const link = useActionLink();
  const [view, dispatch] = useReducer(next, initialView);
  const action = link?.kind === 'action' ? link : undefined;
  const language = action?.language ?? pageLanguage;

  /** Loads the Auth part, then acts on the code. */
  const start = (current: Action) => {
    loadApi()
      .then((api) => actOn(api, current, language, dispatch))
      .catch((error: unknown) => {
        dispatch(failed(error));
      });
  };

  // Once the link is read: its view, its language, and its code acted on, once (React's
  // development mode runs effects twice; a code must not be spent twice).
  const started = useRef<ActionLink | undefined>(undefined);
  useEffect(() => {
    if (!link || started.current === link) return;
    started.current = link;
    dispatch({ type: 'read', link });
    if (link.kind !== 'action') return;
    // The link's language, at its own address; the visitor's saved choice stays as it is.
    if (link.language && link.language !== pageLanguage)
      switchTo(link.language, { save: false, moveAddress: true }).catch(() => undefined);
    start(link);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per link, which is read once
  }, [link]);

  return {
    view,
    mode: action?.mode,
    continueUrl: action?.continueUrl,
    ...memberActions(action, language, view, dispatch),
    retry: () => {
      if (!action) return;
      dispatch({ type: 'retry' });
      start(action);
    },
  };
}

/** What the member does on the page once Auth has answered: save, restore, send a reset. */
function memberActions(
  action: Action | undefined,
  language: Language,
  view: View,
  dispatch: Dispatch<ActionEvent>,
): Pick<EmailAction, 'savePassword' | 'restore' | 'sendReset'> {
  return {
    savePassword: async (password) => {
      if (!action) return undefined;
      try {
        const api = await loadApi();
        await api.resetPassword(action, language, password);
        rememberUsed(action.code);
        dispatch({ type: 'resetSaved' });
        return undefined;
      } catch (error) {
        if (weakPasswordCodes.has(errorCode(error) ?? '')) return 'refused';
        dispatch(failed(error));
        return undefined;
      }
    },
    restore: async () => {
      if (!action) return;
      try {
        const api = await loadApi();
        await api.applyCode(action, language);
        rememberUsed(action.code);
        dispatch({ type: 'recovered' });
      } catch (error) {
        dispatch(failed(error));
      }
    },
    sendReset: async () => {
      if (view.step !== 'recovered') return;
      const api = await loadApi();
      await api.sendReset(language, view.email);
    },
  };
}
