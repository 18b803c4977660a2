import type { Ref } from 'react';
import { TextField } from '../../components/forms/text-field';
import { site } from '../../config/site';
import { useAccountTexts } from '../../locales/account';
import type { AccountFailure } from './account-failure';

// What signing in and confirming the deletion both ask and say: the member's password, and
// what went wrong.

/** The member's password, as signing in and confirming the deletion ask for it. */
export function PasswordField({
  id,
  label,
  name,
  value,
  onChange,
  ref,
}: {
  id: string;
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  ref?: Ref<HTMLInputElement>;
}) {
  return (
    <TextField
      required
      id={id}
      label={label}
      type="password"
      name={name}
      autoComplete="current-password"
      ref={ref}
      value={value}
      onChange={(event) => {
        onChange(event.target.value);
      }}
    />
  );
}

/**
 * What went wrong, where the member acts, as an alert: a failure by its message
 * (account.failure.*), or a text of the form's own; nothing without one.
 */
export function AccountProblem({ failure }: { failure: AccountFailure | { text: string } | undefined }) {
  const { t } = useAccountTexts();
  if (!failure) return null;
  return (
    <p className="account__problem" role="alert">
      {typeof failure === 'object'
        ? failure.text
        : t(`account.failure.${failure}`, { privacyEmail: site.company.dataProtectionEmail })}
    </p>
  );
}
