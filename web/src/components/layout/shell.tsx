import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { site } from '../../config/site';
import { Footer } from './footer';
import { NavBar } from './nav-bar';

export function Shell({ children }: { children: ReactNode }) {
  const { t, i18n } = useTranslation();

  useEffect(() => {
    document.title = t('meta.title', { product: site.productName });
  }, [t, i18n.resolvedLanguage]);

  return (
    <>
      <a className="skip-link" href="#main">
        {t('skipToContent')}
      </a>
      <NavBar />
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <Footer />
    </>
  );
}
