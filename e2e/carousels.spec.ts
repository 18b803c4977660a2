import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { open, paths, reachPart } from './support/site.ts';

// The home page's carousels, on a page clock the test drives: the background photo moves
// every 10 s, the screenshots every 5 s; arrows, dots or thumbnails, keys and the pause button
// move or stop them. A carousel stands still while it has focus or the pointer, so after a
// click the test moves the pointer away and takes the focus out before letting time pass.

const hero = (page: Page) => page.locator('.home-hero');
const activeSlide = (page: Page) => page.locator('.slide--active');
const slideshow = (page: Page) => page.locator('.slideshow__carousel');
const background = (page: Page) => page.locator('.hero-carousel');

async function letGo(page: Page) {
  await page.mouse.move(0, 0);
  await page.evaluate('document.activeElement?.blur()');
}

test.beforeEach(async ({ page }) => {
  // The page's time stands still until the test lets it run.
  const start = new Date('2026-06-01T08:00:00Z');
  await page.clock.install({ time: start });
  // A minute on: a pause behind the clock's own time fails (a busy machine may take a second
  // between these two calls), and before the page opens no timer is due, so the jump fires nothing.
  await page.clock.pauseAt(new Date(start.getTime() + 60_000));
  await open(page, paths.home, { pausedClock: true });
  // The slideshow hydrates as it comes near the screen (components/hydrate-when-near.tsx); its
  // timer starts then.
  await reachPart(page, slideshow(page), { pausedClock: true });
});

test('both carousels advance on their timings', { tag: '@widths' }, async ({ page }) => {
  await expect(hero(page)).toHaveAttribute('data-photo', '0');
  await expect(activeSlide(page)).toHaveAttribute('data-slide', '01');
  await page.clock.runFor(4_900);
  await expect(activeSlide(page)).toHaveAttribute('data-slide', '01');
  await page.clock.runFor(200);
  await expect(activeSlide(page)).toHaveAttribute('data-slide', '02');
  await expect(hero(page)).toHaveAttribute('data-photo', '0');
  await page.clock.runFor(5_000);
  await expect(activeSlide(page)).toHaveAttribute('data-slide', '03');
  await expect(hero(page)).toHaveAttribute('data-photo', '1');
  await page.clock.runFor(10_000);
  await expect(activeSlide(page)).toHaveAttribute('data-slide', '05');
  await expect(hero(page)).toHaveAttribute('data-photo', '2');
});

test('the slideshow answers its arrows, dots, keys and pause button', { tag: '@widths' }, async ({ page }) => {
  const buttons = slideshow(page).locator('.carousel-arrow');
  await buttons.last().click();
  await expect(activeSlide(page)).toHaveAttribute('data-slide', '02');
  await buttons.first().click();
  await buttons.first().click();
  await expect(activeSlide(page)).toHaveAttribute('data-slide', '06');
  await slideshow(page).locator('.slideshow__dot').nth(3).click();
  await expect(activeSlide(page)).toHaveAttribute('data-slide', '04');
  await expect(slideshow(page).locator('.slideshow__dot').nth(3)).toHaveAttribute('aria-current', 'true');
  await page.keyboard.press('ArrowRight');
  await expect(activeSlide(page)).toHaveAttribute('data-slide', '05');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expect(activeSlide(page)).toHaveAttribute('data-slide', '03');

  // Paused, it stays put however long it waits; played again, it moves on.
  await slideshow(page).locator('.carousel-pause').click();
  await letGo(page);
  await page.clock.runFor(20_000);
  await expect(activeSlide(page)).toHaveAttribute('data-slide', '03');
  await slideshow(page).locator('.carousel-pause').click();
  await letGo(page);
  await page.clock.runFor(5_100);
  await expect(activeSlide(page)).toHaveAttribute('data-slide', '04');
});

test('the background answers its arrows, thumbnails, keys and pause button', { tag: '@widths' }, async ({ page }) => {
  const photos = (await background(page).locator('.hero-carousel__thumb').count()) + 1;
  const arrows = background(page).locator('.carousel-arrow');
  await arrows.last().click();
  await expect(hero(page)).toHaveAttribute('data-photo', '1');
  await arrows.first().click();
  await expect(hero(page)).toHaveAttribute('data-photo', '0');
  await page.keyboard.press('ArrowLeft');
  await expect(hero(page)).toHaveAttribute('data-photo', String(photos - 1));
  await page.keyboard.press('ArrowRight');
  await expect(hero(page)).toHaveAttribute('data-photo', '0');
  // The second thumbnail is the photo two places on.
  await background(page).locator('.hero-carousel__thumb').nth(1).click();
  await expect(hero(page)).toHaveAttribute('data-photo', '2');

  await background(page).locator('.carousel-pause').click();
  await letGo(page);
  await page.clock.runFor(30_000);
  await expect(hero(page)).toHaveAttribute('data-photo', '2');
  await background(page).locator('.carousel-pause').click();
  await letGo(page);
  await page.clock.runFor(10_100);
  await expect(hero(page)).toHaveAttribute('data-photo', String(3 % photos));
});

test(
  'a carousel stands still while pointed at or focused, and the slideshow is announced then',
  { tag: '@widths' },
  async ({ page }) => {
    const slides = slideshow(page).locator('.slideshow__slides');
    // Moving by itself, the slideshow's changes are not read out.
    await expect(slides).toHaveAttribute('aria-live', 'off');

    await slideshow(page).hover();
    await expect(slides).toHaveAttribute('aria-live', 'polite');
    await page.clock.runFor(12_000);
    await expect(activeSlide(page)).toHaveAttribute('data-slide', '01');
    await page.mouse.move(0, 0);
    await expect(slides).toHaveAttribute('aria-live', 'off');
    // Let go, it waits a whole interval again before it moves.
    await page.clock.runFor(4_900);
    await expect(activeSlide(page)).toHaveAttribute('data-slide', '01');
    await page.clock.runFor(200);
    await expect(activeSlide(page)).toHaveAttribute('data-slide', '02');

    // Focus holds it as well (the pointer is away), and moving focus inside it still does.
    const photos = (await background(page).locator('.hero-carousel__thumb').count()) + 1;
    const shown = Number(await hero(page).getAttribute('data-photo'));
    await background(page).locator('.carousel-arrow').first().focus();
    await background(page).locator('.carousel-arrow').last().focus();
    await page.clock.runFor(25_000);
    await expect(hero(page)).toHaveAttribute('data-photo', String(shown));
    await letGo(page);
    await page.clock.runFor(10_100);
    await expect(hero(page)).toHaveAttribute('data-photo', String((shown + 1) % photos));
  },
);
