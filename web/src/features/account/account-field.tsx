import type { ReactNode } from 'react';

/** A labelled field of the Account page's forms. */
export function AccountField({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="account__field">
      <label htmlFor={id}>{label}</label>
      {children}
    </div>
  );
}
