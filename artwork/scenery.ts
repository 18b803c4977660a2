// Building blocks shared by the background scenes: filters, sky pieces and water.
import type { Random } from './random.ts';
import { n, n2, type Point } from './svg.ts';

export const W = 1600;
export const H = 900;

/** Horizontal ripples: displaces what it is applied to, for reflections on water. */
export function rippleFilter(id: string, seed: number, frequency: [number, number], scale: number): string {
  return `<filter id="${id}" filterUnits="userSpaceOnUse" x="-50" y="-50" width="${W + 100}" height="${H + 100}"><feTurbulence type="fractalNoise" baseFrequency="${frequency[0]} ${frequency[1]}" numOctaves="2" seed="${seed}"/><feDisplacementMap in="SourceGraphic" scale="${scale}" xChannelSelector="R" yChannelSelector="G"/></filter>`;
}

/**
 * Cloud (or mist) cover: keeps the element's own fill where fractal noise is above a threshold.
 * `cover` 0..1 sets how much of the sky is covered, `softness` how gradual the edges are.
 */
export function cloudFilter(
  id: string,
  options: { seed: number; frequency: [number, number]; octaves?: number; cover: number; softness: number },
): string {
  const k = 1 / options.softness;
  const threshold = 0.62 - options.cover * 0.3;
  return `<filter id="${id}" filterUnits="userSpaceOnUse" x="0" y="0" width="${W}" height="${H}"><feTurbulence type="fractalNoise" baseFrequency="${options.frequency[0]} ${options.frequency[1]}" numOctaves="${options.octaves ?? 5}" seed="${options.seed}" result="noise"/><feColorMatrix in="noise" type="matrix" values="0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 ${n2(k)} 0 0 0 ${n2(-threshold * k)}" result="mask"/><feComposite in="SourceGraphic" in2="mask" operator="in"/></filter>`;
}

export function blurFilter(id: string, deviation: number): string {
  return `<filter id="${id}" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${deviation}"/></filter>`;
}

/** Stars scattered over the top of the sky, denser and brighter higher up. */
export function stars(rand: Random, options: { count: number; top: number; bottom: number; color?: string }): string {
  const parts: string[] = [];
  for (let i = 0; i < options.count; i++) {
    const x = rand.range(0, W);
    const t = rand.next() ** 1.6;
    const y = options.top + t * (options.bottom - options.top);
    const r = rand.next() < 0.06 ? rand.range(1.1, 1.7) : rand.range(0.35, 0.9);
    const opacity = (1 - t * 0.8) * rand.range(0.35, 1);
    parts.push(
      `<circle cx="${n(x)}" cy="${n(y)}" r="${n(r)}" fill="${options.color ?? '#fff'}" opacity="${n2(opacity)}"/>`,
    );
  }
  return parts.join('');
}

/**
 * Glints on water: short horizontal strokes, longer and thicker towards the viewer, gathered
 * around column `x` (a sun or moon path) when `spread` is given, else all over.
 */
export function glints(
  rand: Random,
  options: {
    horizon: number;
    bottom: number;
    count: number;
    color: string;
    x?: number;
    spread?: number;
    opacity?: number;
    from?: number;
    to?: number;
  },
): string {
  const parts: string[] = [];
  for (let i = 0; i < options.count; i++) {
    const t = rand.next() ** 1.4;
    const y = options.horizon + 2 + t * (options.bottom - options.horizon);
    let x: number;
    let strength = 1;
    if (options.x !== undefined && options.spread !== undefined) {
      const width = options.spread * (0.15 + t * 1.1);
      const g = (rand.next() + rand.next() + rand.next() - 1.5) / 1.5;
      x = options.x + g * width;
      strength = 1 - Math.abs(g) * 0.7;
    } else {
      x = rand.range(options.from ?? -40, options.to ?? W + 40);
    }
    const length = (3 + 70 * t * t + rand.range(0, 14 * t)) * rand.range(0.5, 1.4);
    const thickness = 0.5 + 2.4 * t * rand.range(0.6, 1.2);
    const opacity = (options.opacity ?? 0.8) * strength * rand.range(0.35, 1);
    parts.push(
      `<rect x="${n(x - length / 2)}" y="${n(y)}" width="${n(length)}" height="${n(thickness)}" rx="${n(thickness / 2)}" fill="${options.color}" opacity="${n2(opacity)}"/>`,
    );
  }
  return parts.join('');
}

/** The mirror image of element #id about the horizon, rippled by filter #filter. */
export function reflection(id: string, horizon: number, filter: string, opacity: number): string {
  return `<use href="#${id}" transform="matrix(1 0 0 -1 0 ${n(horizon * 2)})" filter="url(#${filter})" opacity="${opacity}"/>`;
}

/** 0 below a, 1 above b, and an eased step between. */
export const smoothstep = (a: number, b: number, x: number): number => {
  const t = Math.max(0, Math.min(1, (x - a) / (b - a)));
  return t * t * (3 - 2 * t);
};

/** A rectangle filling the picture from the horizon down, with the attributes given. */
export function belowHorizon(horizon: number, attributes: string): string {
  return `<rect y="${horizon}" width="${W}" height="${H - horizon}" ${attributes}/>`;
}

