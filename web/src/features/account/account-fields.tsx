import type { InputHTMLAttributes, Ref } from 'react';
import { TextField } from '../../components/forms/text-field';
import { site } from '../../config/site';
import { useAccountTexts } from '../../locales/account';
import type { AccountFailure } from './account-failure';

// What signing in and confirming the deletion both ask and say: the fields the member types
// in, their password among them, and what went wrong.

/**
 * A field the member must fill in, which reports its value as they type. Its attributes go to
 * the input in the order given (the prerendered page writes them so).
 */
export function AccountField({
  onChange,
  ...attributes
}: { id: string; label: string; ref?: Ref<HTMLInputElement>; onChange: (value: string) => void } & Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'id' | 'onChange' | 'aria-invalid' | 'aria-describedby' | 'className'
>) {
  return (
    <TextField
      required
      {...attributes}
      onChange={(event) => {
        onChange(event.target.value);
      }}
    />
  );
}

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
    <AccountField
      id={id}
      label={label}
      type="password"
      name={name}
      autoComplete="current-password"
      ref={ref}
      value={value}
      onChange={onChange}
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
