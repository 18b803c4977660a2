// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { siteNoticeLimits, siteNoticePath, type SiteNotice } from '@contracts/site-notice';
import { renderSite } from '../../test/render';
import { noticeRefreshMs, shownNoticeId } from './notice-store';

// The known problem on the pages that show it, with the read (/api/notice) answered by a stub:
// where it shows, in which language, as text, and nothing where there is none.

const notice: SiteNotice = {
  id: 'Q2x9LmTz81KpRw3vBn0c',
  text: { en: 'Sign-in <b>fails</b> on Android 15; a fix is on its way.', it: 'Accesso non riuscito su Android 15.' },
  since: '2026-01-01T00:00:00.000Z',
  until: null,
  help: 'app-not-working',
  state: 'investigating',
  updates: [],
  part: null,
  articles: ['app-not-working'],
};

function answer(body: unknown) {
  const read = vi.fn<typeof fetch>(() =>
    Promise.resolve(new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } })),
  );
  vi.stubGlobal('fetch', read);
  return read;
}

const box = (container: HTMLElement) => container.querySelector('.known-problem');

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the known problem', () => {
  it('shows above the contact form, as text, in a polite live region, from a plain read', async () => {
    const read = answer({ notice });
    const { container } = renderSite('/support');
    expect(await screen.findByText(notice.text.en ?? '')).toBeTruthy();
    expect(box(container)?.getAttribute('aria-live')).toBe('polite');
    expect(box(container)?.querySelector('b')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Known problem' })).toBeTruthy();
    // No cache mode of its own: `no-cache` would ask Hosting's CDN to go back to the function.
    expect(read).toHaveBeenCalledWith(siteNoticePath, { headers: { Accept: 'application/json' } });
  });

  it('shows in the page’s language on the help centre, and on the article it names only', async () => {
    answer({ notice });
    const help = renderSite('/help', 'it');
    expect(await screen.findByText(notice.text.it ?? '')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Problema noto' })).toBeTruthy();
    help.unmount();
    const named = renderSite('/help/app-not-working');
    expect(await screen.findByText(notice.text.en ?? '')).toBeTruthy();
    named.unmount();
    // The same article, with a notice that names another.
    const read = answer({ notice: { ...notice, help: 'reset-password', articles: ['reset-password'] } });
    const other = renderSite('/help/app-not-working');
    await waitFor(() => expect(box(other.container)).toBeTruthy());
    await waitFor(() => expect(read).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(box(other.container)?.childElementCount).toBe(0);
    other.unmount();
    // A notice about the forecast, on an article about it that it does not name.
    answer({ notice: { ...notice, help: null, part: 'forecast', articles: ['marine-forecast'] } });
    const part = renderSite('/help/marine-forecast');
    expect(await screen.findByText(notice.text.en ?? '')).toBeTruthy();
    part.unmount();
  });

  it('shows nothing, and takes no room, without a notice, with one whose time ended, or with an answer not in its shape', async () => {
    for (const body of [
      { notice: null },
      { notice: { ...notice, until: '2026-01-01T01:00:00.000Z' } },
      { notice: { ...notice, text: { en: 'two\nlines' } } },
      '<html>',
    ]) {
      const read = answer(body);
      const { container, unmount } = renderSite('/support');
      await waitFor(() => expect(box(container)).toBeTruthy());
      await waitFor(() => expect(read).toHaveBeenCalled());
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(box(container)?.childElementCount, JSON.stringify(body)).toBe(0);
      unmount();
    }
  });

  it('is on an open page within a minute of being set or cleared', () => {
    // How old the answer may be (the function's memory, then the CDN; browsers keep none), and
    // how long an open page waits before it asks again.
    const { memorySeconds, cdnSeconds } = siteNoticeLimits;
    expect(memorySeconds * 1000 + cdnSeconds * 1000 + noticeRefreshMs).toBeLessThanOrEqual(60_000);
  });

  it('gives a message written while it is shown its id, and none once its time ended', async () => {
    answer({ notice: { ...notice, until: '2099-01-01T00:00:00.000Z' } });
    const { unmount } = renderSite('/support');
    expect(await screen.findByText(notice.text.en ?? '')).toBeTruthy();
    expect(shownNoticeId()).toBe(notice.id);
    expect(shownNoticeId(Date.parse('2099-01-01T00:00:00.000Z'))).toBeUndefined();
    unmount();
  });
});