/**
 * Still water: its colour, the mirror image of #above (sky and land) rippled by #ripple and
 * kept below the horizon, then a shade that darkens it towards the viewer.
 */
export function mirrorWater(horizon: number, options: { fill: string; mirror: number; shade: string }): string {
  return (
    belowHorizon(horizon, `fill="${options.fill}"`) +
    `<clipPath id="below"><rect y="${horizon}" width="${W}" height="${H - horizon}"/></clipPath>` +
    `<g clip-path="url(#below)">${reflection('above', horizon, 'ripple', options.mirror)}</g>` +
    belowHorizon(horizon, `fill="${options.shade}"`)
  );
}

/**
 * Reeds or tall grass rising from the bottom edge in the left corner: `count` blades whose foot
 * lies in `spread` (pulled towards the corner by `pull`), shorter the further they stand from it.
 */
export function reeds(
  rand: Random,
  options: {
    count: number;
    spread: [number, number];
    pull: [number, number];
    height: [number, number];
    fade: number;
    lean: [number, number];
    color: string;
  },
): string {
  return Array.from({ length: options.count }, () => {
    const x = rand.range(...options.spread) * rand.range(...options.pull);
    const h = rand.range(...options.height) * (1 - x / options.fade);
    const lean = rand.range(...options.lean);
    return `<path d="M${n(x)} ${H + 5}Q${n(x + lean * 0.3)} ${n(H - h * 0.6)} ${n(x + lean)} ${n(H - h)}" fill="none" stroke="${options.color}" stroke-width="${n(rand.range(1.5, 3.5))}" stroke-linecap="round"/>`;
  }).join('');
}

/** Darkens the edges, and the left and bottom a little more, for white text over the picture. */
export function shade(strength = 1): string {
  return (
    `<defs><radialGradient id="vignette" cx="0.55" cy="0.45" r="0.75"><stop offset="0.55" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="${n2(0.55 * strength)}"/></radialGradient>` +
    `<linearGradient id="shade-left" x1="0" x2="1" y1="0" y2="0"><stop offset="0" stop-color="#000" stop-opacity="${n2(0.38 * strength)}"/><stop offset="0.55" stop-color="#000" stop-opacity="0"/></linearGradient>` +
    `<linearGradient id="shade-bottom" x1="0" x2="0" y1="0" y2="1"><stop offset="0.6" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="${n2(0.35 * strength)}"/></linearGradient></defs>` +
    `<rect width="${W}" height="${H}" fill="url(#vignette)"/><rect width="${W}" height="${H}" fill="url(#shade-left)"/><rect width="${W}" height="${H}" fill="url(#shade-bottom)"/>`
  );
}

export function svgDocument(content: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${content}</svg>`;
}

/** A row of conifers standing on the line y = ground(x), between `from` and `to`. */
export function conifers(
  rand: Random,
  options: {
    ground: (x: number) => number;
    from: number;
    to: number;
    gap: [number, number];
    height: [number, number];
    color: string;
  },
): string {
  let d = '';
  for (let x = options.from; x < options.to; x += rand.range(...options.gap)) {
    const h = rand.range(...options.height);
    const w = h * rand.range(0.28, 0.38);
    const y = options.ground(x) + h * 0.04;
    const levels = Math.max(3, Math.round(h / 9));
    const left: Point[] = [];
    const right: Point[] = [];
    for (let i = 1; i <= levels; i++) {
      const yi = y - h + (h * i) / levels;
      const wi = (w / 2) * (i / levels) * rand.range(0.85, 1.15);
      left.push([x - wi * 0.55, yi - (h / levels) * 0.35], [x - wi, yi]);
      right.push([x + wi * 0.55, yi - (h / levels) * 0.35], [x + wi, yi]);
    }
    d += `M${n(x)} ${n(y - h)}${left.map(([px, py]) => `L${n(px)} ${n(py)}`).join('')}L${n(x)} ${n(y + 4)}${right
      .reverse()
      .map(([px, py]) => `L${n(px)} ${n(py)}`)
      .join('')}Z`;
  }
  return `<path d="${d}" fill="${options.color}"/>`;
}

/** A wooded skyline: round tree crowns along y = ground(x), closed down to `bottom`. */
export function woods(
  rand: Random,
  options: { ground: (x: number) => number; from?: number; to?: number; size: [number, number]; bottom: number },
): string {
  const from = options.from ?? -40;
  const to = options.to ?? W + 40;
  let x = from;
  let d = `M${n(from)} ${n(options.ground(from))}`;
  while (x < to) {
    const size = rand.range(...options.size);
    const next = x + size;
    const y = options.ground(next) - rand.range(0, size * 0.25);
    const crown = Math.min(options.ground(x), y) - size * rand.range(0.35, 0.85);
    d += `Q${n(x + size * 0.1)} ${n(crown - size * 0.1)} ${n(x + size / 2)} ${n(crown)}T${n(next)} ${n(y)}`;
    x = next;
  }
  return `${d}L${n(to)} ${n(options.bottom)}L${n(from)} ${n(options.bottom)}Z`;
}
