import { useId, useRef, useState, type RefObject, type SyntheticEvent } from 'react';
import { Trans } from 'react-i18next';
import { useMemberTexts } from '../../../locales/members';
import { meetsRule, type PasswordRule } from '../password-rules';
import { TextField } from '../../../components/forms/text-field';

type Problem = 'notYet' | 'refused';

/** The new password, with the rules shown from the start and ticked while typing. */
export function ResetForm({
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
  const { saving, problem, setProblem, submit } = useSave(password, rules, onSave, input);

  return (
    <form className="email-action__form" noValidate onSubmit={(event) => void submit(event)}>
      <p>
        <Trans t={t} i18nKey="emailAction.reset.for" values={{ email }} components={{ strong: <strong /> }} />
      </p>
      {/* For password managers: the account the new password belongs to. */}
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <TextField
        ref={input}
        id={`${id}-password`}
        label={t('emailAction.reset.label')}
        name="new-password"
        type={shown ? 'text' : 'password'}
        autoComplete="new-password"
        required
        value={password}
        invalid={problem !== undefined}
        describedBy={[`${id}-rules`, ...(problem ? [`${id}-problem`] : [])]}
        onChange={(event) => {
          setPassword(event.target.value);
          if (problem === 'refused') setProblem(undefined);
        }}
        after={
          <label className="field__option">
            <input type="checkbox" checked={shown} onChange={(event) => setShown(event.target.checked)} />{' '}
            {t('emailAction.reset.show')}
          </label>
        }
      />
      <Rules id={`${id}-rules`} rules={rules} password={password} />
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

/**
 * Saving the password: held back, with focus back in the field, until it meets every rule, and
 * again when Auth refuses it; `problem` says which.
 */
function useSave(
  password: string,
  rules: PasswordRule[],
  onSave: (password: string) => Promise<'refused' | undefined>,
  input: RefObject<HTMLInputElement | null>,
) {
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<Problem | undefined>();
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
  return { saving, problem, setProblem, submit };
}

/** The password's rules, each ticked once the password meets it (the field names the list as its description). */
function Rules({ id, rules, password }: { id: string; rules: PasswordRule[]; password: string }) {
  const { t } = useMemberTexts();
  return (
    <div id={id}>
      <p className="email-action__rules-intro">{t('emailAction.reset.rulesIntro')}</p>
      <ul className="email-action__rules">
        {rules.map((rule) => {
          const met = meetsRule(password, rule);
          return (
            <li key={rule.id} className={met ? 'email-action__rule--met' : undefined}>
              <span aria-hidden="true">{met ? '✓' : '•'}</span> {t(`emailAction.reset.rule.${rule.id}`, rule)}{' '}
              <span className="visually-hidden">{met ? t('emailAction.reset.met') : t('emailAction.reset.unmet')}</span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
