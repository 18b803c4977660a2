import { lazy, useState, type ComponentType } from 'react';
import type { Language } from '../config/languages';
import { loadWithTimeout, type PageLoader } from '../utils/load-part';
import { RouteErrorBoundary } from '../components/errors/route-error-boundary';
import { HydrateApart } from '../components/hydration';

/**
 * Pages loaded ahead of the first render (prerendering, and the browser before it hydrates a
 * prerendered page): they render at once, so the markup matches the HTML already on screen
 * instead of suspending and showing the loading placeholder.
 */
const preloaded = new WeakMap<PageLoader, ComponentType>();

/** Loads a page's script part, and what it needs in `language`, now, so its route renders without suspending. */
export async function preloadPage(load: PageLoader, language: Language) {
  const module = await loadWithTimeout(load);
  await module.ready?.(language);
  preloaded.set(load, module.default);
}

type LazyComponent = ReturnType<typeof lazy<ComponentType>>;
const lazyPages = new WeakMap<PageLoader, LazyComponent[]>();

/** One lazy component per loader and attempt, so a retry imports afresh. */
function lazyPage(load: PageLoader, attempt: number): LazyComponent {
  const attempts = lazyPages.get(load) ?? [];
  lazyPages.set(load, attempts);
  attempts[attempt] ??= lazy(() => loadWithTimeout(load));
  return attempts[attempt];
}

/**
 * A route's page, loaded on first visit. When its script part fails to load, the visitor
 * gets a message and a button that tries again (a fresh import, not React's cached failure).
 */
export function LazyPage({ load }: { load: PageLoader }) {
  const [attempt, setAttempt] = useState(0);
  return (
    <RouteErrorBoundary
      key={attempt}
      onRetry={() => {
        setAttempt((previous) => previous + 1);
      }}
    >
      <HydrateApart fallback={<div className="page-loading" aria-busy="true" />}>
        <Render page={(attempt === 0 && preloaded.get(load)) || lazyPage(load, attempt)} />
      </HydrateApart>
    </RouteErrorBoundary>
  );
}

function Render({ page: Page }: { page: ComponentType }) {
  return <Page />;
}
