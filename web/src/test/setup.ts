import { afterEach, beforeAll } from 'vitest';

// The parts that hydrate when they near the screen (the footer, the home page's slideshow, the
// help article's question),
// loaded ahead as the browser loads them when the visitor reaches them: a test renders them at once.
beforeAll(async () => {
  if (typeof document === 'undefined') return;
  const [{ preloadPart }, { loadFooter }, { loadSlideshow }, { loadArticleQuestion }] = await Promise.all([
    import('../components/hydrate-when-near'),
    import('../components/layout/shell'),
    import('../pages/home'),
    import('../pages/help-article'),
  ]);
  await Promise.all([preloadPart(loadFooter), preloadPart(loadSlideshow), preloadPart(loadArticleQuestion)]);
  // A page's script part is compiled on its first import (on demand, as Vite serves it): on a
  // busy machine that takes seconds, so what a test finds after it may come that late.
  const { configure } = await import('@testing-library/react');
  configure({ asyncUtilTimeout: 10_000 });
});

// Only files with a DOM (jsdom) render anything to clean up; Testing Library is loaded there only.
afterEach(async () => {
  if (typeof document === 'undefined') return;
  const { cleanup } = await import('@testing-library/react');
  cleanup();
  document.cookie = 'firebase-language-override=; Path=/; Max-Age=0';
  // The contact form keeps a draft in the tab: each test starts with none.
  sessionStorage.clear();
});

// jsdom has <dialog> but not its methods; these follow the browser closely enough for
// component tests (the browser suite uses the real thing).
if (typeof HTMLDialogElement !== 'undefined' && typeof HTMLDialogElement.prototype.showModal !== 'function') {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
    this.querySelector<HTMLElement>('[autofocus], button, [href], input, select, textarea')?.focus();
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    if (!this.hasAttribute('open')) return;
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
}
