// The backdrops a catch photo is taken on: a boat deck, wet rocks by the sea, a measuring
// board, or the boat's side deck with the sea and the sky behind.
import type { Random } from '../random.ts';
import { n, n2, n3 } from '../svg.ts';

export type Backdrop = 'deck' | 'rocks' | 'board' | 'sea';

/** What a backdrop draws on. */
export interface Canvas {
  /** The photo's unique id, which its gradients' and filters' ids start with. */
  id: string;
  rand: Random;
  width: number;
  height: number;
  seed: number;
  /** Whether part of the photo will be covered (the deck then leaves out its lure). */
  covered: boolean;
}

/** A drawn backdrop and, where the fish lies straighter on it, the fish's angle (drawn after it). */
export interface Drawn {
  svg: string;
  angle?: number;
}

/** A wooden deck: planks with grain, gaps, a measuring tape and a lure. */
function deck({ id, rand, width, height, seed, covered }: Canvas): Drawn {
  const planks = Array.from({ length: Math.ceil(height / 34) + 1 }, (_, i) => {
    const tone = rand.pick(['#9a6a43', '#a47349', '#8d603c', '#a9784c']);
    return `<rect x="-10" y="${i * 34}" width="${width + 20}" height="32" fill="${tone}"/>`;
  }).join('');
  const svg =
    `<defs><filter id="${id}-g" x="0" y="0" width="100%" height="100%"><feTurbulence type="fractalNoise" baseFrequency="0.004 0.25" numOctaves="3" seed="${seed}"/><feColorMatrix values="0 0 0 0 0.2 0 0 0 0 0.12 0 0 0 0 0.06 0 0 0 1.2 -0.45"/></filter></defs>` +
    `<rect width="${width}" height="${height}" fill="#6b4527"/>${planks}<rect width="${width}" height="${height}" filter="url(#${id}-g)"/>` +
    Array.from(
      { length: Math.ceil(height / 34) },
      (_, i) => `<rect y="${i * 34 + 32}" width="${width}" height="2" fill="#3b2414" opacity=".7"/>`,
    ).join('') +
    tape(width * 0.08, height * 0.8, width * 0.84, -2) +
    (covered ? '' : lure(width * 0.8, height * 0.18, width * 0.16, 22));
  return { svg };
}

/** Wet dark rock: broad shading, fine grain, then the sea and its foam at the top. */
function rocks({ id, rand, width, height, seed }: Canvas): Drawn {
  const edge = `M0 ${n(height * 0.24)}Q${n(width * 0.3)} ${n(height * 0.13)} ${n(width * 0.6)} ${n(height * 0.21)}T${width} ${n(height * 0.17)}`;
  const svg =
    `<defs><linearGradient id="${id}-sea" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#3a8fb0"/><stop offset="1" stop-color="#1a5c78"/></linearGradient>` +
    `<linearGradient id="${id}-rock" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#6d675f"/><stop offset="1" stop-color="#4a4540"/></linearGradient>` +
    `<filter id="${id}-r" x="0" y="0" width="100%" height="100%"><feTurbulence type="fractalNoise" baseFrequency="0.012" numOctaves="3" seed="${seed}"/><feColorMatrix values="0 0 0 0 0.12 0 0 0 0 0.11 0 0 0 0 0.1 0 0 0 2.2 -0.95"/></filter>` +
    `<filter id="${id}-grain" x="0" y="0" width="100%" height="100%"><feTurbulence type="fractalNoise" baseFrequency="0.35" numOctaves="2" seed="${seed + 1}"/><feColorMatrix values="0 0 0 0 0.85 0 0 0 0 0.83 0 0 0 0 0.8 0 0 0 3 -1.75"/></filter>` +
    `<clipPath id="${id}-rc"><path d="${edge}V${height}H0Z"/></clipPath></defs>` +
    `<rect width="${width}" height="${height}" fill="url(#${id}-sea)"/>` +
    Array.from(
      { length: 24 },
      () =>
        `<rect x="${n(rand.range(0, width))}" y="${n(rand.range(2, height * 0.14))}" width="${n(rand.range(8, 30))}" height="1.6" rx=".8" fill="#d8eef6" opacity=".5"/>`,
    ).join('') +
    `<g clip-path="url(#${id}-rc)"><rect width="${width}" height="${height}" fill="url(#${id}-rock)"/><rect width="${width}" height="${height}" filter="url(#${id}-r)"/><rect width="${width}" height="${height}" filter="url(#${id}-grain)" opacity=".45"/></g>` +
    `<path d="${edge}" stroke="#f2f8fa" stroke-width="6" fill="none" opacity=".75"/><path d="${edge}" transform="translate(0 7)" stroke="#2c2926" stroke-width="3" fill="none" opacity=".35"/>`;
  return { svg };
}

/** A white measuring board with a blue top edge and a tape along it. */
function board({ id, rand, width, height }: Canvas): Drawn {
  const svg =
    `<defs><linearGradient id="${id}-w" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#f4f6f7"/><stop offset="1" stop-color="#d9dfe3"/></linearGradient>` +
    `<pattern id="${id}-p" width="10" height="10" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><rect width="4" height="4" fill="#c9d1d6"/></pattern></defs>` +
    `<rect width="${width}" height="${height}" fill="url(#${id}-w)"/><rect width="${width}" height="${height}" fill="url(#${id}-p)" opacity=".35"/>` +
    `<rect x="0" y="0" width="${width}" height="${n(height * 0.12)}" fill="#1d6d8e"/><rect x="0" y="${n(height * 0.12)}" width="${width}" height="6" fill="#e3e8eb"/>` +
    tape(width * 0.08, height * 0.8, width * 0.84, 0);
  return { svg, angle: rand.range(-4, 2) };
}

