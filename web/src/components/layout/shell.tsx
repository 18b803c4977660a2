import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { HydrateApart } from '../hydration';
import { HydrateWhenNear } from '../hydrate-when-near';
import { usePageHead } from '../../seo/use-page-head';
import { NavBar } from './nav-bar';

/** The footer, below every page's first screen: its script part comes when it nears the screen. */
export const loadFooter = () => import('./footer');

export function Shell({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  usePageHead();

  return (
    <>
      <a className="skip-link" href="#main">
        {t('skipToContent')}
      </a>
      <HydrateApart>
        <NavBar />
      </HydrateApart>
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <HydrateWhenNear load={loadFooter} />
    </>
  );
}
