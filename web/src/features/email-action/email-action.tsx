import { useEffect, useId, useMemo, useRef, useState, type ReactNode, type SyntheticEvent } from 'react';
import { Trans } from 'react-i18next';
import { Link } from 'wouter';
import { SupportMailText } from '../../components/support-mail-text';
import { useHydrated } from '../../hooks/use-hydrated';
import { PageHeader } from '../../components/layout/page-header';
import type { Language } from '../../config/languages';
import { paths } from '../../config/paths';
import { site } from '../../config/site';
import { loadLanguage } from '../../locales/i18n';
import { useMemberTexts } from '../../locales/members';
import { usePageTexts } from '../../locales/pages';
import { parseActionLink, takeActionQuery, type ActionLink, type ActionMode } from './action-link';
import { errorCode } from '../../firebase/errors';
import { failureOf, retryable, weakPasswordCodes, type Failure } from './action-failure';
import { meetsRule, passwordRules, type PasswordRule } from './password-rules';
import { rememberUsed, wasUsedHere } from './used-links';

type Action = Extract<ActionLink, { kind: 'action' }>;

/** What the page shows; `checking` is also what the prerendered page holds for every link. */
type View =
  | { step: 'checking' }
  | { step: 'verifying' }
  | { step: 'verified' }
  | { step: 'resetForm'; email: string; rules: PasswordRule[] }
  | { step: 'resetDone' }
  | { step: 'recoverAsk'; email: string; previousEmail: string | undefined }
  | { step: 'recovered'; email: string }
  | { step: 'failed'; failure: Failure };

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

/**
 * The page every Firebase Auth email links to (the project's custom action URL): verifies an
 * address, sets a new password, or restores a changed address, in the member's language.
 *
 * Nothing is spent on a visit no person made. The prerendered page only says it is checking;
 * the code is read after hydration. Verifying runs once the page is visible. A password reset
 * or an address recovery only looks at its code (which does not spend it) until the member
 * acts. A code this browser already used says so instead of failing as unknown.
 */
