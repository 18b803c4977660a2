import type { i18n as I18n } from 'i18next';
import { useEffect, useRef, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Router, type BaseLocationHook } from 'wouter';
import { useBrowserLocation } from 'wouter/use-browser-location';
import { AppErrorBoundary } from '../components/errors/app-error-boundary';
import { Shell } from '../components/layout/shell';
import { toLanguage } from '../config/languages';
import { basePath, switchBase } from './base-path';
import { AppRouter } from './router';

type Props = {
  i18n: I18n;
  /** A location hook for tests (wouter's memoryLocation); the browser location otherwise. */
  location?: BaseLocationHook;
  /** The language prefix the page was opened under (`/it`), or '' for the unprefixed addresses. */
  base?: string;
  /** The path being rendered ahead of time, when there is no browser (prerendering). */
  ssrPath?: string;
};

export function App({ i18n, location, base: initialBase = '', ssrPath }: Props) {
  const [base, setBase] = useState(initialBase);
  const baseRef = useRef(initialBase);

  // A language chosen in the selector moves the visitor to that language's own address
  // (`/features` ↔ `/it/features`), in place, so the address bar always names the language.
  useEffect(() => {
    if (location) return undefined;
    const onChange = (language: string) => {
      const wanted = basePath(toLanguage(language));
      if (wanted === baseRef.current) return;
      switchBase(baseRef.current, wanted);
      baseRef.current = wanted;
      setBase(wanted);
    };
    i18n.on('languageChanged', onChange);
    return () => {
      i18n.off('languageChanged', onChange);
    };
  }, [i18n, location]);

  // Marks the page as interactive (the browser tests wait for it): prerendered pages show
  // everything before the app has started.
  useEffect(() => {
    document.documentElement.dataset.ready = '';
  }, []);

  return (
    <I18nextProvider i18n={i18n}>
      <AppErrorBoundary>
        <Router base={base} hook={location ?? useBrowserLocation} {...(ssrPath ? { ssrPath } : {})}>
          <Shell>
            <AppRouter />
          </Shell>
        </Router>
      </AppErrorBoundary>
    </I18nextProvider>
  );
}
