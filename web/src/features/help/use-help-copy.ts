import { useEffect, useState, type ComponentType } from 'react';
import { baseOf } from '../../config/paths';

/** Whether this build and this browser keep the help centre's copy (the operator can withdraw it). */
export const helpCopyOn = import.meta.env.VITE_SERVICE_WORKER !== 'withdrawn';

/** Runs `work` once the page is usable and the browser idle: the copy never competes with the page. */
function whenIdle(work: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(work, { timeout: 5000 });
    return () => {
      cancelIdleCallback(handle);
    };
  }
  const timer = setTimeout(work, 1000);
  return () => {
    clearTimeout(timer);
  };
}

/** The copy kept on this device: when, and what the help centre's page says of it at its end. */
export type KeptCopy = { at: string; Note: ComponentType<{ kept: string }> };

/**
 * A help page's part in its copy: once the page is usable, the help centre in the visitor's
 * language is kept on the device (keep-help-copy.ts, a script part of its own); `kept` says when
 * it was copied, and `update` is what takes a new build over once one waits (the visitor chooses it).
 */
export function useHelpCopy(): { update: (() => void) | undefined; kept: KeptCopy | undefined } {
  const [update, setUpdate] = useState<(() => void) | undefined>();
  const [kept, setKept] = useState<KeptCopy | undefined>();
  useEffect(() => {
    if (!helpCopyOn || !('serviceWorker' in navigator)) return;
    const base = baseOf(location.pathname);
    return whenIdle(() => {
      void import('./copy/keep-help-copy')
        .then(async ({ keepHelpCopy, HelpCopyKept }) => {
          const answer = await keepHelpCopy(base, (takeOver) => {
            setUpdate(() => takeOver);
          });
          if (answer.type !== 'help-kept') return;
          document.documentElement.dataset.helpCopy = answer.at;
          setKept({ at: answer.at, Note: HelpCopyKept });
        })
        .catch(() => undefined);
    });
  }, []);
  return { update, kept };
}
