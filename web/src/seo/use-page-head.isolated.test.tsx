// @vitest-environment jsdom
import { act, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Language } from '../config/languages';
import { paths } from '../config/paths';
import { resources } from '../locales/resources';
import { renderSite } from '../test/render';
import type { Page } from './addresses';
import { applyPageHead } from './apply-head';
import { pageHead } from './page-head';
import { renderHead } from './render-head';
import { headDescribes } from './use-page-head';

// The updater the hook loads, watched: the test can tell whether it was loaded and called.
vi.mock('./apply-head', async (importOriginal) => {
  const original = await importOriginal<typeof import('./apply-head')>();
  return { applyPageHead: vi.fn(original.applyPageHead) };
});

/** The template's own head tags (web/index.html), which the updater must leave alone. */
const template =
  '<meta charset="UTF-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
  '<meta name="theme-color" content="#1f2933"><link rel="icon" href="/favicon.svg" type="image/svg+xml">';

/** What a crawler or a share preview would read from the live document's head. */
function liveHead() {
  const { head } = document;
  const content = (selector: string) =>
    [...head.querySelectorAll(`meta[${selector}]`)].map((element) => element.getAttribute('content'));
  return {
    title: document.title,
    titles: head.querySelectorAll('title').length,
    description: content('name="description"'),
    robots: content('name="robots"'),
    canonical: [...head.querySelectorAll('link[rel="canonical"]')].map((link) => link.getAttribute('href')),
    alternates: [...head.querySelectorAll('link[rel="alternate"]')].map((link) => [
      link.getAttribute('hreflang'),
      link.getAttribute('href'),
    ]),
    ogUrl: content('property="og:url"'),
    ogTitle: content('property="og:title"'),
    ogDescription: content('property="og:description"'),
    ogLocale: content('property="og:locale"'),
    twitterTitle: content('name="twitter:title"'),
    twitterDescription: content('name="twitter:description"'),
    jsonLd: head.querySelectorAll('script[type="application/ld+json"]').length,
    template: head.querySelectorAll('meta[charset], meta[name="viewport"], meta[name="theme-color"], link[rel="icon"]')
      .length,
  };
}

function expectedHead(page: Page, language: Language) {
  const head = pageHead(page, language);
  return {
    title: head.title,
    titles: 1,
    description: [head.description],
    robots: head.robots ? [head.robots] : [],
    canonical: head.canonical ? [head.canonical] : [],
    alternates: head.alternates.map(({ hreflang, href }) => [hreflang, href]),
    ogUrl: head.canonical ? [head.canonical] : [],
    ogTitle: [head.title],
    ogDescription: [head.description],
    ogLocale: [language === 'en' ? 'en_GB' : 'it_IT'],
    twitterTitle: [head.title],
    twitterDescription: [head.description],
    jsonLd: head.jsonLd ? 1 : 0,
    template: 4,
  };
}

const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 100)));

beforeEach(() => {
  document.head.innerHTML = template;
  vi.mocked(applyPageHead).mockClear();
});

describe('usePageHead', () => {
  it('leaves the prerendered head alone and loads nothing on the first page', async () => {
    document.head.innerHTML = template + renderHead('features', 'en');
    const prerendered = [...document.head.children];
    renderSite(paths.features);
    await settle();
    expect(applyPageHead).not.toHaveBeenCalled();
    expect([...document.head.children]).toEqual(prerendered);
    prerendered.forEach((element, index) => {
      expect(document.head.children[index]).toBe(element);
    });
  });

  it('writes the head when the document has none (the development server)', async () => {
    renderSite(paths.pro, 'it');
    await waitFor(() => {
      expect(liveHead()).toEqual(expectedHead('pro', 'it'));
    });
  });

  it('follows the visitor from page to page, the not-found page included', async () => {
    document.head.innerHTML = template + renderHead('home', 'en');
    const { location } = renderSite(paths.home);

    act(() => {
      location.navigate(paths.downloadApp);
    });
    await waitFor(() => {
      expect(liveHead()).toEqual(expectedHead('downloadApp', 'en'));
    });

    act(() => {
      location.navigate('/no-such-page');
    });
    await waitFor(() => {
      expect(liveHead()).toEqual(expectedHead('notFound', 'en'));
    });

    act(() => {
      location.navigate(paths.privacy);
    });
    await waitFor(() => {
      expect(liveHead()).toEqual(expectedHead('privacy', 'en'));
    });
    expect(vi.mocked(applyPageHead).mock.calls.map(([, page, language]) => [page, language])).toEqual([
      ['downloadApp', 'en'],
      ['notFound', 'en'],
      ['privacy', 'en'],
    ]);
  });

  it('follows a change of language', async () => {
    document.head.innerHTML = template + renderHead('features', 'en');
    const { i18n } = renderSite(paths.features);
    i18n.addResourceBundle('it', 'common', resources.it.common);

    await act(() => i18n.changeLanguage('it'));
    await waitFor(() => {
      expect(liveHead()).toEqual(expectedHead('features', 'it'));
    });

    await act(() => i18n.changeLanguage('en'));
    await waitFor(() => {
      expect(liveHead()).toEqual(expectedHead('features', 'en'));
    });
  });

  it('applies only the last of quick changes', async () => {
    const { location } = renderSite(paths.home);
    act(() => {
      location.navigate(paths.pro);
      location.navigate(paths.support);
    });
    act(() => {
      location.navigate(paths.terms);
    });
    await waitFor(() => {
      expect(liveHead()).toEqual(expectedHead('terms', 'en'));
    });
    await settle();
    expect(liveHead()).toEqual(expectedHead('terms', 'en'));
    expect(vi.mocked(applyPageHead).mock.calls.map(([, page]) => page)).toEqual(['terms']);
  });
});

describe('headDescribes', () => {
  it.each([
    ['features', 'en', 'features', 'en', true],
    ['features', 'en', 'features', 'it', false],
    ['features', 'en', 'pro', 'en', false],
    ['home', 'it', 'home', 'it', true],
    ['notFound', 'en', 'notFound', 'en', true],
    ['notFound', 'en', 'notFound', 'it', false],
    ['notFound', 'it', 'home', 'it', false],
    ['home', 'en', 'notFound', 'en', false],
  ] as const)('a head written for %s (%s) describes %s (%s): %s', (written, writtenIn, page, language, result) => {
    document.head.innerHTML = template + renderHead(written, writtenIn);
    expect(headDescribes(document, page, language)).toBe(result);
  });

  it('finds an empty head describes nothing', () => {
    expect(headDescribes(document, 'home', 'en')).toBe(false);
    expect(headDescribes(document, 'notFound', 'en')).toBe(false);
  });
});
