import { lazy, useState, type ComponentType } from 'react';
import { RouteErrorBoundary } from '../components/errors/route-error-boundary';
import { timings } from '../config/constants';
import { HydrateApart } from '../components/hydration';

export type PageModule = { default: ComponentType };
export type PageLoader = () => Promise<PageModule>;

/** A page's script part did not arrive: offline, a deploy replaced it, or too slow. */
export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
}

/** Loads a page's script part, failing with ChunkLoadError after `timeoutMs`. */
export function loadWithTimeout(load: PageLoader, timeoutMs: number = timings.chunkTimeoutMs): Promise<PageModule> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new ChunkLoadError(`The page did not load within ${timeoutMs / 1000} s`));
    }, timeoutMs);
    load().then(
      (module) => {
        clearTimeout(timer);
        resolve(module);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(new ChunkLoadError(error instanceof Error ? error.message : String(error), { cause: error }));
      },
    );
  });
}

/**
 * Pages loaded ahead of the first render (prerendering, and the browser before it hydrates a
 * prerendered page): they render at once, so the markup matches the HTML already on screen
 * instead of suspending and showing the loading placeholder.
 */
const preloaded = new WeakMap<PageLoader, ComponentType>();

/** Loads a page's script part now, so its route renders without suspending. */
export async function preloadPage(load: PageLoader) {
  const module = await loadWithTimeout(load);
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
