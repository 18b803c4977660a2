// 1. Sunrise over a calm sea, an angler casting from the rocks.
import { angler } from '../angler.ts';
import { bird, fishingLine } from '../figures.ts';
import { createRandom, type Random } from '../random.ts';
import {
  blurFilter,
  cloudFilter,
  glints,
  H,
  mirrorWater,
  rippleFilter,
  shade,
  smoothstep,
  svgDocument,
  W,
} from '../scenery.ts';
import { linear, noise1d, polyline, radial, ridge, type Point } from '../svg.ts';

const horizon = 560;
const sun: Point = [700, horizon - 14];

/** The dawn sky, the sun's glow and the clouds it lights. */
function skyPaints(): string {
  return (
    linear('sky', [
      [0, '#141c3a'],
      [0.32, '#3a3764'],
      [0.58, '#8c5878'],
      [0.78, '#d8766a'],
      [0.92, '#f3a35e'],
      [1, '#ffd59a'],
    ]) +
    radial(
      'glow',
      [
        [0, '#fff1c9', 1],
        [0.12, '#ffc47a', 0.75],
        [0.45, '#ff8f5a', 0.25],
        [1, '#ff8f5a', 0],
      ],
      `gradientUnits="userSpaceOnUse" cx="${sun[0]}" cy="${sun[1]}" r="720"`,
    ) +
    linear('cloud-fill', [
      [0, '#2d2b52', 0],
      [0.2, '#3a3360', 0.9],
      [0.45, '#7a4f78', 0.9],
      [0.8, '#f09a86', 0.8],
      [1, '#ffc58f', 0],
    ])
  );
}

/** The sea's colours and the rocks', lit from the left. */
function seaAndRockPaints(): string {
  return (
    linear('water', [
      [0, '#f0a875'],
      [0.12, '#b46a6e'],
      [0.45, '#4a3658'],
      [1, '#121830'],
    ]) +
    linear('water-shade', [
      [0, '#0d1024', 0],
      [0.5, '#0d1024', 0.35],
      [1, '#0a0c1c', 0.75],
    ]) +
    linear(
      'rock-far',
      [
        [0, '#4a3344'],
        [0.4, '#2a1f30'],
        [1, '#17111f'],
      ],
      { x1: 0, y1: 0, x2: 1, y2: 0.3 },
    ) +
    linear(
      'rock',
      [
        [0, '#3b2838'],
        [0.3, '#1c1522'],
        [1, '#0b0910'],
      ],
      { x1: 0, y1: 0, x2: 1, y2: 0.4 },
    )
  );
}

/** Cloud cover and streaks low over the sea, ripples for the reflection, blurs for the sun and haze. */
function effects(): string {
  return (
    cloudFilter('clouds', { seed: 7, frequency: [0.0016, 0.011], cover: 0.5, softness: 0.14 }) +
    cloudFilter('streaks', { seed: 19, frequency: [0.0012, 0.03], cover: 0.35, softness: 0.12, octaves: 4 }) +
    linear('streak-fill', [
      [0, '#ffb08a', 0],
      [0.5, '#ffb890', 0.7],
      [1, '#ffd0a0', 0],
    ]) +
    rippleFilter('ripple', 4, [0.002, 0.07], 26) +
    blurFilter('soft', 2) +
    blurFilter('haze', 14)
  );
}

/** Sky, clouds, the sun and the land on the horizon, as #above for the sea to mirror. */
function above(rand: Random): string {
  const farLand = ridge(rand, {
    base: horizon + 2,
    amplitude: 26,
    spacing: 160,
    from: 1230,
    to: 1620,
    bottom: horizon + 1,
    envelope: (x) => smoothstep(1230, 1420, x) * 34,
  });
  const island = ridge(rand, {
    base: horizon + 1,
    amplitude: 10,
    spacing: 60,
    from: 280,
    to: 460,
    bottom: horizon + 1,
    envelope: (x) => Math.sin(((x - 280) / 180) * Math.PI) * 14,
  });
  return (
    `<g id="above">` +
    `<rect x="-80" width="${W + 160}" height="${horizon}" fill="url(#sky)"/>` +
    `<rect x="-80" width="${W + 160}" height="${horizon}" fill="url(#glow)"/>` +
    `<rect y="60" width="${W}" height="${horizon - 100}" fill="url(#cloud-fill)" filter="url(#clouds)" opacity=".95"/>` +
    `<rect y="${horizon - 190}" width="${W}" height="170" fill="url(#streak-fill)" filter="url(#streaks)" opacity=".6"/>` +
    `<circle cx="${sun[0]}" cy="${sun[1]}" r="34" fill="#fff7e4" filter="url(#soft)"/>` +
    `<path d="${farLand.d}" fill="#5b3f5e"/><path d="${island.d}" fill="#7a4d66" opacity=".8"/>` +
    `</g>`
  );
}

