// Illustrated fish (side view), for the "photos" the mock app shows (catch-photo.ts).
import { createRandom } from '../random.ts';
import { n, n3, smooth, type Point } from '../svg.ts';

export type Species = 'bass' | 'bream' | 'dentex' | 'tuna' | 'amberjack' | 'bonito';

interface Look {
  /** Body height over length. */
  height: number;
  back: string;
  mid: string;
  belly: string;
  fin: string;
  iris: string;
  tail: 'forked' | 'crescent';
  dorsal: 'split' | 'long' | 'tuna';
  eye: number;
}

export const looks: Record<Species, Look> = {
  bass: {
    height: 0.27,
    back: '#42525e',
    mid: '#a3b0b8',
    belly: '#f1f4f5',
    fin: '#7f8c95',
    iris: '#d5dadd',
    tail: 'forked',
    dorsal: 'split',
    eye: 6.5,
  },
  bream: {
    height: 0.4,
    back: '#5f6f79',
    mid: '#b8c2c6',
    belly: '#f3f3ee',
    fin: '#76838a',
    iris: '#e8d9a8',
    tail: 'forked',
    dorsal: 'long',
    eye: 7.5,
  },
  dentex: {
    height: 0.36,
    back: '#86606c',
    mid: '#d6afae',
    belly: '#f6ebe5',
    fin: '#c98383',
    iris: '#e6c36d',
    tail: 'forked',
    dorsal: 'long',
    eye: 7,
  },
  tuna: {
    height: 0.27,
    back: '#142341',
    mid: '#587092',
    belly: '#e9edf1',
    fin: '#243452',
    iris: '#c7cfd6',
    tail: 'crescent',
    dorsal: 'tuna',
    eye: 6,
  },
  amberjack: {
    height: 0.27,
    back: '#625e3e',
    mid: '#bcb283',
    belly: '#f2efe2',
    fin: '#948a50',
    iris: '#e0c98a',
    tail: 'forked',
    dorsal: 'split',
    eye: 6,
  },
  bonito: {
    height: 0.25,
    back: '#284263',
    mid: '#8ea3b6',
    belly: '#eef2f5',
    fin: '#3f5775',
    iris: '#cdd6de',
    tail: 'crescent',
    dorsal: 'tuna',
    eye: 5.5,
  },
};

let counter = 0;
/** A document-unique id (the order of generation is fixed, so ids are stable run to run). */
export function uid(prefix: string): string {
  counter += 1;
  return `${prefix}${counter}`;
}

type Fin = readonly Point[];

/**
 * A fin: the first and last points are its base on the body, the others its outer edge
 * (smoothed). Rays run from the base to the edge.
 */
function fin(points: Fin, fill: string, ray: string): string {
  const base0 = points[0] ?? [0, 0];
  const base1 = points[points.length - 1] ?? [0, 0];
  const edge = points.slice(1, -1);
  const outline = `M${n(base0[0])} ${n(base0[1])}L${smooth(edge).slice(1)}L${n(base1[0])} ${n(base1[1])}Z`;
  const along = (line: readonly Point[], t: number): Point => {
    const segments = line.length - 1;
    const i = Math.min(segments - 1, Math.floor(t * segments));
    const local = t * segments - i;
    const a = line[i] ?? [0, 0];
    const b = line[i + 1] ?? a;
    return [a[0] + (b[0] - a[0]) * local, a[1] + (b[1] - a[1]) * local];
  };
  const count = Math.max(4, Math.round(edge.length * 2.5));
  let rays = '';
  for (let k = 0; k <= count; k++) {
    const t = k / count;
    const from = along([base0, base1], t);
    const to = edge.length > 1 ? along(edge, t) : (edge[0] ?? from);
    rays += `M${n(from[0])} ${n(from[1])}L${n(from[0] + (to[0] - from[0]) * 0.94)} ${n(from[1] + (to[1] - from[1]) * 0.94)}`;
  }
  return `<path d="${outline}" fill="${fill}"/><path d="${rays}" stroke="${ray}" stroke-width=".7" opacity=".45" fill="none"/>`;
}

