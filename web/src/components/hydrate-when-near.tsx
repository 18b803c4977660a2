// A part of the page below the first screen whose script part comes only when it nears the
// screen: the prerendered HTML shows it complete, the page around it hydrates without it, and a
// tap on one of its buttons before its code has arrived is kept and replayed once it has.
import { Suspense, use, useContext, useLayoutEffect, useRef, useState, type ComponentType } from 'react';
import { loadWithTimeout, type PageLoader } from '../utils/load-part';
import { HydrationContext, hydrationProgress, type HydrationProgress } from './hydration';
import { useLanguage } from '../locales/language';

/** How close to the screen a part comes before its code is fetched (below the screen's bottom edge). */
const nearMargin = '0px 0px 25% 0px';

/** A part's script part: fetched once asked for, its component kept for every later render. */
type LaterPart = {
  /** The component once its script part has arrived. */
  readonly component: ComponentType | undefined;
  /** Resolves with the component: pending until `start` has been called and the part arrived. */
  readonly arrived: Promise<ComponentType>;
  /** Fetches the script part, unless it is on its way; after a failure, the next call tries again. */
  start(): void;
};

const parts = new WeakMap<PageLoader, LaterPart>();

/** The part of `load`, one per loader for the whole visit. */
export function laterPart(load: PageLoader): LaterPart {
  const known = parts.get(load);
  if (known) return known;
  let component: ComponentType | undefined;
  let loading = false;
  let arrive!: (component: ComponentType) => void;
  const arrived = new Promise<ComponentType>((resolve) => {
    arrive = resolve;
  });
  const part: LaterPart = {
    get component() {
      return component;
    },
    arrived,
    start() {
      if (loading || component) return;
      loading = true;
      loadWithTimeout(load).then(
        (module) => {
          component = module.default;
          arrive(module.default);
        },
        () => {
          // Offline or a deploy replaced it: the HTML stays as it is, the next approach or tap tries again.
          loading = false;
        },
      );
    },
  };
  parts.set(load, part);
  return part;
}

/** Fetches a part's script part now (tests, and the prerenderer, which renders it complete). */
export async function preloadPart(load: PageLoader): Promise<void> {
  const part = laterPart(load);
  part.start();
  await part.arrived;
}

function PartContent({ part }: { part: LaterPart }) {
  // Rendered ahead of time (no document), the part is fetched at once and the prerenderer waits.
  if (typeof document === 'undefined') part.start();
  return part.component ? <Show component={part.component} /> : <Waiting part={part} />;
}

/** Waits for the part's script part (the boundary shows its HTML, or nothing, meanwhile). */
function Waiting({ part }: { part: LaterPart }) {
  return <Show component={use(part.arrived)} />;
}

function Show({ component: Component }: { component: ComponentType }) {
  return <Component />;
}

function Committed({ onCommit }: { onCommit: () => void }) {
  useLayoutEffect(onCommit, [onCommit]);
  return null;
}

/**
 * Fetches the part's script part when its `content` nears the screen, or at a tap on one of its
 * buttons, which is held (`taps`) to be replayed once the part has hydrated. Returns what stops it.
 */
function watchForPart(part: LaterPart, element: Element, content: Element, taps: HTMLElement[]): () => void {
  const hold = (event: Event) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (!button || !element.contains(button)) return;
    // Before React sees it: a click on a part it has not hydrated is dropped.
    event.preventDefault();
    event.stopPropagation();
    taps.push(button);
    part.start();
  };
  const observer = new IntersectionObserver(
    (entries) => {
      if (entries.some((entry) => entry.isIntersecting)) part.start();
    },
    { rootMargin: nearMargin },
  );
  observer.observe(content);
  document.addEventListener('click', hold, true);
  return () => {
    observer.disconnect();
    document.removeEventListener('click', hold, true);
  };
}

/**
 * A part of the page whose script part (`load`) is fetched when it comes within a quarter of a
 * screen of the visitor's screen (focus moved into it brings it there), or at a tap on it. On
 * the prerendered page React leaves its HTML as it is until then (a Suspense boundary waiting for
 * the code), so a visitor who never scrolls to it never downloads it. A tap on one of its buttons
 * in the meantime, which React would drop, is held and replayed on the same button once the part
 * has hydrated. Rendered by the browser without HTML ahead (another page first, the tests, or the
 * visitor switched language before it hydrated), it is fetched at once. The page's `data-ready` does not wait for it: it hydrates with its own progress.
 */
export function HydrateWhenNear({ load }: { load: PageLoader }) {
  const part = laterPart(load);
  const box = useRef<HTMLDivElement>(null);
  const pageProgress = useContext(HydrationContext);
  const held = useRef<HTMLElement[]>([]);
  const [hydrated, setHydrated] = useState(false);
  // The HTML is in the language the page was rendered in. Switched before the part has
  // hydrated, the part is drawn afresh in the new one: hydrated, it would not match.
  const language = useLanguage();
  const [renderedIn] = useState(language);
  const [fresh, setFresh] = useState(false);
  if (!hydrated && !fresh && language !== renderedIn) {
    setFresh(true);
  }
  // While the page hydrates, the part has a progress of its own: values only the browser knows
  // render once the part has hydrated, not at once, and the page's `data-ready` does not wait for it.
  const [progress] = useState<HydrationProgress | null>(() =>
    pageProgress?.ready === false ? hydrationProgress(() => undefined) : null,
  );

  useLayoutEffect(() => {
    const element = box.current;
    const content = element?.firstElementChild;
    if (!element || !content || part.component) {
      part.start();
      return undefined;
    }
    return watchForPart(part, element, content, held.current);
  }, [part, hydrated, fresh]);

  const onCommit = () => {
    if (hydrated) return;
    setHydrated(true);
    progress?.pageCommitted();
    const taps = held.current.splice(0);
    // Once this commit is done, each on the button it was meant for, React's handlers in place.
    if (taps.length > 0) {
      queueMicrotask(() => {
        for (const button of taps) button.click();
      });
    }
  };

  return (
    <div ref={box} className="later-part" data-hydrated={hydrated ? '' : undefined}>
      <HydrationContext value={progress ?? pageProgress}>
        <Suspense key={fresh ? 'fresh' : 'prerendered'} fallback={null}>
          <PartContent part={part} />
          <Committed onCommit={onCommit} />
        </Suspense>
      </HydrationContext>
    </div>
  );
}
