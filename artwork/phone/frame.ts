// The phone mockup: a dark rounded body with side buttons and a soft shadow around a screen,
// on a transparent page of frameSize CSS pixels.
import { interFontFaces } from '../fonts.ts';
import { styles } from './ui.ts';

/** The framed phone image in CSS pixels (the screen inside is 390 × 844). */
export const frameSize = { width: 480, height: 960 } as const;

const body = { left: 33, top: 46, width: 414, height: 868, radius: 62, bezel: 12 } as const;

const frameStyles = `
html, body { margin: 0; padding: 0; background: transparent; width: ${frameSize.width}px; height: ${frameSize.height}px; overflow: hidden; }
.phone { position: absolute; left: ${body.left}px; top: ${body.top}px; width: ${body.width}px; height: ${body.height}px;
  border-radius: ${body.radius}px; background: linear-gradient(145deg, #3b3f45 0%, #1b1d20 38%, #121315 70%, #2a2d31 100%);
  box-shadow: 0 20px 36px -14px rgba(0,0,0,.55), 0 6px 14px -4px rgba(0,0,0,.3), inset 0 0 0 1.5px #55595f, inset 0 0 0 4px #0d0e10; }
.glass { position: absolute; left: ${body.bezel}px; top: ${body.bezel}px; width: 390px; height: 844px; border-radius: ${body.radius - body.bezel}px;
  overflow: hidden; background: #000; isolation: isolate; }
.island { position: absolute; z-index: 60; top: 11px; left: 50%; width: 122px; height: 35px; margin-left: -61px; border-radius: 18px; background: #000; }
.island::after { content: ''; position: absolute; right: 22px; top: 12px; width: 11px; height: 11px; border-radius: 50%;
  background: radial-gradient(circle at 35% 35%, #2b3a55, #0a0d14 60%); }
.glare { position: absolute; inset: 0; z-index: 70; pointer-events: none;
  background: linear-gradient(115deg, rgba(255,255,255,.10) 0%, rgba(255,255,255,.03) 28%, rgba(255,255,255,0) 42%); }
.button { position: absolute; width: 5px; border-radius: 2px; background: linear-gradient(90deg, #1a1c1f, #45494f 60%, #25282c); }
`;

const buttons = [
  { side: 'left', top: 170, height: 30 },
  { side: 'left', top: 228, height: 60 },
  { side: 'left', top: 300, height: 60 },
  { side: 'right', top: 258, height: 96 },
] as const;

/** A complete page: the phone with `screen` (a 390 × 844 .screen element) inside. */
export function framePage(screen: string): string {
  const sideButtons = buttons
    .map(
      (b) =>
        `<div class="button" style="top:${body.top + b.top}px;height:${b.height}px;left:${b.side === 'left' ? body.left - 3 : body.left + body.width - 2}px"></div>`,
    )
    .join('');
  return (
    `<!doctype html><html><head><meta charset="utf-8"><style>${interFontFaces()}${styles}${frameStyles}</style></head><body>` +
    `${sideButtons}<div class="phone"><div class="glass">${screen}<div class="island"></div><div class="glare"></div></div></div>` +
    `</body></html>`
  );
}
