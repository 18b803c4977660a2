import { join } from 'node:path';
import { expect, it } from 'vitest';
import { paths } from '../../../web/src/config/paths.ts';
import { headings } from '../../support/texts.ts';
import type { EngineSession } from '../session.ts';
import { open } from '../steps.ts';
import { waitFor } from '../waiting.ts';

/** The home page's carousels move, on their own and on a tap, and the phone menu opens. */
export function homeChecks(session: EngineSession): void {
  it('the home carousels move on their own', () => carouselsMove(session), 40_000);
  it('a tap on the slideshow before its code arrives is kept and replayed', () => atAPhoneWidth(session, tapKept));
  it('the phone menu opens at a phone width', () => atAPhoneWidth(session, phoneMenuOpens));
}

async function carouselsMove({ page, screenshots }: EngineSession) {
  await open(page, paths.home, 'en', headings.home.en);
  const state = `[document.querySelector('.slide--active')?.dataset.slide, document.querySelector('.home-hero')?.dataset.photo].join()`;
  const start = await page.evaluate<string>(state);
  expect(start).toBe('01,0');
  // The slideshow hydrates as it nears the screen (components/hydrate-when-near.tsx), and
  // its timer starts then: the visitor scrolls to it.
  await page.evaluate(`document.querySelector('.slideshow__carousel')?.scrollIntoView({ block: 'center' })`);
  // The screenshots move every 5 s, the background every 10 s.
  await waitFor(
    page,
    `document.querySelector('.slide--active')?.dataset.slide !== '01' && document.querySelector('.home-hero')?.dataset.photo !== '0'`,
    'the carousels did not move',
    20_000,
  );
  await page.screenshot(join(screenshots, 'home-carousels-moved.png'));
  expect(await page.errors()).toEqual([]);
}

/**
 * Runs `check` with the page at a phone's width, then back at the desktop's. WebKitGTK's
 * MiniBrowser window cannot be narrower than its toolbar (about 450 px); anything up to
 * 768 px is the phone layout.
 */
async function atAPhoneWidth(session: EngineSession, check: (session: EngineSession) => Promise<void>) {
  const { page } = session;
  const width = await page.setWidth(390, 844);
  try {
    expect(width).toBeLessThanOrEqual(768);
    await check(session);
  } finally {
    await page.setWidth(1280, 800);
  }
}

async function tapKept({ page }: EngineSession) {
  await open(page, paths.home, 'en', headings.home.en);
  // Below a phone's first screen the slideshow has not hydrated; scrolled to and its next
  // arrow tapped twice in one task, the taps surely come before its code. Two steps: on
  // its own it would take 10 s to get there.
  const early = await page.evaluate<boolean>(`(() => {
            const part = document.querySelector('.slideshow__carousel')?.closest('.later-part');
            const next = [...document.querySelectorAll('.slideshow__carousel .carousel-arrow')].at(-1);
            if (!part || !next || part.hasAttribute('data-hydrated')) return false;
            next.scrollIntoView({ block: 'center' });
            next.click();
            next.click();
            return true;
          })()`);
  expect(early).toBe(true);
  await waitFor(
    page,
    `document.querySelector('.slideshow__carousel')?.closest('.later-part')?.hasAttribute('data-hydrated') &&
             document.querySelector('.slide--active')?.dataset.slide === '03'`,
    'the slideshow did not move on the taps made before its code arrived',
    8_000,
  );
  expect(await page.errors()).toEqual([]);
}

async function phoneMenuOpens({ page, screenshots }: EngineSession) {
  await open(page, paths.home, 'en', headings.home.en);
  await page.click('.nav-bar__toggle');
  await waitFor(
    page,
    `document.querySelector('.nav-bar__toggle')?.getAttribute('aria-expanded') === 'true' &&
             [...document.querySelectorAll('.nav-bar__menu a')].every((link) => link.getBoundingClientRect().height > 0)`,
    'the phone menu did not open with its links shown',
  );
  await page.screenshot(join(screenshots, 'phone-menu-open.png'));
  expect(await page.errors()).toEqual([]);
}