export function EmailAction() {
  const { t, i18n } = useMemberTexts();
  const { t: page } = usePageTexts();
  // The link is read once the page has hydrated: the prerendered page is the same for every link.
  const hydrated = useHydrated();
  const link = useMemo(
    () => (hydrated ? parseActionLink(takeActionQuery(), [location.origin, site.origin]) : undefined),
    [hydrated],
  );
  const [actionView, setActionView] = useState<View>({ step: 'checking' });
  const language = (link?.kind === 'action' ? link.language : undefined) ?? (i18n.language as Language);

  const fail = (error: unknown) => setActionView({ step: 'failed', failure: failureOf(error) });

  /** Loads the Auth part, then acts on the code. */
  const start = (action: Action) => {
    loadApi().then((api) => act(api, action), fail);
  };

  const act = async (api: AuthActions, action: Action) => {
    try {
      if (wasUsedHere(action.code)) {
        setActionView({ step: 'failed', failure: 'used' });
        return;
      }
      switch (action.mode) {
        case 'verifyEmail':
        case 'verifyAndChangeEmail':
          await whenVisible();
          setActionView({ step: 'verifying' });
          await api.applyCode(action, language);
          rememberUsed(action.code);
          setActionView({ step: 'verified' });
          return;
        case 'resetPassword': {
          const [email, policy] = await Promise.all([api.inspectReset(action, language), api.passwordPolicy(language)]);
          setActionView({ step: 'resetForm', email, rules: passwordRules(policy) });
          return;
        }
        case 'recoverEmail':
          setActionView({ step: 'recoverAsk', ...(await api.inspectRecovery(action, language)) });
          return;
      }
    } catch (error) {
      fail(error);
    }
  };

  // Once the link is read: switch to its language, and act on its code, once (React's
  // development mode runs effects twice; a code must not be spent twice).
  const started = useRef<ActionLink | undefined>(undefined);
  useEffect(() => {
    if (link?.kind !== 'action' || started.current === link) return;
    started.current = link;
    if (link.language && link.language !== i18n.language) {
      const wanted = link.language;
      // For this page only: the visitor's saved choice of language stays as it is.
      loadLanguage(i18n, wanted)
        .then(() => i18n.changeLanguage(wanted))
        .catch(() => undefined);
    }
    start(link);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per link, which is read once
  }, [link]);

  const view: View = !link
    ? { step: 'checking' }
    : link.kind === 'none'
      ? { step: 'verified' }
      : link.kind === 'broken'
        ? { step: 'failed', failure: 'invalid' }
        : actionView;

  const mode: ActionMode | undefined = link?.kind === 'action' ? link.mode : undefined;
  const action = link?.kind === 'action' ? link : undefined;
  const title =
    mode === 'resetPassword'
      ? t('emailAction.reset.title')
      : mode === 'recoverEmail'
        ? t('emailAction.recover.title')
        : mode === 'verifyAndChangeEmail'
          ? t('emailAction.changeTitle')
          : page('emailVerification.title');

  let body: ReactNode;
  switch (view.step) {
    case 'checking':
      body = (
        <>
          <StatusPicture step="checking" />
          <p role="status">{t('emailAction.checking')}</p>
          <noscript>
            <p>{t('emailAction.noScript')}</p>
          </noscript>
        </>
      );
      break;
    case 'verifying':
      body = (
        <>
          <StatusPicture step="checking" />
          <p role="status">{t('emailAction.verifying')}</p>
        </>
      );
      break;
    case 'verified':
      body = (
        <Done heading={page('emailVerification.thanks')} continueUrl={action?.continueUrl} image>
          <p>{mode === 'verifyAndChangeEmail' ? t('emailAction.changed') : page('emailVerification.verified')}</p>
        </Done>
      );
      break;
    case 'resetForm':
      body = (
        <ResetForm
          email={view.email}
          rules={view.rules}
          onSave={async (password) => {
            if (!action) return undefined;
            try {
              const api = await loadApi();
              await api.resetPassword(action, language, password);
              rememberUsed(action.code);
              setActionView({ step: 'resetDone' });
              return undefined;
            } catch (error) {
              if (weakPasswordCodes.has(errorCode(error) ?? '')) return 'refused';
              fail(error);
              return undefined;
            }
          }}
        />
      );
      break;
    case 'resetDone':
      body = (
        <Done heading={t('emailAction.reset.doneTitle')} continueUrl={action?.continueUrl}>
          <p>{t('emailAction.reset.done')}</p>
        </Done>
      );
      break;
    case 'recoverAsk':
      body = (
        <RecoverAsk
          email={view.email}
          previousEmail={view.previousEmail}
          onRestore={async () => {
            if (!action) return;
            try {
              const api = await loadApi();
              await api.applyCode(action, language);
              rememberUsed(action.code);
              setActionView({ step: 'recovered', email: view.email });
            } catch (error) {
              fail(error);
            }
          }}
        />
      );
      break;
    case 'recovered':
      body = (
        <Recovered
          email={view.email}
          continueUrl={action?.continueUrl}
          onSendReset={async () => {
            if (!action) return;
            const api = await loadApi();
            await api.sendReset(language, view.email);
          }}
        />
      );
      break;
    case 'failed':
      body = (
        <div className="email-action__failure" role="alert">
          <h2>{t(`emailAction.failure.${view.failure}.title`)}</h2>
          <p>
            {view.failure === 'used'
              ? t(`emailAction.failure.used.${mode ?? 'verifyEmail'}`)
              : t(`emailAction.failure.${view.failure}.text`)}
          </p>
          {retryable.has(view.failure) && action ? (
            <button
              type="button"
              className="button"
              onClick={() => {
                setActionView({ step: 'checking' });
                start(action);
              }}
            >
              {t('emailAction.failure.retry')}
            </button>
          ) : null}
        </div>
      );
      break;
  }

  return (
    <>
      <PageHeader title={title} />
      <div className="page page--narrow verification">
        <div className="email-action__body">{body}</div>
        <p className="verification__note">
          <SupportMailText i18nKey="emailVerification.trouble" />
        </p>
      </div>
    </>
  );
}

/**
 * The picture over the page's status: a letter while the link is checked (in the prerendered
 * page, so it is there from the first paint), the seal once the address is verified, the same
 * size in the same place. The page's largest picture is then on screen from the start, and the
 * answer replaces it without moving anything.
 */
function StatusPicture({ step }: { step: 'checking' | 'verified' }) {
  return <img src={`/images/${step}.svg`} alt="" width="160" height="160" />;
}

/** A finished action: its heading, what it means, and the way on. */
function Done({
  heading,
  continueUrl,
  image = false,
  children,
}: {
  heading: string;
  continueUrl: string | undefined;
  image?: boolean;
  children: ReactNode;
}) {
  const { t } = useMemberTexts();
  return (
    <div role="status">
      {image ? <StatusPicture step="verified" /> : null}
      <h2>{heading}</h2>
      {children}
      {continueUrl ? (
        <p>
          <a className="button" href={continueUrl}>
            {t('emailAction.continue')}
          </a>
        </p>
      ) : null}
      <p>
        <Trans t={t} i18nKey="emailAction.getApp" components={{ download: <Link href={paths.downloadApp} /> }} />
      </p>
    </div>
  );
}

