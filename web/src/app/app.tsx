import type { i18n as I18n } from 'i18next';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Router, useLocation, type AroundNavHandler, type BaseLocationHook } from 'wouter';
import { useBrowserLocation } from 'wouter/use-browser-location';
import { AppErrorBoundary } from '../components/errors/app-error-boundary';
import { Shell } from '../components/layout/shell';
import { defaultLanguage } from '../config/languages';
import { baseOf, basePath, headerPolicyOf, languageOfBase, matchPage, rebase } from '../config/paths';
import { AddressMoverContext, switchLanguage, type AddressMover } from '../locales/language';
import { AppRouter } from './router';
import { CurrentPageContext } from '../hooks/current-page';
import { HydrationContext, hydrationProgress } from '../components/hydration';

/** Replaces the address bar's path (keeping query and fragment) for the new base. */
function switchBase(from: string, to: string) {
  const { pathname, search, hash } = window.location;
  history.replaceState(history.state, '', `${rebase(pathname, from, to)}${search}${hash}`);
}

/** The page is interactive: an attribute for the browser tests, a user-timing mark for traces. */
function markReady() {
  document.documentElement.dataset.ready = '';
  performance.mark('data-ready');
}

/** Matches the address to its page once per view, for everything below (hooks/current-page.ts). */
function CurrentPage({ children }: { children: ReactNode }) {
  const [location] = useLocation();
  const page = useMemo(() => matchPage(location), [location]);
  return <CurrentPageContext value={page}>{children}</CurrentPageContext>;
}

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
  const { base, moveAddress } = useLanguageBase(initialBase, i18n, location);
  const aroundNav = useDocumentPolicy(ssrPath, location);

  // Marks the page as interactive once every part of it has hydrated (the browser tests wait
  // for it, the benchmark reads the mark): prerendered pages show everything before the app
  // has started.
  const [progress] = useState(() => hydrationProgress(markReady));
  useEffect(() => {
    progress.pageCommitted();
  }, [progress]);

  return (
    <HydrationContext value={progress}>
      <I18nextProvider i18n={i18n}>
        <AddressMoverContext value={location ? undefined : moveAddress}>
          <AppErrorBoundary>
            <Router
              base={base}
              hook={location ?? useBrowserLocation}
              aroundNav={aroundNav}
              {...(ssrPath ? { ssrPath } : {})}
            >
              <CurrentPage>
                <Shell>
                  <AppRouter />
                </Shell>
              </CurrentPage>
            </Router>
          </AppErrorBoundary>
        </AddressMoverContext>
      </I18nextProvider>
    </HydrationContext>
  );
}

/**
 * The router's base, the language prefix of the address (`/it` or ''), and `moveAddress`, which
 * a language switch calls to change it.
 */
function useLanguageBase(initialBase: string, i18n: I18n, location: BaseLocationHook | undefined) {
  const [base, setBase] = useState(initialBase);
  const baseRef = useRef(initialBase);

  // A language switch that moves the address (the selector's, an email link's) takes the
  // visitor to that language's own address (`/features` ↔ `/it/features`), in place, so the
  // address bar always names the language.
  const moveAddress = useCallback<AddressMover>((language) => {
    const wanted = basePath(language);
    if (wanted === baseRef.current) return;
    switchBase(baseRef.current, wanted);
    baseRef.current = wanted;
    setBase(wanted);
  }, []);
  // Back and Forward can cross a language switch (`/it/features` → `/features`, then Back):
  // the base and the language follow the address again.
  useEffect(() => {
    if (location) return undefined;
    const onPopState = () => {
      const found = baseOf(window.location.pathname);
      if (found === baseRef.current) return;
      baseRef.current = found;
      setBase(found);
      void switchLanguage(i18n, languageOfBase(found) ?? defaultLanguage, { save: false });
    };
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, [i18n, location]);
  return { base, moveAddress };
}

/**
 * The router's `aroundNav`: a link into another header policy (the Account page's sign-in
 * popups, or back out of it) loads a new document, so the page gets its own headers: a document
 * keeps the ones it was loaded with. Every other link routes in place.
 */
function useDocumentPolicy(ssrPath: string | undefined, location: BaseLocationHook | undefined) {
  const [documentPolicy] = useState(() =>
    ssrPath === undefined && !location ? headerPolicyOf(window.location.pathname) : undefined,
  );
  return useCallback<AroundNavHandler>(
    (navigate, to, options) => {
      if (
        documentPolicy !== undefined &&
        headerPolicyOf(new URL(to, window.location.href).pathname) !== documentPolicy
      ) {
        window.location.assign(to);
        return;
      }
      navigate(to, options);
    },
    [documentPolicy],
  );
}
