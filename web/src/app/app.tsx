import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { Router, type BaseLocationHook } from 'wouter';
import { AppErrorBoundary } from '../components/errors/app-error-boundary';
import { Shell } from '../components/layout/shell';
import { AppRouter } from './router';

type Props = {
  i18n: I18n;
  /** A location hook for tests (wouter's memoryLocation); the browser location otherwise. */
  location?: BaseLocationHook;
};

export function App({ i18n, location }: Props) {
  return (
    <I18nextProvider i18n={i18n}>
      <AppErrorBoundary>
        <Router {...(location ? { hook: location } : {})}>
          <Shell>
            <AppRouter />
          </Shell>
        </Router>
      </AppErrorBoundary>
    </I18nextProvider>
  );
}
