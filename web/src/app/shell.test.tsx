// @vitest-environment jsdom
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AppErrorBoundary } from '../components/errors/app-error-boundary';
import { paths } from '../config/paths';
import { renderSite } from '../test/render';
import { createI18n } from '../locales/i18n';
import { LazyPage } from './lazy-page';
import { loadWithTimeout } from '../utils/load-part';
import { I18nextProvider } from 'react-i18next';

function scrollTo(y: number) {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
  fireEvent.scroll(window);
}

describe('nav bar', () => {
  it('is transparent at the top and dark once scrolled more than 10 px', async () => {
    renderSite(paths.home);
    const bar = await screen.findByTestId('nav-bar');
    scrollTo(0);
    expect(bar.className).not.toContain('nav-bar--solid');
    scrollTo(10);
    expect(bar.className).not.toContain('nav-bar--solid');
    scrollTo(11);
    expect(bar.className).toContain('nav-bar--solid');
    scrollTo(3);
    expect(bar.className).not.toContain('nav-bar--solid');
  });

  it('opens and closes the menu with its toggle, closes it on navigation and on Escape', async () => {
    renderSite(paths.home);
    const toggle = await screen.findByRole('button', { name: 'Menu' });
    const menu = screen.getByRole('navigation');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(menu.className).toContain('is-open');
    await userEvent.click(within(menu).getByRole('link', { name: 'Download App' }));
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(toggle);
    await userEvent.keyboard('{Escape}');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
  });
});

describe('page script parts', () => {
  it('fail after 120 s without an answer', async () => {
    vi.useFakeTimers();
    try {
      const pending = loadWithTimeout(() => new Promise(() => {}));
      const outcome = pending.then(
        () => 'loaded',
        (error: unknown) => (error as Error).name,
      );
      await vi.advanceTimersByTimeAsync(119_999);
      await vi.advanceTimersByTimeAsync(1);
      expect(await outcome).toBe('ChunkLoadError');
    } finally {
      vi.useRealTimers();
    }
  });

  it('show a friendly message when they fail to load, and load again on retry', async () => {
    const page = { default: () => <h1>Loaded page</h1> };
    const load = vi
      .fn<() => Promise<typeof page>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue(page);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <I18nextProvider i18n={createI18n('en')}>
        <LazyPage load={load} />
      </I18nextProvider>,
    );
    expect(await screen.findByRole('heading', { name: 'This page could not be loaded' })).toBeDefined();
    await act(() => userEvent.click(screen.getByRole('button', { name: 'Try again' })));
    expect(await screen.findByRole('heading', { name: 'Loaded page' })).toBeDefined();
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('unexpected errors', () => {
  it('show the generic error page', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    function Broken(): never {
      throw new Error('boom');
    }
    render(
      <I18nextProvider i18n={createI18n('en')}>
        <AppErrorBoundary>
          <Broken />
        </AppErrorBoundary>
      </I18nextProvider>,
    );
    expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeDefined();
  });
});
