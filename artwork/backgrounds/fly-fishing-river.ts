// 5. A river among forest hills, a fly fisher in waders casting.
import { angler } from '../angler.ts';
import { createRandom, type Random } from '../random.ts';
import {
  blurFilter,
  cloudFilter,
  conifers,
  H,
  reeds,
  rippleFilter,
  shade,
  smoothstep,
  svgDocument,
  W,
  woods,
} from '../scenery.ts';
import { linear, n, radial, ridge, type Point } from '../svg.ts';
import {
  depth,
  horizon,
  leftBank,
  leftEdge,
  rightBank,
  rightEdge,
  riverBanks,
  riverSurface,
  riverTop,
  stones,
} from './river.ts';

/** The evening sky, the sun's glow low on the right and the clouds. */
function skyPaints(): string {
  return (
    linear('sky', [
      [0, '#1f2f3e'],
      [0.45, '#4f6a70'],
      [0.85, '#c9b789'],
      [1, '#f1d9a0'],
    ]) +
    radial(
      'glow',
      [
        [0, '#fff0c4', 0.95],
        [0.3, '#f3cf87', 0.45],
        [1, '#f3cf87', 0],
      ],
      `gradientUnits="userSpaceOnUse" cx="1230" cy="${horizon - 40}" r="640"`,
    ) +
    linear('cloud-fill', [
      [0, '#2a3a46', 0.6],
      [1, '#e7c890', 0.6],
    ])
  );
}

/** The river, the mist between the hills and the banks; then clouds, mist, ripples and foam. */
function landPaints(): string {
  return (
    linear('river', [
      [0, '#f0d79c'],
      [0.35, '#a9b08f'],
      [1, '#3a5150'],
    ]) +
    linear('mist-fill', [
      [0, '#eadfb8', 0],
      [0.5, '#eadfb8', 0.9],
      [1, '#eadfb8', 0],
    ]) +
    linear('bank', [
      [0, '#1b2a22'],
      [1, '#0a120e'],
    ]) +
    cloudFilter('clouds', { seed: 51, frequency: [0.0015, 0.012], cover: 0.35, softness: 0.15 }) +
    cloudFilter('mist', { seed: 53, frequency: [0.002, 0.014], cover: 0.7, softness: 0.35, octaves: 3 }) +
    rippleFilter('ripple', 14, [0.004, 0.09], 14) +
    blurFilter('foam', 1.4)
  );
}

/** Three wooded hills, far to near, each with mist along its foot. */
function hills(rand: Random): string {
  return [
    {
      base: 360,
      amplitude: 90,
      color: '#667e78',
      size: [10, 22] as [number, number],
      lift: (x: number) => (1 - smoothstep(0, 700, x)) * 90,
    },
    {
      base: 420,
      amplitude: 80,
      color: '#435c56',
      size: [12, 26] as [number, number],
      lift: (x: number) => smoothstep(900, 1600, x) * 70,
    },
    {
      base: 485,
      amplitude: 60,
      color: '#273c37',
      size: [14, 30] as [number, number],
      lift: (x: number) => (1 - smoothstep(200, 900, x)) * 50,
    },
  ]
    .map((layer, i) => {
      const shape = ridge(rand, {
        base: layer.base,
        amplitude: layer.amplitude,
        spacing: 520 - i * 90,
        octaves: 3,
        bottom: H,
        envelope: layer.lift,
      });
      const mist = `<rect y="${layer.base - 10}" width="${W}" height="90" fill="url(#mist-fill)" filter="url(#mist)" opacity="${0.55 - i * 0.1}"/>`;
      return `<path d="${woods(rand, { ground: shape.at, size: layer.size, bottom: H })}" fill="${layer.color}"/>${mist}`;
    })
    .join('');
}

/** Conifers along both banks, far away (#bank-trees, which the river mirrors). */
function bankTrees(rand: Random): string {
  return (
    `<g id="bank-trees">` +
    conifers(rand, {
      ground: (x) => riverTop + 8 - (1120 - x) * 0.02,
      from: -20,
      to: leftBank(riverTop) - 6,
      gap: [10, 26],
      height: [60, 150],
      color: '#0f1a16',
    }) +
    conifers(rand, {
      ground: (x) => riverTop + 2 + (x - 1220) * 0.03,
      from: rightBank(riverTop) + 8,
      to: 1620,
      gap: [12, 26],
      height: [50, 120],
      color: '#0f1a16',
    }) +
    `</g>`
  );
}