/** The calm sea mirroring the sky, glinting along the sun's path. */
function sea(rand: Random): string {
  return (
    mirrorWater(horizon, { fill: 'url(#water)', mirror: 0.7, shade: 'url(#water-shade)' }) +
    glints(rand, { horizon, bottom: H, count: 900, color: '#ffe2b5', x: sun[0], spread: 150, opacity: 0.9 }) +
    glints(rand, { horizon, bottom: H, count: 450, color: '#f7b98f', opacity: 0.22 })
  );
}

/** Faint cracks running along the outcrop, below its top, at three depths. */
function ledges(outcrop: readonly Point[], rough: (x: number) => number): string {
  return [28, 70, 125]
    .map(
      (drop, i) =>
        `<path d="${polyline(outcrop.filter(([x]) => x > 900 + i * 60 && x < 1500 - i * 40).map(([x, y]): Point => [x + drop * 0.4, y + drop + rough(x * 2 + i * 97) * 10]))}" fill="none" stroke="#6a4456" stroke-width="${2 - i * 0.4}" opacity="${0.2 - i * 0.05}"/>`,
    )
    .join('');
}

/**
 * Rocks on the right: a low far shelf sinking into the sea, then the outcrop the angler stands
 * on; `top` is the outcrop's height at x.
 */
function rocks(rand: Random): { svg: string; top: (x: number) => number } {
  const rough = noise1d(rand, { spacing: 90, octaves: 5, length: 1000 });
  const shelf: Point[] = [];
  for (let x = 600; x <= 1620; x += 6) {
    const u = (x - 600) / 1020;
    shelf.push([x, 915 - smoothstep(0, 0.22, u) ** 0.6 * 190 - u * 40 - rough(x - 560) * 22 * smoothstep(0, 0.2, u)]);
  }
  const top = (x: number): number => {
    const u = 1600 - x;
    return 640 + Math.max(0, (u - 340) / 330) ** 1.8 * 260 - Math.max(0, (110 - u) / 110) * 40 - rough(u) * 30;
  };
  const outcrop: Point[] = [];
  for (let x = 880; x <= 1620; x += 5) outcrop.push([x, top(x)]);
  const svg =
    glints(rand, { horizon: 782, bottom: 800, count: 40, color: '#f6d2bc', from: 560, to: 700, opacity: 0.5 }) +
    `<path d="${polyline(shelf)}L1620 ${H}L600 ${H}Z" fill="url(#rock-far)"/>` +
    `<path d="${polyline(outcrop)}L1620 ${H}L880 ${H}Z" fill="url(#rock)"/>` +
    `<path d="${polyline(outcrop.filter(([x]) => x < 1450))}" fill="none" stroke="#e08a6a" stroke-width="1.6" opacity=".45"/>` +
    `<path d="${polyline(shelf.filter(([x]) => x < 1100))}" fill="none" stroke="#e08a6a" stroke-width="1.2" opacity=".3"/>` +
    ledges(outcrop, rough);
  return { svg, top };
}

export function sunriseRocks(): string {
  const rand = createRandom(101);
  const sky = above(rand);
  const water = sea(rand);
  const shore = rocks(rand);
  const standX = 1290;
  const person = angler('cast', { x: standX, y: shore.top(standX) + 4, height: 165, color: '#0b0810', flip: true });
  const line = fishingLine(person.tip, [560, 650], 150, '#ffe7c7', 1, 0.5);
  const birds = bird(860, 330, 16, '#2a1c30') + bird(905, 300, 11, '#2a1c30', 0.45) + bird(810, 280, 9, '#3a2638', 0.2);
  return svgDocument(
    `<defs>${skyPaints()}${seaAndRockPaints()}${effects()}</defs>${sky}${water}<rect y="${horizon - 40}" width="${W}" height="80" fill="#ffcf9e" opacity=".12" filter="url(#haze)"/>${shore.svg}${line}${person.svg}${birds}${shade()}`,
  );
}
