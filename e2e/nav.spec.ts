import { expect, test } from './support/fixtures.ts';
import { headings, languages, locales, open, paths, projectFor, waitForApp } from './support/site.ts';

const navTexts = {
  en: { features: 'Features', downloadApp: 'Download App', menu: 'Menu' },
  it: { features: 'Funzionalità', downloadApp: "Scarica l'app", menu: 'Menu' },
} as const;

for (const language of languages) {
  test.describe(`in ${language}`, () => {
    test.use({ locale: locales[language] });

    // The bar, its links and the way to them differ with the width (a menu on a phone).
    test(
      'the nav bar turns dark once the page scrolls past 10 px, and the link of the current page is bold, red and underlined',
      { tag: '@widths' },
      async ({ page }, testInfo) => {
        await open(page, paths.features);
        const bar = page.getByTestId('nav-bar');
        await expect(bar).not.toHaveClass(/nav-bar--solid/);
        await expect(bar).toHaveCSS('background-color', 'rgba(0, 0, 0, 0)');
        await page.evaluate('window.scrollTo(0, 5)');
        await expect(bar).not.toHaveClass(/nav-bar--solid/);
        await page.evaluate('window.scrollTo(0, 11)');
        await expect(bar).toHaveClass(/nav-bar--solid/);
        await expect(bar).toHaveCSS('background-color', 'rgb(51, 51, 51)');
        await page.evaluate('window.scrollTo(0, 0)');
        await expect(bar).not.toHaveClass(/nav-bar--solid/);

        if (testInfo.project.name === 'phone')
          await page.getByRole('button', { name: navTexts[language].menu }).click();
        const nav = page.getByRole('navigation').first();
        const active = nav.getByRole('link', { name: navTexts[language].features, exact: true });
        const other = nav.getByRole('link', { name: navTexts[language].downloadApp, exact: true });
        await expect(active).toHaveCSS('font-weight', '700');
        await expect(active).toHaveCSS('color', 'rgb(255, 107, 107)');
        await expect(active).toHaveCSS('text-decoration-line', 'underline');
        await expect(other).toHaveCSS('font-weight', '400');
        await expect(other).toHaveCSS('text-decoration-line', 'none');
        await expect(other).not.toHaveCSS('color', 'rgb(255, 107, 107)');
      },
    );

    test(
      'Back after a language switch returns to the previous page, never to a not-found page',
      { tag: '@widths' },
      async ({ page }, testInfo) => {
        const other = language === 'en' ? 'it' : 'en';
        await open(page, paths.home);
        if (testInfo.project.name === 'phone')
          await page.getByRole('button', { name: navTexts[language].menu }).click();
        await page.getByRole('navigation').first().getByRole('link', { name: navTexts[language].features }).click();
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(headings.features[language]);
        await page.getByRole('combobox').selectOption(other);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(headings.features[other]);
        await page.goBack();
        // From English, Back leaves /it/features for /, in English again. From Italian served at
        // the plain address, choosing English keeps the address, so Back stays in English.
        await expect(page).toHaveURL('/');
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(headings.home.en);
        await expect(page.locator('html')).toHaveAttribute('lang', 'en');
      },
    );

    // The language selector is the same control at every width.
    test(
      'the language choice moves to its own address and holds for the next visits',
      { tag: projectFor(language, '@phone') },
      async ({ page }) => {
        const other = language === 'en' ? 'it' : 'en';
        await open(page, paths.features);
        await expect(page.locator('html')).toHaveAttribute('lang', language);
        await page.getByRole('combobox').selectOption(other);
        await expect(page.locator('html')).toHaveAttribute('lang', other);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(headings.features[other]);
        await expect(page).toHaveURL(other === 'it' ? '/it/features' : '/features');
        // The home link too (the menu may be closed on a phone, so not by role).
        await expect(page.locator('nav .nav-link').first()).toHaveAttribute('href', other === 'it' ? '/it' : '/');
        await page.reload();
        await waitForApp(page);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(headings.features[other]);
        await expect(page.locator('html')).toHaveAttribute('lang', other);
        await expect(page.getByRole('combobox')).toHaveValue(other);
        // A later visit to a plain address gets the chosen language in the first response.
        const response = await page.context().request.get(paths.pro);
        expect(await response.text()).toContain(`<html lang="${other}"`);
      },
    );
  });
}

for (const language of languages) {
  test.describe(`on a phone in ${language}`, () => {
    test.use({ locale: locales[language] });

    // The menu button is shown on narrow screens only: the desktop project leaves out @phone.
    test('the menu opens and navigates', { tag: '@phone' }, async ({ page }) => {
      await open(page, paths.home);
      const toggle = page.getByRole('button', { name: navTexts[language].menu });
      const link = page.locator('nav .nav-link', { hasText: navTexts[language].downloadApp });
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await expect(link).toBeHidden();
      await toggle.click();
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      await expect(page.getByTestId('nav-bar')).toHaveClass(/nav-bar--solid/);
      await link.click();
      await expect(page).toHaveURL(paths.downloadApp);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(headings.downloadApp[language]);
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await expect(link).toBeHidden();
    });
  });
}