/** The fins around the body: tail, dorsal (one or two), anal and pelvic, as `fin` takes them. */
function fins(L: Look, H: number): Fin[] {
  const p = (x: number, k: number): Point => [x, H * k];
  const all: Fin[] = [];
  if (L.tail === 'forked') {
    all.push([p(44, -0.13), p(3, -0.68), p(8, -0.4), p(17, 0), p(8, 0.4), p(3, 0.68), p(44, 0.13)]);
  } else {
    all.push([p(46, -0.08), p(-4, -1.05), p(9, -0.45), p(19, 0), p(9, 0.45), p(-4, 1.05), p(46, 0.08)]);
  }
  if (L.dorsal === 'split') {
    all.push([p(133, -0.47), p(124, -0.88), p(114, -0.82), p(104, -0.68), p(97, -0.52), p(94, -0.47)]);
    all.push([p(89, -0.45), p(84, -0.74), p(72, -0.7), p(63, -0.45), p(58, -0.32)]);
  } else if (L.dorsal === 'long') {
    all.push([p(147, -0.49), p(136, -0.76), p(120, -0.78), p(96, -0.72), p(66, -0.57), p(54, -0.34), p(49, -0.22)]);
  } else {
    all.push([p(142, -0.47), p(128, -0.88), p(117, -0.68), p(106, -0.52), p(103, -0.49)]);
    all.push([p(96, -0.44), p(84, -0.94), p(80, -0.6), p(77, -0.4)]);
  }
  all.push(
    L.dorsal === 'tuna'
      ? [p(94, 0.42), p(82, 0.92), p(79, 0.6), p(76, 0.37)]
      : [p(92, 0.45), p(82, 0.74), p(66, 0.62), p(58, 0.4), p(55, 0.29)],
  );
  all.push([p(151, 0.44), p(139, 0.8), p(136, 0.62), p(131, 0.46)]);
  return all;
}

/** The small finlets along the tail of tunas and bonitos, above and below (none for the others). */
function finlets(L: Look, y: (k: number) => string): string {
  if (L.dorsal !== 'tuna') return '';
  return [70, 63, 56, 49, 42]
    .map((x, i) => {
      const top = -0.36 + i * 0.05;
      return `<path d="M${x + 3} ${y(top)}L${x - 3} ${y(top - 0.14)}L${x - 2} ${y(top + 0.02)}Z M${x + 3} ${y(-top)}L${x - 3} ${y(-top + 0.14)}L${x - 2} ${y(-top - 0.02)}Z"/>`;
    })
    .join('');
}

/** Each species' own markings on the body (stripes, spots, a gill mark), given y(k) = k body heights. */
const markings: Record<Species, (y: (k: number) => string) => string> = {
  bass: (y) =>
    `<path d="M160 ${y(-0.06)}Q166 ${y(-0.02)} 162 ${y(0.08)}" stroke="#2c3640" stroke-width="3" fill="none" opacity=".55"/>`,
  bream: (y) =>
    `<path d="M170 ${y(-0.2)}Q183 ${y(-0.3)} 194 ${y(-0.16)}" stroke="#e2b23c" stroke-width="3.5" fill="none"/><circle cx="158" cy="${y(-0.2)}" r="4.5" fill="#2b2d31" opacity=".75"/>${[-0.3, -0.15, 0, 0.15, 0.3].map((k) => `<path d="M150 ${y(k)}Q100 ${y(k * 1.05)} 40 ${y(k * 0.2)}" stroke="#5b6770" stroke-width=".9" fill="none" opacity=".35"/>`).join('')}`,
  dentex: (y) =>
    Array.from({ length: 26 }, (_, i) => {
      const r = createRandom(900 + i);
      return `<circle cx="${n(r.range(60, 165))}" cy="${y(r.range(-0.38, 0.05))}" r="${n(r.range(1.2, 2.4))}" fill="#4f82c4" opacity=".8"/>`;
    }).join(''),
  tuna: (y) =>
    `<path d="M165 ${y(0.05)}C130 ${y(0.12)} 90 ${y(0.1)} 40 ${y(0.02)}" stroke="#c3cfdc" stroke-width="5" fill="none" opacity=".45"/>`,
  amberjack: (y) =>
    `<path d="M196 ${y(-0.14)}L170 ${y(-0.2)}C130 ${y(-0.14)} 80 ${y(-0.06)} 36 0" stroke="#d9a441" stroke-width="4.5" fill="none" opacity=".8"/>`,
  bonito: (y) =>
    [0, 1, 2, 3, 4, 5, 6]
      .map(
        (i) =>
          `<path d="M${150 - i * 16} ${y(-0.5)}L${120 - i * 14} ${y(-0.02)}" stroke="#1b2f4a" stroke-width="3" opacity=".55"/>`,
      )
      .join(''),
};

