import type { ComponentType } from 'react';
import { timings } from '../config/constants';
import type { Language } from '../config/languages';

// Loading a script part of the site: a page's (app/lazy-page.tsx) or a part of a page that comes
// later (components/hydrate-when-near.tsx).

/**
 * A script part whose default export is a component: a page, or a part of one. A page may also
 * say what else it needs in a language before it renders (`ready`: its texts, when they are a
 * part of their own), which is loaded with it before a prerendered page hydrates, so the page
 * hydrates in one pass instead of waiting for them halfway.
 */
export type PageModule = { default: ComponentType; ready?: (language: Language) => Promise<unknown> };
export type PageLoader = () => Promise<PageModule>;

/** A script part did not arrive: offline, a deploy replaced it, or too slow. */
export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
}

/** Loads a script part, failing with ChunkLoadError after `timeoutMs`. */
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
