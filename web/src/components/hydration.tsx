// How the app hydrates the prerendered page without holding the main thread: the page in
// parts (HydrateApart), values only the browser knows applied afterwards as transitions
// (useClientValue, useHydrated), and `data-ready` once all of it is done (hydrationProgress).
import {
  createContext,
  startTransition,
  Suspense,
  useContext,
  useEffect,
  useId,
  useLayoutEffect,
  useState,
  type ReactNode,
} from 'react';

/**
 * What is still hydrating on the first page: its parts, and the values rendered once more
 * with what only the browser knows. The page is ready once the page around the parts has
 * committed and everything that announced itself has finished, nested parts included.
 */
export type HydrationProgress = {
  /** Something on the page has yet to hydrate (its wrapper committed). */
  expect(id: string): void;
  /** It has hydrated (its content committed). */
  hydrated(id: string): void;
  /** The page around the parts committed. */
  pageCommitted(): void;
  /** Whether everything has hydrated: later renders are the browser's own. */
  readonly ready: boolean;
};

/** Progress that calls `onReady` once, when everything on the first page has hydrated. */
export function hydrationProgress(onReady: () => void): HydrationProgress {
  const pending = new Map<string, boolean>();
  let committed = false;
  let ready = false;
  const check = () => {
    if (ready || !committed || [...pending.values()].some((done) => !done)) return;
    ready = true;
    onReady();
  };
  return {
    expect(id) {
      // A part's content commits before its wrapper when both render in one pass.
      if (!pending.has(id)) pending.set(id, false);
    },
    hydrated(id) {
      pending.set(id, true);
      check();
    },
    pageCommitted() {
      committed = true;
      check();
    },
    get ready() {
      return ready;
    },
  };
}

export const HydrationContext = createContext<HydrationProgress | null>(null);

function Hydrated({ id }: { id: string }) {
  const progress = useContext(HydrationContext);
  useLayoutEffect(() => {
    progress?.hydrated(id);
  }, [progress, id]);
  return null;
}

/**
 * A part of the page that hydrates on its own. The prerendered HTML marks it as a Suspense
 * boundary, which React leaves as it is while it hydrates the page around it, then hydrates in
 * a pass of its own, in slices that give the browser a turn every few milliseconds: the
 * start-up is many short tasks instead of one long one, and a tap on a part makes React
 * hydrate that part first. `fallback` shows while a part rendered by the browser waits for
 * code (a page's script part); parts that wait for nothing never show it.
 */
export function HydrateApart({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  const id = useId();
  const progress = useContext(HydrationContext);
  useLayoutEffect(() => {
    progress?.expect(id);
  }, [progress, id]);
  return (
    <Suspense fallback={fallback}>
      {children}
      <Hydrated id={id} />
    </Suspense>
  );
}

/**
 * A value the prerendered page cannot know (the visitor's device, whether the app runs): the
 * page is prerendered and hydrated with `serverValue`, then renders once more with
 * `clientValue()` in a transition, which React renders in slices between the browser's own
 * work (`useSyncExternalStore` would re-render at once, in one task, right after hydration).
 * The page is ready after that render. A component mounted once the page is ready (on a page
 * the visitor goes to) renders with `clientValue()` straight away.
 */
export function useClientValue<T>(serverValue: T, clientValue: () => T): T {
  const id = useId();
  const progress = useContext(HydrationContext);
  const [hydrating, setHydrating] = useState(() => !progress?.ready);
  useLayoutEffect(() => {
    if (hydrating) progress?.expect(id);
    else progress?.hydrated(id);
  }, [progress, id, hydrating]);
  useEffect(() => {
    if (!hydrating) return;
    startTransition(() => {
      setHydrating(false);
    });
  }, [hydrating]);
  return hydrating ? serverValue : clientValue();
}

const yes = () => true;

/**
 * False while the page is rendered ahead of time and during hydration, true from the next
 * render on. For what the prerendered HTML should leave out: images the first paint does not
 * need, fetched once the app runs instead of competing with the page's largest image.
 */
export function useHydrated(): boolean {
  return useClientValue(false, yes);
}