/** The gradients, clip, scale pattern and blur one fish's body uses, under ids made from `id`. */
function bodyDefs(id: string, L: Look, body: string): string {
  const scales = `<pattern id="${id}-sc" width="7" height="6" patternUnits="userSpaceOnUse"><path d="M0 6a3.5 3.5 0 0 1 7 0M-3.5 3a3.5 3.5 0 0 1 7 0M3.5 3a3.5 3.5 0 0 1 7 0" fill="none" stroke="#1d2830" stroke-width=".6"/></pattern>`;
  return (
    `<defs><linearGradient id="${id}-b" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${L.back}"/><stop offset=".42" stop-color="${L.mid}"/><stop offset=".7" stop-color="${L.belly}"/><stop offset="1" stop-color="${L.belly}"/></linearGradient>` +
    `<linearGradient id="${id}-f" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${L.fin}" stop-opacity=".95"/><stop offset="1" stop-color="${L.fin}" stop-opacity=".75"/></linearGradient>` +
    `<clipPath id="${id}-c"><path d="${body}"/></clipPath>${scales}<filter id="${id}-s" x="-20%" y="-50%" width="140%" height="200%"><feGaussianBlur stdDeviation="5"/></filter></defs>`
  );
}

/** The head: gill slit, eye and its highlight. */
function head(L: Look, H: number, y: (k: number) => string): string {
  return (
    `<path d="M200 ${y(0.05)}L186 ${y(0.12)}" stroke="#2a2f35" stroke-width="1.4" stroke-linecap="round"/>` +
    `<circle cx="182" cy="${y(-0.12)}" r="${L.eye}" fill="${L.iris}" stroke="#2a2f35" stroke-opacity=".4" stroke-width=".8"/><circle cx="182" cy="${y(-0.12)}" r="${n(L.eye * 0.58)}" fill="#101418"/><circle cx="${n(180.5)}" cy="${n(H * -0.12 - L.eye * 0.3)}" r="${n(L.eye * 0.22)}" fill="#fff" opacity=".9"/>`
  );
}

/** A fish facing right, 200 units long with its nose at x = 200 and its axis on y = 0. */
function fishBody(species: Species): string {
  const L = looks[species];
  const H = L.height * 200;
  const id = uid('fish');
  const y = (k: number) => n(H * k);
  const p = (x: number, k: number): Point => [x, H * k];
  const finletColor = species === 'tuna' ? '#f0c23a' : L.fin;
  const body = `M200 ${y(0.02)}C198 ${y(-0.28)} 182 ${y(-0.45)} 158 ${y(-0.49)}C120 ${y(-0.55)} 72 ${y(-0.41)} 38 ${y(-0.11)}Q34 0 38 ${y(0.11)}C72 ${y(0.4)} 120 ${y(0.53)} 158 ${y(0.46)}C181 ${y(0.41)} 197 ${y(0.25)} 200 ${y(0.02)}Z`;
  return (
    bodyDefs(id, L, body) +
    fins(L, H)
      .map((f) => fin(f, `url(#${id}-f)`, L.back))
      .join('') +
    `<g fill="${finletColor}">${finlets(L, y)}</g>` +
    `<path d="${body}" fill="url(#${id}-b)" stroke="#141b21" stroke-opacity=".28" stroke-width="1"/>` +
    `<g clip-path="url(#${id}-c)">${markings[species](y)}<rect x="30" y="${y(-0.6)}" width="175" height="${y(1.2)}" fill="url(#${id}-sc)" opacity=".13"/>` +
    `<ellipse cx="112" cy="${y(-0.12)}" rx="74" ry="${y(0.11)}" fill="#fff" opacity=".32" filter="url(#${id}-s)"/>` +
    `<path d="M158 ${y(-0.22)}C122 ${y(-0.28)} 72 ${y(-0.17)} 38 0" stroke="${L.back}" stroke-width="1" fill="none" opacity=".45"/>` +
    `<path d="M163 ${y(-0.42)}Q151 ${y(0.02)} 163 ${y(0.46)}" stroke="${L.back}" stroke-width="1.6" fill="none" opacity=".45"/></g>` +
    fin([p(155, 0.06), p(128, 0.02), p(114, 0.2), p(124, 0.25), p(155, 0.17)], L.fin, L.back) +
    head(L, H, y)
  );
}

/** A fish placed with its centre at (x, y), `length` long, turned by `angle` degrees, facing left if flipped. */
export function fish(species: Species, x: number, y: number, length: number, angle = 0, flip = false): string {
  const s = length / 200;
  return `<g transform="translate(${n(x)} ${n(y)}) rotate(${angle}) scale(${n3(flip ? -s : s)} ${n3(s)}) translate(-100 0)">${fishBody(species)}</g>`;
}
