import { StrictMode, startTransition } from 'react';
import type * as ReactDomClient from 'react-dom/client';
import { toLanguage } from '../config/languages';
import { baseOf, languageOfBase, matchPage, rebase } from '../config/paths';
import { detectLanguage, startI18n } from '../locales/i18n';
import { nextTask } from '../utils/next-task';
import { App } from './app';
import { preloadPage } from './lazy-page';
import { loaderFor } from './routes';

/**
 * Starts the app on `root`: the page's texts, then its script part, then hydration, each in a
 * task of its own. Hydration runs in a transition, which React renders in slices of a few
 * milliseconds instead of one task for the whole page; it hydrates the page around its parts
 * (components/hydration.tsx) first, then each part in a pass of its own.
 */
export async function startApp(root: HTMLElement, { createRoot, hydrateRoot }: typeof ReactDomClient) {
  // A prerendered page (every page Hosting serves) says in `<html>` which language and address
  // prefix it was rendered for; the browser's first render must match it exactly. Without one
  // (the development server) the language comes from the address, the saved choice or the browser.
  const prerendered = root.firstElementChild !== null;
  const html = document.documentElement;
  const base = prerendered ? (html.dataset.base ?? '') : baseOf(location.pathname);
  const language = prerendered ? toLanguage(html.lang) : (languageOfBase(base) ?? detectLanguage());

  // The texts and the page's script part are loaded before the first render, so it hydrates
  // the HTML on screen as it is and nobody sees the other language or a placeholder.
  const i18n = await startI18n(language);
  await nextTask();
  const page = loaderFor(matchPage(rebase(location.pathname, base, '')));
  if (page) {
    await preloadPage(page, language).catch(() => undefined);
    await nextTask();
  }

  const app = (
    <StrictMode>
      <App i18n={i18n} base={base} />
    </StrictMode>
  );
  startTransition(() => {
    if (prerendered) hydrateRoot(root, app);
    else createRoot(root).render(app);
  });
}
