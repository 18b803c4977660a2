import type { ReactNode } from 'react';

/** The dark band at the top of a page, under the transparent nav bar, with the page title. */
export function PageHeader({ title, children }: { title: ReactNode; children?: ReactNode }) {
  return (
    <header className="page-header">
      <div className="page-header__inner">
        <h1>{title}</h1>
        {children}
      </div>
    </header>
  );
}
