import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { baseOf, languageOfBase } from './config/paths';
import { detectLanguage, startI18n } from './locales/i18n';
import { preloadPage } from './app/lazy-page';
import { loaderFor } from './app/routes';
import { toLanguage } from './config/languages';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');

// A prerendered page (every page Hosting serves) says in `<html>` which language and address
// prefix it was rendered for; the browser's first render must match it exactly. Without one
// (the development server) the language comes from the address, the saved choice or the browser.
const prerendered = root.firstElementChild !== null;
const html = document.documentElement;
const base = prerendered ? (html.dataset.base ?? '') : baseOf(location.pathname);
const language = prerendered ? toLanguage(html.lang) : (languageOfBase(base) ?? detectLanguage());

// The page's texts and script part are fetched before the first render (in parallel), so it
// hydrates the HTML on screen in one pass and nobody sees the other language or a placeholder.
// (Promises rather than a top-level await, which would make the bundler split the entry.)
const path = location.pathname.slice(base.length) || '/';
const page = loaderFor(path);
void Promise.all([startI18n(language), page ? preloadPage(page).catch(() => undefined) : undefined]).then(([i18n]) => {
  const app = (
    <StrictMode>
      <App i18n={i18n} base={base} />
    </StrictMode>
  );
  if (prerendered) hydrateRoot(root, app);
  else createRoot(root).render(app);
});
