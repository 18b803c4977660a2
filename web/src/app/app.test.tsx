// @vitest-environment jsdom
import { act, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { paths } from '../config/paths';
import { reaLine, registeredOfficeLine } from '../config/operator';
import { site } from '../config/site';
import { pageHead } from '../seo/page-head';
import { renderSite } from '../test/render';

describe('the site shell', () => {
  it('shows the home page in English by default', async () => {
    renderSite(paths.home);
    expect(await screen.findByRole('heading', { level: 1, name: 'Sport Fishing App' })).toBeDefined();
    expect(document.documentElement.lang).toBe('en');
    await waitFor(() => {
      expect(document.title).toBe(pageHead('home', 'en').title);
    });
  });

  it('shows the home page in Italian, with lang and title in Italian', async () => {
    renderSite(paths.home, 'it');
    expect(await screen.findByRole('heading', { level: 1, name: 'App di pesca sportiva' })).toBeDefined();
    expect(document.documentElement.lang).toBe('it');
    await waitFor(() => {
      expect(document.title).toBe(pageHead('home', 'it').title);
    });
  });

  it('shows the not-found page for an unknown path', async () => {
    renderSite('/no-such-page');
    expect(await screen.findByRole('heading', { name: '404 - File or directory not found.' })).toBeDefined();
    expect(
      screen.getByText(
        'The resource you are looking for might have been removed, had its name changed, or is temporarily unavailable.',
      ),
    ).toBeDefined();
  });

  it('shows a help article at its address with a trailing slash, as any static host may serve it', async () => {
    renderSite(`${paths.help}/cancel-pro/`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'How do I cancel my Pro subscription?' }),
    ).toBeDefined();
  });

  it('marks only the current page link as active', async () => {
    renderSite(paths.home);
    const nav = await screen.findByRole('navigation');
    expect(within(nav).getByRole('link', { name: 'Home' }).className).toContain('nav-link--active');
    expect(within(nav).getByRole('link', { name: 'Features' }).className).not.toContain('nav-link--active');
  });

  it('navigates with the nav links', async () => {
    const { location } = renderSite(paths.home);
    await userEvent.click(within(await screen.findByRole('navigation')).getByRole('link', { name: 'Features' }));
    expect(location.history.at(-1)).toBe(paths.features);
  });

  it("switches language with the selector and saves the choice in Hosting's language cookie", async () => {
    renderSite(paths.home);
    const selector = await screen.findByRole('combobox', { name: 'Language' });
    await act(() => userEvent.selectOptions(selector, 'it'));
    expect(await screen.findByRole('heading', { level: 1, name: 'App di pesca sportiva' })).toBeDefined();
    expect(document.documentElement.lang).toBe('it');
    expect(document.cookie).toContain('firebase-language-override=it');
  });

  it('shows the copyright years and the operator’s legal line in the footer', async () => {
    renderSite(paths.home);
    const footer = await screen.findByRole('contentinfo');
    expect(footer.textContent).toContain(`2023–${new Date().getFullYear()}`);
    const { chamber, number } = site.company.register;
    expect(footer.textContent).toContain(
      `${site.operatorName}Registered office: ${registeredOfficeLine()} · VAT ${site.vatNumber} · Companies Register of ${chamber} and tax code ${number} · REA ${reaLine()}`,
    );
    // The operator's email address and PEC, each a link (art. 7 of D.Lgs. 70/2003).
    for (const address of [site.supportEmail, site.company.pec]) {
      expect(within(footer).getByRole('link', { name: address }).getAttribute('href')).toBe(`mailto:${address}`);
    }
  });
});
