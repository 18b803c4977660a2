// @vitest-environment jsdom
import { act } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../../locales/i18n';
import { resources } from '../../locales/resources';
import { StoreBadges } from './store-badge';

const iPhone =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const androidPhone =
  'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

function badges() {
  return (
    <I18nextProvider i18n={createI18n('en', { en: resources.en })}>
      <StoreBadges />
    </I18nextProvider>
  );
}

const order = (container: Element) =>
  [...container.querySelectorAll('a.store-badge')].map((badge) => badge.getAttribute('data-store'));

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
});

/** Renders the badges as the prerenderer does, then hydrates that HTML on a device with `userAgent`. */
async function hydrateOn(userAgent: string) {
  vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(userAgent);
  const html = renderToString(badges());
  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.append(container);
  const recoverableErrors: unknown[] = [];
  await act(async () => {
    root = hydrateRoot(container, badges(), { onRecoverableError: (error) => recoverableErrors.push(error) });
    await Promise.resolve();
  });
  return { html, container, recoverableErrors };
}

describe('StoreBadges', () => {
  it('prerenders the specification order whoever the visitor is, then puts the App Store first on an iPhone', async () => {
    const { html, container, recoverableErrors } = await hydrateOn(iPhone);
    const prerendered = document.createElement('div');
    prerendered.innerHTML = html;
    expect(order(prerendered)).toEqual(['googlePlay', 'appStore']);
    // No hydration mismatch: React reports one as a recoverable error and renders afresh.
    expect(recoverableErrors).toEqual([]);
    expect(order(container)).toEqual(['appStore', 'googlePlay']);
  });

  it('keeps Google Play first on an Android phone', async () => {
    const { container, recoverableErrors } = await hydrateOn(androidPhone);
    expect(recoverableErrors).toEqual([]);
    expect(order(container)).toEqual(['googlePlay', 'appStore']);
  });
});
