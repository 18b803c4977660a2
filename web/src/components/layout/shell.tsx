import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { HydrateApart } from '../hydration';
import { usePageHead } from '../../seo/use-page-head';
import { Footer } from './footer';
import { NavBar } from './nav-bar';

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
      <HydrateApart>
        <Footer />
      </HydrateApart>
    </>
  );
}