/** The new password, with the rules shown from the start and ticked while typing. */
function ResetForm({
  email,
  rules,
  onSave,
}: {
  email: string;
  rules: PasswordRule[];
  onSave: (password: string) => Promise<'refused' | undefined>;
}) {
  const { t } = useMemberTexts();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [password, setPassword] = useState('');
  const [shown, setShown] = useState(false);
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<'notYet' | 'refused' | undefined>();
  const unmet = rules.filter((rule) => !meetsRule(password, rule));

  const submit = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    if (unmet.length > 0) {
      setProblem('notYet');
      input.current?.focus();
      return;
    }
    setSaving(true);
    setProblem(undefined);
    const result = await onSave(password);
    setSaving(false);
    if (result) {
      setProblem(result);
      input.current?.focus();
    }
  };

  return (
    <form className="email-action__form" noValidate onSubmit={(event) => void submit(event)}>
      <p>
        <Trans t={t} i18nKey="emailAction.reset.for" values={{ email }} components={{ strong: <strong /> }} />
      </p>
      {/* For password managers: the account the new password belongs to. */}
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <div className="email-action__field">
        <label htmlFor={`${id}-password`}>{t('emailAction.reset.label')}</label>
        <input
          ref={input}
          id={`${id}-password`}
          name="new-password"
          type={shown ? 'text' : 'password'}
          autoComplete="new-password"
          required
          value={password}
          aria-invalid={problem ? true : undefined}
          aria-describedby={`${id}-rules${problem ? ` ${id}-problem` : ''}`}
          onChange={(event) => {
            setPassword(event.target.value);
            if (problem === 'refused') setProblem(undefined);
          }}
        />
        <label className="email-action__show">
          <input type="checkbox" checked={shown} onChange={(event) => setShown(event.target.checked)} />{' '}
          {t('emailAction.reset.show')}
        </label>
      </div>
      <div id={`${id}-rules`}>
        <p className="email-action__rules-intro">{t('emailAction.reset.rulesIntro')}</p>
        <ul className="email-action__rules">
          {rules.map((rule) => {
            const met = meetsRule(password, rule);
            return (
              <li key={rule.id} className={met ? 'email-action__rule--met' : undefined}>
                <span aria-hidden="true">{met ? '✓' : '•'}</span> {t(`emailAction.reset.rule.${rule.id}`, rule)}{' '}
                <span className="visually-hidden">
                  {met ? t('emailAction.reset.met') : t('emailAction.reset.unmet')}
                </span>
              </li>
            );
          })}
        </ul>
      </div>
      {problem ? (
        <p id={`${id}-problem`} className="email-action__problem" role="alert">
          {t(`emailAction.reset.${problem}`)}
        </p>
      ) : null}
      <button type="submit" className="button" disabled={saving}>
        {saving ? t('emailAction.reset.saving') : t('emailAction.reset.save')}
      </button>
    </form>
  );
}

/** What a recovery would undo, and the member's choice to undo it. */
function RecoverAsk({
  email,
  previousEmail,
  onRestore,
}: {
  email: string;
  previousEmail: string | undefined;
  onRestore: () => Promise<void>;
}) {
  const { t } = useMemberTexts();
  const [restoring, setRestoring] = useState(false);
  return (
    <div>
      <p>
        <Trans
          t={t}
          i18nKey={previousEmail ? 'emailAction.recover.ask' : 'emailAction.recover.askNoPrevious'}
          values={{ email, previousEmail }}
          components={{ strong: <strong /> }}
        />
      </p>
      <button
        type="button"
        className="button"
        disabled={restoring}
        onClick={() => {
          setRestoring(true);
          void onRestore().finally(() => setRestoring(false));
        }}
      >
        {restoring ? t('emailAction.recover.restoring') : t('emailAction.recover.restore')}
      </button>
    </div>
  );
}

/** The address is back: say so, and offer to change the password someone else may know. */
function Recovered({
  email,
  continueUrl,
  onSendReset,
}: {
  email: string;
  continueUrl: string | undefined;
  onSendReset: () => Promise<void>;
}) {
  const { t } = useMemberTexts();
  const [reset, setReset] = useState<'idle' | 'sending' | 'sent' | 'failed'>('idle');
  return (
    <Done heading={t('emailAction.recover.doneTitle')} continueUrl={continueUrl}>
      <p>
        <Trans t={t} i18nKey="emailAction.recover.done" values={{ email }} components={{ strong: <strong /> }} />
      </p>
      <p>{t('emailAction.recover.advice')}</p>
      {reset === 'sent' ? (
        <p role="status">{t('emailAction.recover.sent', { email })}</p>
      ) : (
        <p>
          <button
            type="button"
            className="button"
            disabled={reset === 'sending'}
            onClick={() => {
              setReset('sending');
              onSendReset().then(
                () => setReset('sent'),
                () => setReset('failed'),
              );
            }}
          >
            {reset === 'sending' ? t('emailAction.recover.sending') : t('emailAction.recover.sendReset')}
          </button>
        </p>
      )}
      {reset === 'failed' ? (
        <p className="email-action__problem" role="alert">
          {t('emailAction.recover.sendFailed')}
        </p>
      ) : null}
    </Done>
  );
}