/** The sunset sky, the sea, the sun's glow, the boat's deck and its non-slip pattern. */
function seaDefs(id: string): string {
  return (
    `<defs><linearGradient id="${id}-sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f3a46c"/><stop offset="1" stop-color="#fbd7a4"/></linearGradient>` +
    `<linearGradient id="${id}-sea" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#3c7f98"/><stop offset="1" stop-color="#134a66"/></linearGradient>` +
    `<linearGradient id="${id}-deck" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f4f6f7"/><stop offset="1" stop-color="#c8d0d5"/></linearGradient>` +
    `<radialGradient id="${id}-sun" cx=".72" cy=".34" r=".45"><stop offset="0" stop-color="#fff4d6" stop-opacity=".95"/><stop offset="1" stop-color="#fff4d6" stop-opacity="0"/></radialGradient>` +
    `<pattern id="${id}-ns" width="9" height="9" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><rect width="3.5" height="3.5" fill="#aeb8be"/></pattern></defs>`
  );
}

/** The sun's glitter on the sea between the horizon and the deck, wider nearer the boat. */
function glitter(rand: Random, width: number, horizon: number, deckTop: number): string {
  return Array.from({ length: 60 }, () => {
    const t = rand.next();
    const gy = horizon + t * (deckTop - horizon);
    const gw = 4 + t * 26;
    return `<rect x="${n(width * 0.72 + (rand.next() - 0.5) * width * (0.1 + t * 0.5))}" y="${n(gy)}" width="${n(gw)}" height="${n(1 + t * 1.6)}" rx="1" fill="#ffe2b0" opacity="${n2(rand.range(0.3, 0.8))}"/>`;
  }).join('');
}

/** On the boat's side deck, the sea and the sky behind. */
function sea({ id, rand, width, height }: Canvas): Drawn {
  const horizon = height * 0.34;
  const deckTop = height * 0.56;
  const svg =
    seaDefs(id) +
    `<rect width="${width}" height="${n(horizon)}" fill="url(#${id}-sky)"/><rect y="${n(horizon)}" width="${width}" height="${n(height - horizon)}" fill="url(#${id}-sea)"/>` +
    `<rect width="${width}" height="${n(deckTop)}" fill="url(#${id}-sun)"/>` +
    glitter(rand, width, horizon, deckTop) +
    `<path d="M0 ${n(deckTop - 26)}L${width} ${n(deckTop - 40)}" stroke="#d6dde1" stroke-width="5"/><path d="M0 ${n(deckTop - 27)}L${width} ${n(deckTop - 41)}" stroke="#fff" stroke-width="1.5" opacity=".7"/>` +
    [0.12, 0.5, 0.88]
      .map(
        (k) =>
          `<path d="M${n(width * k)} ${n(deckTop - 26 - 14 * k)}V${n(deckTop)}" stroke="#c5cdd2" stroke-width="4"/>`,
      )
      .join('') +
    `<rect y="${n(deckTop)}" width="${width}" height="${n(height - deckTop)}" fill="url(#${id}-deck)"/><rect y="${n(deckTop)}" width="${width}" height="${n(height - deckTop)}" fill="url(#${id}-ns)" opacity=".25"/>` +
    `<rect y="${n(deckTop)}" width="${width}" height="7" fill="#1d6d8e"/>`;
  return { svg, angle: rand.range(-5, 1) };
}

export const backdrops: Record<Backdrop, (canvas: Canvas) => Drawn> = { deck, rocks, board, sea };

/** A yellow measuring tape with centimetre ticks. */
function tape(x: number, y: number, length: number, angle: number): string {
  const ticks = Array.from({ length: Math.floor(length / 6) }, (_, i) => {
    const h = i % 10 === 0 ? 9 : i % 5 === 0 ? 6 : 4;
    const label =
      i % 10 === 0 && i > 0
        ? `<text x="${i * 6 + 1.5}" y="17" font-size="6.5" font-weight="600" fill="#2b2b2b">${i}</text>`
        : '';
    return `<rect x="${i * 6}" y="0" width=".8" height="${h}" fill="#2b2b2b"/>${label}`;
  }).join('');
  return `<g transform="translate(${n(x)} ${n(y)}) rotate(${angle})"><rect width="${n(length)}" height="20" rx="2" fill="#f2c62f"/><rect y="18" width="${n(length)}" height="2" fill="#c99e12"/>${ticks}</g>`;
}

/** A minnow lure with two treble hooks. */
function lure(x: number, y: number, length: number, angle: number): string {
  const s = length / 100;
  return (
    `<g transform="translate(${n(x)} ${n(y)}) rotate(${angle}) scale(${n3(s)})">` +
    `<ellipse cx="4" cy="6" rx="48" ry="9" fill="#000" opacity=".25"/>` +
    `<path d="M-50 0Q-40 -13 0 -13Q36 -12 46 -2Q48 2 44 5Q30 12 0 12Q-40 12 -50 0Z" fill="#d8dde2"/>` +
    `<path d="M-50 0Q-40 -13 0 -13Q36 -12 46 -2L0 -2Q-30 -2 -50 0Z" fill="#2a7a5a"/>` +
    `<path d="M-50 0L-66 6L-64 -3Z" fill="#cfd6dc" opacity=".8"/><circle cx="32" cy="-3" r="3.6" fill="#f0c23a"/><circle cx="32" cy="-3" r="1.8" fill="#111"/>` +
    `<path d="M-8 12v10M22 10v10" stroke="#6b7279" stroke-width="1.4"/><path d="M-13 27q5 4 5-5q0 9 5 5M17 25q5 4 5-5q0 9 5 5" fill="none" stroke="#6b7279" stroke-width="1.4"/></g>`
  );
}
