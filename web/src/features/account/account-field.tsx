import type { InputHTMLAttributes } from 'react';

/** A labelled, required input of the Account page's forms; `input` are the input's own attributes. */
export function AccountField({
  id,
  label,
  ...input
}: { id: string; label: string } & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'required'>) {
  return (
    <div className="account__field">
      <label htmlFor={id}>{label}</label>
      <input id={id} required {...input} />
    </div>
  );
}
