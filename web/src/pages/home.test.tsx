// @vitest-environment jsdom
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { backgroundPhotos, screenshotLanguage } from '../assets/artwork';
import { rotate } from '../components/home/background-rotation';
import { slides, wrapIndex } from '../components/home/screenshot-slideshow';
import { paths } from '../config/paths';
import { renderSite } from '../test/render';

const advance = (ms: number) => {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
};

/** Makes `prefers-reduced-motion: reduce` match (jsdom has no matchMedia of its own). */
function preferReducedMotion() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query.includes('reduce'),
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

const hero = () => document.querySelector<HTMLElement>('.home-hero') as HTMLElement;
const shownPhoto = () => Number(hero().dataset.photo);
const layers = (role: string) => hero().querySelectorAll(`.home-hero__photo--${role}`).length;
const backgroundControls = () => screen.getByRole('group', { name: 'Background photos' });
const slideshow = () => document.querySelector<HTMLElement>('.slideshow__carousel') as HTMLElement;
const shownSlide = () => slideshow().querySelector<HTMLElement>('.slide--active')?.dataset.slide;

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('rotation helpers', () => {
  it('moves the first item to the end, or the last to the front', () => {
    expect(rotate([0, 1, 2, 3], 1)).toEqual([1, 2, 3, 0]);
    expect(rotate([0, 1, 2, 3], -1)).toEqual([3, 0, 1, 2]);
    expect(rotate([0, 1, 2, 3], 6)).toEqual([2, 3, 0, 1]);
  });

  it('wraps the slideshow at both ends', () => {
    expect(wrapIndex(5, 1, 6)).toBe(0);
    expect(wrapIndex(0, -1, 6)).toBe(5);
    expect(wrapIndex(2, 1, 6)).toBe(3);
  });

  it('uses the Italian screenshots for Italian only', () => {
    expect(screenshotLanguage('it')).toBe('it');
    expect(screenshotLanguage('en')).toBe('en');
  });
});

describe('home background', () => {
  it('has 7 photos and a strip of the other 6', () => {
    renderSite(paths.home);
    expect(backgroundPhotos).toHaveLength(7);
    expect(shownPhoto()).toBe(0);
    expect(within(backgroundControls()).getAllByRole('button', { name: /^Show photo/ })).toHaveLength(6);
  });

  it('moves the first photo to the end every 10 s with a 500 ms fade', () => {
    renderSite(paths.home);
    advance(9_999);
    expect(shownPhoto()).toBe(0);
    advance(1);
    expect(shownPhoto()).toBe(1);
    expect(layers('leaving')).toBe(1);
    expect(layers('entering')).toBe(1);
    advance(499);
    expect(layers('leaving')).toBe(1);
    advance(1);
    expect(layers('leaving')).toBe(0);
    expect(layers('entering')).toBe(0);
    const thumbnails = within(backgroundControls()).getAllByRole('button', { name: /^Show photo/ });
    expect(thumbnails[0]?.textContent).toContain('fishing boat'); // photo 3 is next
    expect(thumbnails.at(-1)?.textContent).toContain('rocks at sunrise'); // photo 1 went to the end
    advance(10_000 * 6);
    expect(shownPhoto()).toBe(0);
  });

  it('rotates by hand both ways with the arrows, keys and thumbnails', () => {
    renderSite(paths.home);
    const controls = within(backgroundControls());
    fireEvent.click(controls.getByRole('button', { name: 'Previous photo' }));
    expect(shownPhoto()).toBe(6);
    fireEvent.click(controls.getByRole('button', { name: 'Next photo' }));
    fireEvent.click(controls.getByRole('button', { name: 'Next photo' }));
    expect(shownPhoto()).toBe(1);
    fireEvent.keyDown(backgroundControls(), { key: 'ArrowLeft' });
    expect(shownPhoto()).toBe(0);
    fireEvent.click(controls.getByRole('button', { name: /harbour/ }));
    expect(shownPhoto()).toBe(6);
  });

  it('pauses with its button, on hover and on focus', () => {
    renderSite(paths.home);
    const pause = within(backgroundControls()).getByRole('button', { name: 'Pause the background photos' });
    fireEvent.click(pause);
    advance(30_000);
    expect(shownPhoto()).toBe(0);
    fireEvent.click(within(backgroundControls()).getByRole('button', { name: 'Play the background photos' }));
    fireEvent.mouseEnter(backgroundControls());
    advance(30_000);
    expect(shownPhoto()).toBe(0);
    fireEvent.mouseLeave(backgroundControls());
    fireEvent.focus(within(backgroundControls()).getByRole('button', { name: 'Next photo' }));
    advance(30_000);
    expect(shownPhoto()).toBe(0);
    fireEvent.blur(within(backgroundControls()).getByRole('button', { name: 'Next photo' }));
    advance(10_000);
    expect(shownPhoto()).toBe(1);
  });

  it('swipes on touch screens, not with a mouse drag', () => {
    renderSite(paths.home);
    fireEvent.pointerDown(hero(), { pointerType: 'touch', clientX: 300, clientY: 400 });
    fireEvent.pointerUp(hero(), { pointerType: 'touch', clientX: 200, clientY: 410 });
    expect(shownPhoto()).toBe(1);
    fireEvent.pointerDown(hero(), { pointerType: 'touch', clientX: 100, clientY: 400 });
    fireEvent.pointerUp(hero(), { pointerType: 'touch', clientX: 200, clientY: 400 });
    expect(shownPhoto()).toBe(0);
    fireEvent.pointerDown(hero(), { pointerType: 'mouse', clientX: 300, clientY: 400 });
    fireEvent.pointerUp(hero(), { pointerType: 'mouse', clientX: 100, clientY: 400 });
    expect(shownPhoto()).toBe(0);
  });

  it('stays still and does not fade under prefers-reduced-motion', () => {
    preferReducedMotion();
    renderSite(paths.home);
    advance(60_000);
    expect(shownPhoto()).toBe(0);
    fireEvent.click(within(backgroundControls()).getByRole('button', { name: 'Next photo' }));
    expect(shownPhoto()).toBe(1);
    expect(layers('leaving')).toBe(0);
    expect(within(backgroundControls()).getByRole('button', { name: 'Play the background photos' })).toBeDefined();
  });

  it('fetches only the first photo at first, after the phone, and the next one after a while', () => {
    renderSite(paths.home);
    expect(hero().querySelectorAll('.home-hero__backdrop img')).toHaveLength(1);
    // At once, but after the phone beside the heading, the page's largest paint on a phone.
    const photo = hero().querySelector('.home-hero__backdrop img');
    expect([photo?.getAttribute('loading'), photo?.getAttribute('fetchpriority')]).toEqual(['eager', 'low']);
    expect(hero().querySelector('.home-banner__phone img')?.getAttribute('fetchpriority')).toBe('high');
    advance(5_000);
    expect(hero().querySelectorAll('.home-hero__backdrop img')).toHaveLength(2);
  });
});

