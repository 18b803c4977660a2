import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { contactTexts, open, paths, reachPart } from './support/site.ts';

// axe-core on every page template in both languages at both widths: e2e/pages.spec.ts; on the
// states the journeys reach (errors, confirmations, a signed-in member): their own tests. Here,
// the keyboard walks.

/** Presses Tab until the focused element matches, failing after `limit` presses. */
async function tabTo(page: Page, target: ReturnType<Page['locator']>, limit = 40) {
  for (let presses = 0; presses < limit; presses++) {
    await page.keyboard.press('Tab');
    if ((await target.and(page.locator(':focus')).count()) > 0) return;
  }
  throw new Error(`Tab did not reach ${target.toString()} within ${String(limit)} presses`);
}

// A keyboard walk is a desktop matter: the phone project leaves out tests tagged @desktop.
test.describe('keyboard only', { tag: '@desktop' }, () => {
  test('the nav bar and the carousels work with the keyboard', async ({ page }) => {
    // The page's time stands still, so neither carousel moves by itself while the keys walk
    // to it (on a slow machine the walk outlasted the slideshow's 5 s and it had moved on).
    const start = new Date('2026-06-01T08:00:00Z');
    await page.clock.install({ time: start });
    // Paused a minute on: a pause behind the clock's own time fails, and before the page opens
    // no timer is due, so the jump fires nothing.
    await page.clock.pauseAt(new Date(start.getTime() + 60_000));
    await open(page, paths.home, { pausedClock: true });
    // The slideshow hydrates as it nears the screen; the walk reaches it hydrated.
    await reachPart(page, page.locator('.slideshow__carousel'), { pausedClock: true });
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await tabTo(page, page.getByRole('link', { name: 'Skip to content' }));
    await tabTo(page, nav.getByRole('link', { name: 'Home' }));
    await tabTo(page, nav.getByRole('link', { name: 'Features' }));
    await tabTo(page, page.getByRole('combobox', { name: 'Language' }));

    // The background photos: arrow by Enter, thumbnail by Space, keys, pause by Enter.
    const hero = page.locator('.home-hero');
    await tabTo(page, page.getByRole('button', { name: 'Previous photo' }));
    await tabTo(page, page.getByRole('button', { name: 'Next photo' }));
    await page.keyboard.press('Enter');
    await expect(hero).toHaveAttribute('data-photo', '1');
    await page.keyboard.press('ArrowLeft');
    await expect(hero).toHaveAttribute('data-photo', '0');
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Space');
    await expect(hero).not.toHaveAttribute('data-photo', '0');
    const pausePhotos = page.getByRole('button', { name: 'Pause the background photos' });
    await tabTo(page, pausePhotos);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', { name: 'Play the background photos' })).toBeFocused();

    // The screenshots: arrows, a dot, keys, pause.
    const slide = page.locator('.slide--active');
    await tabTo(page, page.getByRole('button', { name: 'Previous screenshot' }));
    await page.keyboard.press('Enter');
    await expect(slide).toHaveAttribute('data-slide', '06');
    await tabTo(page, page.getByRole('button', { name: /^Show screenshot 3:/ }));
    await page.keyboard.press('Space');
    await expect(slide).toHaveAttribute('data-slide', '03');
    await page.keyboard.press('ArrowRight');
    await expect(slide).toHaveAttribute('data-slide', '04');
    await tabTo(page, page.getByRole('button', { name: 'Next screenshot' }));
    await page.keyboard.press('Space');
    await expect(slide).toHaveAttribute('data-slide', '05');
    await tabTo(page, page.getByRole('button', { name: 'Pause the slideshow' }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', { name: 'Play the slideshow' })).toBeFocused();
  });

  test('the contact form and its dialog work with the keyboard', async ({ page }) => {
    const texts = contactTexts.en;
    await open(page, paths.support);
    const email = page.getByLabel(texts.email);
    await tabTo(page, email);
    await page.keyboard.type(`e2e-keyboard-${Date.now().toString(36)}@example.com`);
    await page.keyboard.press('Tab');
    await expect(page.getByLabel(texts.name)).toBeFocused();
    await page.keyboard.type('Keyboard user');
    await page.keyboard.press('Tab');
    await expect(page.getByLabel(texts.subject)).toBeFocused();
    // A subject the help centre has answers for: the suggestions come (after a pause), and
    // come after the message, so Tab and Shift+Tab go from subject to message and back
    // whether they are there yet or not. Waited for, so no step races them.
    await page.keyboard.type('Delete my account');
    await expect(page.locator('.help-suggestions li').first()).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(page.getByLabel(texts.message)).toBeFocused();
    await page.keyboard.type('Every step by keyboard.');
    // Enter in a single-line field submits the form.
    await page.keyboard.press('Shift+Tab');
    await expect(page.getByLabel(texts.subject)).toBeFocused();
    await page.keyboard.press('Enter');

    const dialog = page.getByRole('dialog', { name: texts.sent });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Ok' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(email).toBeFocused();
  });
});
