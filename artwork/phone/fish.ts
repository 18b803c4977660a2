// Illustrated fish (side view) and the "photos" the mock app shows: a catch on a boat deck,
// on wet rocks, on a wooden board, or held up against the sea.
import { createRandom } from '../random.ts';
import { n, n2, n3, smooth, type Point } from '../svg.ts';

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

const looks: Record<Species, Look> = {
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

/** A fish facing right, 200 units long with its nose at x = 200 and its axis on y = 0. */
function fishBody(species: Species): string {
  const L = looks[species];
  const H = L.height * 200;
  const id = uid('fish');
  const y = (k: number) => n(H * k);
  const p = (x: number, k: number): Point => [x, H * k];
  const fins: Fin[] = [];
  if (L.tail === 'forked') {
    fins.push([p(44, -0.13), p(3, -0.68), p(8, -0.4), p(17, 0), p(8, 0.4), p(3, 0.68), p(44, 0.13)]);
  } else {
    fins.push([p(46, -0.08), p(-4, -1.05), p(9, -0.45), p(19, 0), p(9, 0.45), p(-4, 1.05), p(46, 0.08)]);
  }
  if (L.dorsal === 'split') {
    fins.push([p(133, -0.47), p(124, -0.88), p(114, -0.82), p(104, -0.68), p(97, -0.52), p(94, -0.47)]);
    fins.push([p(89, -0.45), p(84, -0.74), p(72, -0.7), p(63, -0.45), p(58, -0.32)]);
  } else if (L.dorsal === 'long') {
    fins.push([p(147, -0.49), p(136, -0.76), p(120, -0.78), p(96, -0.72), p(66, -0.57), p(54, -0.34), p(49, -0.22)]);
  } else {
    fins.push([p(142, -0.47), p(128, -0.88), p(117, -0.68), p(106, -0.52), p(103, -0.49)]);
    fins.push([p(96, -0.44), p(84, -0.94), p(80, -0.6), p(77, -0.4)]);
  }
  fins.push(
    L.dorsal === 'tuna'
      ? [p(94, 0.42), p(82, 0.92), p(79, 0.6), p(76, 0.37)]
      : [p(92, 0.45), p(82, 0.74), p(66, 0.62), p(58, 0.4), p(55, 0.29)],
  );
  fins.push([p(151, 0.44), p(139, 0.8), p(136, 0.62), p(131, 0.46)]);
  const finlets =
    L.dorsal === 'tuna'
      ? [70, 63, 56, 49, 42]
          .map((x, i) => {
            const top = -0.36 + i * 0.05;
            return `<path d="M${x + 3} ${y(top)}L${x - 3} ${y(top - 0.14)}L${x - 2} ${y(top + 0.02)}Z M${x + 3} ${y(-top)}L${x - 3} ${y(-top + 0.14)}L${x - 2} ${y(-top - 0.02)}Z"/>`;
          })
          .join('')
      : '';
  const finletColor = species === 'tuna' ? '#f0c23a' : L.fin;
  const body = `M200 ${y(0.02)}C198 ${y(-0.28)} 182 ${y(-0.45)} 158 ${y(-0.49)}C120 ${y(-0.55)} 72 ${y(-0.41)} 38 ${y(-0.11)}Q34 0 38 ${y(0.11)}C72 ${y(0.4)} 120 ${y(0.53)} 158 ${y(0.46)}C181 ${y(0.41)} 197 ${y(0.25)} 200 ${y(0.02)}Z`;
  const extras: Record<Species, string> = {
    bass: `<path d="M160 ${y(-0.06)}Q166 ${y(-0.02)} 162 ${y(0.08)}" stroke="#2c3640" stroke-width="3" fill="none" opacity=".55"/>`,
    bream: `<path d="M170 ${y(-0.2)}Q183 ${y(-0.3)} 194 ${y(-0.16)}" stroke="#e2b23c" stroke-width="3.5" fill="none"/><circle cx="158" cy="${y(-0.2)}" r="4.5" fill="#2b2d31" opacity=".75"/>${[-0.3, -0.15, 0, 0.15, 0.3].map((k) => `<path d="M150 ${y(k)}Q100 ${y(k * 1.05)} 40 ${y(k * 0.2)}" stroke="#5b6770" stroke-width=".9" fill="none" opacity=".35"/>`).join('')}`,
    dentex: Array.from({ length: 26 }, (_, i) => {
      const r = createRandom(900 + i);
      return `<circle cx="${n(r.range(60, 165))}" cy="${y(r.range(-0.38, 0.05))}" r="${n(r.range(1.2, 2.4))}" fill="#4f82c4" opacity=".8"/>`;
    }).join(''),
    tuna: `<path d="M165 ${y(0.05)}C130 ${y(0.12)} 90 ${y(0.1)} 40 ${y(0.02)}" stroke="#c3cfdc" stroke-width="5" fill="none" opacity=".45"/>`,
    amberjack: `<path d="M196 ${y(-0.14)}L170 ${y(-0.2)}C130 ${y(-0.14)} 80 ${y(-0.06)} 36 0" stroke="#d9a441" stroke-width="4.5" fill="none" opacity=".8"/>`,
    bonito: [0, 1, 2, 3, 4, 5, 6]
      .map(
        (i) =>
          `<path d="M${150 - i * 16} ${y(-0.5)}L${120 - i * 14} ${y(-0.02)}" stroke="#1b2f4a" stroke-width="3" opacity=".55"/>`,
      )
      .join(''),
  };
  const scales = `<pattern id="${id}-sc" width="7" height="6" patternUnits="userSpaceOnUse"><path d="M0 6a3.5 3.5 0 0 1 7 0M-3.5 3a3.5 3.5 0 0 1 7 0M3.5 3a3.5 3.5 0 0 1 7 0" fill="none" stroke="#1d2830" stroke-width=".6"/></pattern>`;
  return (
    `<defs><linearGradient id="${id}-b" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${L.back}"/><stop offset=".42" stop-color="${L.mid}"/><stop offset=".7" stop-color="${L.belly}"/><stop offset="1" stop-color="${L.belly}"/></linearGradient>` +
    `<linearGradient id="${id}-f" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${L.fin}" stop-opacity=".95"/><stop offset="1" stop-color="${L.fin}" stop-opacity=".75"/></linearGradient>` +
    `<clipPath id="${id}-c"><path d="${body}"/></clipPath>${scales}<filter id="${id}-s" x="-20%" y="-50%" width="140%" height="200%"><feGaussianBlur stdDeviation="5"/></filter></defs>` +
    fins.map((f) => fin(f, `url(#${id}-f)`, L.back)).join('') +
    `<g fill="${finletColor}">${finlets}</g>` +
    `<path d="${body}" fill="url(#${id}-b)" stroke="#141b21" stroke-opacity=".28" stroke-width="1"/>` +
    `<g clip-path="url(#${id}-c)">${extras[species]}<rect x="30" y="${y(-0.6)}" width="175" height="${y(1.2)}" fill="url(#${id}-sc)" opacity=".13"/>` +
    `<ellipse cx="112" cy="${y(-0.12)}" rx="74" ry="${y(0.11)}" fill="#fff" opacity=".32" filter="url(#${id}-s)"/>` +
    `<path d="M158 ${y(-0.22)}C122 ${y(-0.28)} 72 ${y(-0.17)} 38 0" stroke="${L.back}" stroke-width="1" fill="none" opacity=".45"/>` +
    `<path d="M163 ${y(-0.42)}Q151 ${y(0.02)} 163 ${y(0.46)}" stroke="${L.back}" stroke-width="1.6" fill="none" opacity=".45"/></g>` +
    fin([p(155, 0.06), p(128, 0.02), p(114, 0.2), p(124, 0.25), p(155, 0.17)], L.fin, L.back) +
    `<path d="M200 ${y(0.05)}L186 ${y(0.12)}" stroke="#2a2f35" stroke-width="1.4" stroke-linecap="round"/>` +
    `<circle cx="182" cy="${y(-0.12)}" r="${L.eye}" fill="${L.iris}" stroke="#2a2f35" stroke-opacity=".4" stroke-width=".8"/><circle cx="182" cy="${y(-0.12)}" r="${n(L.eye * 0.58)}" fill="#101418"/><circle cx="${n(180.5)}" cy="${n(H * -0.12 - L.eye * 0.3)}" r="${n(L.eye * 0.22)}" fill="#fff" opacity=".9"/>`
  );
}

/** A fish placed with its centre at (x, y), `length` long, turned by `angle` degrees, facing left if flipped. */
export function fish(species: Species, x: number, y: number, length: number, angle = 0, flip = false): string {
  const s = length / 200;
  return `<g transform="translate(${n(x)} ${n(y)}) rotate(${angle}) scale(${n3(flip ? -s : s)} ${n3(s)}) translate(-100 0)">${fishBody(species)}</g>`;
}

export type Backdrop = 'deck' | 'rocks' | 'board' | 'sea';

/** A catch photo: `species` on a backdrop, as an SVG filling its box (cropped to cover). */
export function catchPhoto(
  species: Species,
  backdrop: Backdrop,
  width: number,
  height: number,
  seed = 1,
  /** Where the fish lies (0..1 of the height) and how tall a band it may fill, for photos partly covered. */
  place?: { y: number; band: number },
): string {
  const id = uid('photo');
  const rand = createRandom(seed);
  const cx = width / 2;
  const cy = height / 2;
  // As long as fits: the fish with its fins is about 1.8 body heights tall.
  const fit = (boxHeight: number) => Math.min(width * 0.84, boxHeight / (1.8 * looks[species].height));
  let scene = '';
  let angle = rand.range(-9, -3);
  switch (backdrop) {
    case 'deck': {
      // a wooden deck: planks with grain, gaps and a few drops of water
      const planks = Array.from({ length: Math.ceil(height / 34) + 1 }, (_, i) => {
        const tone = rand.pick(['#9a6a43', '#a47349', '#8d603c', '#a9784c']);
        return `<rect x="-10" y="${i * 34}" width="${width + 20}" height="32" fill="${tone}"/>`;
      }).join('');
      scene =
        `<defs><filter id="${id}-g" x="0" y="0" width="100%" height="100%"><feTurbulence type="fractalNoise" baseFrequency="0.004 0.25" numOctaves="3" seed="${seed}"/><feColorMatrix values="0 0 0 0 0.2 0 0 0 0 0.12 0 0 0 0 0.06 0 0 0 1.2 -0.45"/></filter></defs>` +
        `<rect width="${width}" height="${height}" fill="#6b4527"/>${planks}<rect width="${width}" height="${height}" filter="url(#${id}-g)"/>` +
        Array.from(
          { length: Math.ceil(height / 34) },
          (_, i) => `<rect y="${i * 34 + 32}" width="${width}" height="2" fill="#3b2414" opacity=".7"/>`,
        ).join('') +
        tape(width * 0.08, height * 0.8, width * 0.84, -2) +
        (place === undefined ? lure(width * 0.8, height * 0.18, width * 0.16, 22) : '');
      break;
    }
    case 'rocks': {
      // wet dark rock: broad shading, fine grain, then the sea and its foam at the top
      const edge = `M0 ${n(height * 0.24)}Q${n(width * 0.3)} ${n(height * 0.13)} ${n(width * 0.6)} ${n(height * 0.21)}T${width} ${n(height * 0.17)}`;
      scene =
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
      break;
    }
    case 'board': {
      scene =
        `<defs><linearGradient id="${id}-w" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#f4f6f7"/><stop offset="1" stop-color="#d9dfe3"/></linearGradient>` +
        `<pattern id="${id}-p" width="10" height="10" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><rect width="4" height="4" fill="#c9d1d6"/></pattern></defs>` +
        `<rect width="${width}" height="${height}" fill="url(#${id}-w)"/><rect width="${width}" height="${height}" fill="url(#${id}-p)" opacity=".35"/>` +
        `<rect x="0" y="0" width="${width}" height="${n(height * 0.12)}" fill="#1d6d8e"/><rect x="0" y="${n(height * 0.12)}" width="${width}" height="6" fill="#e3e8eb"/>` +
        tape(width * 0.08, height * 0.8, width * 0.84, 0);
      angle = rand.range(-4, 2);
      break;
    }
    case 'sea': {
      // on the boat's side deck, the sea and the sky behind
      const horizon = height * 0.34;
      const deck = height * 0.56;
      scene =
        `<defs><linearGradient id="${id}-sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f3a46c"/><stop offset="1" stop-color="#fbd7a4"/></linearGradient>` +
        `<linearGradient id="${id}-sea" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#3c7f98"/><stop offset="1" stop-color="#134a66"/></linearGradient>` +
        `<linearGradient id="${id}-deck" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f4f6f7"/><stop offset="1" stop-color="#c8d0d5"/></linearGradient>` +
        `<radialGradient id="${id}-sun" cx=".72" cy=".34" r=".45"><stop offset="0" stop-color="#fff4d6" stop-opacity=".95"/><stop offset="1" stop-color="#fff4d6" stop-opacity="0"/></radialGradient>` +
        `<pattern id="${id}-ns" width="9" height="9" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><rect width="3.5" height="3.5" fill="#aeb8be"/></pattern></defs>` +
        `<rect width="${width}" height="${n(horizon)}" fill="url(#${id}-sky)"/><rect y="${n(horizon)}" width="${width}" height="${n(height - horizon)}" fill="url(#${id}-sea)"/>` +
        `<rect width="${width}" height="${n(deck)}" fill="url(#${id}-sun)"/>` +
        Array.from({ length: 60 }, () => {
          const t = rand.next();
          const gy = horizon + t * (deck - horizon);
          const gw = 4 + t * 26;
          return `<rect x="${n(width * 0.72 + (rand.next() - 0.5) * width * (0.1 + t * 0.5))}" y="${n(gy)}" width="${n(gw)}" height="${n(1 + t * 1.6)}" rx="1" fill="#ffe2b0" opacity="${n2(rand.range(0.3, 0.8))}"/>`;
        }).join('') +
        `<path d="M0 ${n(deck - 26)}L${width} ${n(deck - 40)}" stroke="#d6dde1" stroke-width="5"/><path d="M0 ${n(deck - 27)}L${width} ${n(deck - 41)}" stroke="#fff" stroke-width="1.5" opacity=".7"/>` +
        [0.12, 0.5, 0.88]
          .map(
            (k) => `<path d="M${n(width * k)} ${n(deck - 26 - 14 * k)}V${n(deck)}" stroke="#c5cdd2" stroke-width="4"/>`,
          )
          .join('') +
        `<rect y="${n(deck)}" width="${width}" height="${n(height - deck)}" fill="url(#${id}-deck)"/><rect y="${n(deck)}" width="${width}" height="${n(height - deck)}" fill="url(#${id}-ns)" opacity=".25"/>` +
        `<rect y="${n(deck)}" width="${width}" height="7" fill="#1d6d8e"/>`;
      angle = rand.range(-5, 1);
      break;
    }
  }
  const fishY =
    place !== undefined
      ? height * place.y
      : backdrop === 'sea'
        ? height * 0.78
        : backdrop === 'rocks'
          ? height * 0.6
          : cy;
  const length = fit(height * (place?.band ?? (backdrop === 'sea' ? 0.42 : backdrop === 'rocks' ? 0.7 : 0.78)));
  const shadow = `<ellipse cx="${n(cx + 6)}" cy="${n(fishY + length * 0.08)}" rx="${n(length * 0.45)}" ry="${n(length * 0.1)}" fill="#000" opacity=".3" filter="url(#${id}-sh)"/>`;
  const drops = Array.from({ length: 9 }, () => {
    const dx = rand.range(0.1, 0.9) * width;
    const dy = rand.range(backdrop === 'sea' ? 0.62 : 0.1, 0.95) * height;
    const r = rand.range(1.5, 3.5);
    return `<ellipse cx="${n(dx)}" cy="${n(dy)}" rx="${n(r)}" ry="${n(r * 0.8)}" fill="#fff" opacity=".35"/>`;
  }).join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" preserveAspectRatio="xMidYMid slice" width="100%" height="100%">` +
    `<defs><filter id="${id}-sh" x="-20%" y="-50%" width="140%" height="200%"><feGaussianBlur stdDeviation="${n(length * 0.03)}"/></filter>` +
    `<radialGradient id="${id}-v" cx=".5" cy=".5" r=".75"><stop offset=".6" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".35"/></radialGradient></defs>` +
    scene +
    drops +
    shadow +
    fish(species, cx, fishY, length, angle, rand.next() < 0.5) +
    `<rect width="${width}" height="${height}" fill="url(#${id}-v)"/></svg>`
  );
}

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