describe('screenshot slideshow', () => {
  it('has the 6 captions of the app in English', () => {
    renderSite(paths.home);
    expect(screen.getByRole('group', { name: 'Screenshots of the app' })).toBe(slideshow());
    const captions = [...slideshow().querySelectorAll('figcaption > span')].map((caption) => caption.textContent);
    expect(captions).toEqual([
      'View your catches on the map',
      "Connect and view friends' posts",
      'Logged catches, organised by date',
      '7-day marine weather forecast',
      'Solunar and tide data',
      'Temperature data',
    ]);
    // The map and the longer forecast are Pro's (config/plan-features.ts): their slides say so.
    const titles = [...slideshow().querySelectorAll('figcaption strong')].map((title) => title.textContent);
    expect(titles).toEqual([
      'Catch map Pro',
      'Friends',
      'Catch log',
      'Forecast Pro',
      'Solunar and tides',
      'Temperature',
    ]);
    expect(slides.map((slide) => slide.id)).toEqual(['01', '02', '03', '04', '05', '06']);
  });

  it('advances every 5 s and wraps to the first after the sixth', () => {
    renderSite(paths.home);
    expect(shownSlide()).toBe('01');
    advance(4_999);
    expect(shownSlide()).toBe('01');
    advance(1);
    expect(shownSlide()).toBe('02');
    advance(5_000 * 4);
    expect(shownSlide()).toBe('06');
    advance(5_000);
    expect(shownSlide()).toBe('01');
  });

  it('wraps both ways with the arrows, and goes to a slide with its dot', () => {
    renderSite(paths.home);
    const controls = within(slideshow());
    fireEvent.click(controls.getByRole('button', { name: 'Previous screenshot' }));
    expect(shownSlide()).toBe('06');
    fireEvent.click(controls.getByRole('button', { name: 'Next screenshot' }));
    expect(shownSlide()).toBe('01');
    const dot = controls.getByRole('button', { name: 'Show screenshot 4: Forecast' });
    fireEvent.click(dot);
    expect(shownSlide()).toBe('04');
    expect(dot.getAttribute('aria-current')).toBe('true');
    fireEvent.keyDown(slideshow(), { key: 'ArrowRight' });
    expect(shownSlide()).toBe('05');
  });

  it('restarts the 5 s after a move by hand', () => {
    renderSite(paths.home);
    advance(4_000);
    fireEvent.click(within(slideshow()).getByRole('button', { name: 'Next screenshot' }));
    advance(4_999);
    expect(shownSlide()).toBe('02');
    advance(1);
    expect(shownSlide()).toBe('03');
  });

  it('hides the slides not shown from assistive technology', () => {
    renderSite(paths.home);
    const hidden = slideshow().querySelectorAll('.slide[aria-hidden="true"]');
    expect(hidden).toHaveLength(5);
    expect(slideshow().querySelector('.slide--active')?.getAttribute('aria-label')).toBe('1 of 6');
  });

  it('pauses with its button', () => {
    renderSite(paths.home);
    fireEvent.click(within(slideshow()).getByRole('button', { name: 'Pause the slideshow' }));
    advance(20_000);
    expect(shownSlide()).toBe('01');
  });

  it.each([
    ['en', '/phones/en/'],
    ['it', '/phones/it/'],
  ] as const)('shows the %s screenshots and captions', (language, folder) => {
    renderSite(paths.home, language);
    const sources = [...slideshow().querySelectorAll('source')].map((source) => source.getAttribute('srcset'));
    expect(sources).toHaveLength(4); // the first two screenshots, AVIF and WebP: the rest come later
    for (const srcset of sources) expect(srcset).toContain(folder);
    if (language === 'it') {
      expect(slideshow().querySelector('.slide--active figcaption > span')?.textContent).toBe(
        'Guarda le tue catture sulla mappa',
      );
    }
  });
  it('fetches each screenshot when the show gets near it, and keeps those it has shown', () => {
    renderSite(paths.home);
    const withImage = () =>
      [...slideshow().querySelectorAll<HTMLElement>('.slide')]
        .filter((slide) => slide.querySelector('img'))
        .map((slide) => slide.dataset.slide);
    expect(withImage()).toEqual(['01', '02']);
    advance(5_000);
    expect(withImage()).toEqual(['01', '02', '03']);
    advance(5_000);
    expect(withImage()).toEqual(['01', '02', '03', '04']);
  });
});
