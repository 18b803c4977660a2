// @vitest-environment jsdom
import { act, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { App } from './app/app';
import { createI18n } from './locales/i18n';
import { preloadPage } from './app/lazy-page';
import { loaderFor } from './app/routes';
import type { Language } from './config/languages';
import { localizedPath, matchPage, paths, rebase, type RoutePath } from './config/paths';
import { everyPath } from './config/site-pages';
import { notFoundPath, renderPage } from './entry-server';
import { resources } from './locales/resources';

// Every page rendered ahead of time, then hydrated the way the browser does it (main.tsx): the
// development build of React reports any difference between the HTML and the first render.
type Case = { path: string; language: Language; prefixed: boolean; address: string };
const cases: Case[] = [
  ...[...Object.values(everyPath), notFoundPath].flatMap((path): Case[] => {
    const own = path === notFoundPath ? '/it/no-such-page' : localizedPath(path as RoutePath, 'it');
    return [
      { path, language: 'en', prefixed: false, address: path },
      { path, language: 'it', prefixed: false, address: path },
      { path, language: 'it', prefixed: true, address: own },
    ];
  }),
  // Hosting's not-found page at an address shaped like an article's: the article page's part
  // starts it, and shows the not-found page for an id it does not know.
  { path: notFoundPath, language: 'en', prefixed: false, address: '/help/no-such-article' },
  { path: notFoundPath, language: 'it', prefixed: true, address: '/it/help/no-such-article' },
];

/**
 * What React reported on the console, but the warning that the server and the client renderer
 * share context objects: an artefact of running both in one test process, as no browser does.
 */
function reported(calls: unknown[][]): string[] {
  return calls
    .map((args) => args.map(String).join(' '))
    .filter((message) => !message.includes('multiple renderers concurrently rendering the same context'));
}

// React checks for this flag before it accepts act(); Testing Library sets it for its own
// renders, and these tests hydrate without it.
beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});

afterEach(() => {
  document.body.innerHTML = '';
});

describe('prerendered pages', () => {
  it.each(cases)('$address in $language (prefixed: $prefixed) hydrates without a mismatch', async (page) => {
    const { html } = await renderPage(page.path, page.language, page.prefixed);
    expect(html).toContain('<h1');
    expect(html).not.toContain('page-loading'); // the page itself, not the loading placeholder
    expect(html).not.toContain('<script'); // nothing for an inline script to fill in later

    history.replaceState(null, '', page.address);
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const heading = container.querySelector('h1')?.textContent;

    const recoverable = vi.fn();
    const consoleError = vi.spyOn(console, 'error');
    const i18n = createI18n(page.language, resources);
    // As the browser starts it (app/start-up.tsx): the page at the address, without its prefix.
    const load = loaderFor(matchPage(rebase(page.address, page.prefixed ? '/it' : '', '')));
    if (load) await preloadPage(load, page.language);
    const root = await act(() =>
      hydrateRoot(
        container,
        <StrictMode>
          <App i18n={i18n} base={page.prefixed ? '/it' : ''} />
        </StrictMode>,
        { onRecoverableError: recoverable },
      ),
    );

    expect(recoverable).not.toHaveBeenCalled();
    expect(reported(consoleError.mock.calls)).toEqual([]);
    expect(container.querySelector('h1')?.textContent).toBe(heading);
    act(() => {
      root.unmount();
    });
  });

  it('links home without a trailing slash on the Italian addresses', async () => {
    const { html } = await renderPage(paths.features, 'it', true);
    expect(html).toContain('href="/it"');
    expect(html).toContain('href="/it/download-app"');
    expect(html).not.toContain('href="/it/"');
  });
});
