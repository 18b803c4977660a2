// Scripts the browser checks run in the page, as strings (the root's TypeScript has no DOM
// types, and the same text runs in every engine's driver).

/**
 * Scrolls through the page half a screen at a time, so lazy images near each screen load, and
 * stops at each screen as a visitor looking would: until the images on it have loaded, or 2 s
 * (a busy machine loads them late, and one scrolled past unloaded would never start).
 */
export const scrollThrough = `(async () => {
  const onScreen = () =>
    [...document.images].filter((image) => {
      const box = image.getBoundingClientRect();
      return box.width > 0 && box.bottom > 0 && box.top < window.innerHeight;
    });
  for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight / 2) {
    window.scrollTo(0, y);
    const until = Date.now() + 2000;
    do await new Promise((resolve) => setTimeout(resolve, 50));
    while (onScreen().some((image) => !image.complete) && Date.now() < until);
  }
  window.scrollTo(0, 0);
})()`;

/**
 * The images that are drawn (not display:none, e.g. QR codes on phones) and not loaded, or
 * loaded without pixels (a failed request or an undecodable format: the AVIF sources).
 */
export const brokenImages = `[...document.images]
  .filter((image) => image.getClientRects().length > 0)
  .filter((image) => !image.complete || image.naturalWidth === 0)
  .map((image) => image.currentSrc || image.src || image.outerHTML.slice(0, 80))`;