/** Tufts of grass along a bank, taller towards the viewer, leaning `lean` away from the water. */
function grass(rand: Random, points: readonly Point[], lean: number): string {
  return points
    .flatMap(([x, y]) =>
      Array.from({ length: 3 }, () => {
        const h = rand.range(8, 26) * (0.4 + depth(y));
        const gx = x + rand.range(-14, 14);
        return `<path d="M${n(gx)} ${n(y + 4)}Q${n(gx + lean * 0.3)} ${n(y - h * 0.6)} ${n(gx + lean * rand.range(0.3, 1))} ${n(y - h)}" fill="none" stroke="#0b1410" stroke-width="${n(rand.range(1, 2.2))}" stroke-linecap="round"/>`;
      }),
    )
    .join('');
}

/**
 * The fly fisher wading in the river, the line in loops above the water behind, and the rings
 * the waders make on the water (the figure is cut at the waterline).
 */
function flyFisher(): string {
  const waterline = 742;
  const standX = 1090;
  const person = angler('fly', { x: standX, y: 790, height: 200, color: '#0d1411' });
  const [tx, ty] = person.tip;
  const flyLine = `<path d="M${n(tx)} ${n(ty)}C${n(tx - 120)} ${n(ty - 70)} ${n(tx - 380)} ${n(ty - 70)} ${n(tx - 560)} ${n(ty - 30)}C${n(tx - 610)} ${n(ty - 18)} ${n(tx - 605)} ${n(ty + 2)} ${n(tx - 560)} ${n(ty + 4)}C${n(tx - 420)} ${n(ty + 6)} ${n(tx - 250)} ${n(ty + 40)} ${n(tx - 90)} ${n(ty + 110)}C${n(tx - 40)} ${n(ty + 135)} ${n(tx - 10)} ${n(ty + 150)} ${n(person.head[0] + 10)} ${n(person.head[1] + 70)}" fill="none" stroke="#fbe7b4" stroke-width="1.6" opacity=".85"/>`;
  const wading =
    `<clipPath id="above-water"><rect width="${W}" height="${waterline}"/></clipPath>` +
    `<g clip-path="url(#above-water)">${person.svg}</g>` +
    `<g fill="none" stroke="#f6e6bb" filter="url(#foam)"><ellipse cx="${standX}" cy="${waterline + 2}" rx="34" ry="6" stroke-width="2" opacity=".6"/><ellipse cx="${standX - 2}" cy="${waterline + 4}" rx="62" ry="11" stroke-width="1.4" opacity=".35"/><ellipse cx="${standX - 4}" cy="${waterline + 7}" rx="96" ry="17" stroke-width="1.1" opacity=".2"/></g>`;
  return flyLine + wading;
}

export function flyFishingRiver(): string {
  const rand = createRandom(505);
  const background = hills(rand);
  const water = riverSurface(rand);
  const trees = bankTrees(rand);
  const rocks = stones(rand);
  const tufts = grass(rand, leftEdge, 6) + grass(rand, rightEdge, -6);
  const fisher = flyFisher();
  const foreground = reeds(rand, {
    count: 70,
    spread: [-20, 300],
    pull: [0.3, 1],
    height: [50, 170],
    fade: 420,
    lean: [-20, 40],
    color: '#070d0b',
  });
  return svgDocument(
    `<defs>${skyPaints()}${landPaints()}</defs><rect width="${W}" height="${H}" fill="url(#sky)"/><rect width="${W}" height="${H}" fill="url(#glow)"/>` +
      `<rect y="40" width="${W}" height="320" fill="url(#cloud-fill)" filter="url(#clouds)" opacity=".7"/>` +
      background +
      water +
      riverBanks() +
      `<g clip-path="url(#river-clip)"><use href="#bank-trees" transform="matrix(1 0 0 -0.8 0 ${n(riverTop * 1.8 + 10)})" opacity=".45" filter="url(#ripple)"/></g>` +
      trees +
      tufts +
      rocks +
      fisher +
      foreground +
      shade(),
  );
}
