// 4. A mountain lake at dawn: mist, mirror reflections and a kayak angler.
import { fishingLine, kayak } from '../figures.ts';
import { createRandom, type Random } from '../random.ts';
import {
  blurFilter,
  cloudFilter,
  conifers,
  glints,
  H,
  mirrorWater,
  reeds,
  rippleFilter,
  shade,
  smoothstep,
  svgDocument,
  W,
} from '../scenery.ts';
import { linear, n, noise1d, polyline, radial, ridge, type Point } from '../svg.ts';

const horizon = 585;

/** The dawn sky, its glow and the thin clouds. */
function skyPaints(): string {
  return (
    linear('sky', [
      [0, '#1d2746'],
      [0.35, '#4b5684'],
      [0.7, '#b78ea4'],
      [0.9, '#f0b9a0'],
      [1, '#f8d2ab'],
    ]) +
    radial(
      'glow',
      [
        [0, '#ffe6c4', 0.9],
        [0.4, '#f7b99c', 0.35],
        [1, '#f7b99c', 0],
      ],
      `gradientUnits="userSpaceOnUse" cx="1020" cy="${horizon - 150}" r="700"`,
    ) +
    linear('cloud-fill', [
      [0, '#ffd2bd', 0],
      [0.5, '#f3b3a6', 0.75],
      [1, '#ffd9b8', 0],
    ])
  );
}

/** The three mountain ranges, far to near, and the snow on the far one. */
function mountainPaints(): string {
  return (
    linear('far', [
      [0, '#a590b0'],
      [1, '#c7a6b4'],
    ]) +
    linear(
      'far-shade',
      [
        [0, '#3a3560', 0],
        [0.6, '#3a3560', 0.15],
        [1, '#3a3560', 0.35],
      ],
      { x1: 0, y1: 200, x2: 0, y2: 585 },
      'gradientUnits="userSpaceOnUse"',
    ) +
    linear('snow', [
      [0, '#fbe9e6'],
      [1, '#d8b9c6'],
    ]) +
    linear('mid', [
      [0, '#6a6a92'],
      [1, '#7f7a9a'],
    ]) +
    linear('near', [
      [0, '#343b5c'],
      [1, '#2a2f4a'],
    ])
  );
}

/** Mist, the lake's shade, and the filters for clouds, mist, ripples and blurs. */
function mistAndEffects(): string {
  return (
    linear('mist-fill', [
      [0, '#f6e2e0', 0],
      [0.5, '#f6e2e0', 0.9],
      [1, '#f6e2e0', 0],
    ]) +
    linear('lake-shade', [
      [0, '#1a1f38', 0.1],
      [1, '#0c0f1e', 0.7],
    ]) +
    cloudFilter('clouds', { seed: 41, frequency: [0.0012, 0.02], cover: 0.3, softness: 0.1, octaves: 4 }) +
    cloudFilter('mist', { seed: 43, frequency: [0.0016, 0.012], cover: 0.7, softness: 0.35, octaves: 3 }) +
    rippleFilter('ripple', 12, [0.003, 0.16], 7) +
    blurFilter('soft', 6) +
    blurFilter('wake-blur', 1.2)
  );
}

/** The far peaks with snow above an uneven snowline, so only the higher ones carry it, in streaks down the gullies. */
function farRange(rand: Random): string {
  const far = ridge(rand, {
    base: 330,
    amplitude: 150,
    spacing: 420,
    sharp: true,
    bottom: horizon,
    envelope: (x) => Math.sin((x / W) * Math.PI * 1.3 + 0.4) * 50,
  });
  const snowNoise = noise1d(createRandom(7), { spacing: 24, octaves: 4, length: 1800 });
  const snowLine = (x: number) => Math.max(far.at(x), 228 + snowNoise(x + 20) * 42);
  const snow: Point[] = [];
  for (let x = -20; x <= 1620; x += 3) snow.push([x, snowLine(x)]);
  return (
    `<path d="${far.d}" fill="url(#far)"/>` +
    `<path d="${far.d}" fill="url(#snow)" opacity=".8"/><path d="${polyline(snow)}L1620 ${horizon}L-20 ${horizon}Z" fill="url(#far)"/>` +
    `<path d="${far.d}" fill="url(#far-shade)"/>`
  );
}

/** Sky, mountains, mist and the wooded shore, as #above for the lake to mirror. */
function above(rand: Random): string {
  const farPeaks = farRange(rand);
  const mid = ridge(rand, { base: 470, amplitude: 70, spacing: 260, sharp: true, bottom: horizon, octaves: 4 });
  const near = ridge(rand, {
    base: 555,
    amplitude: 26,
    spacing: 200,
    bottom: horizon + 2,
    envelope: (x) => (1 - smoothstep(0, 500, x)) * 60 + smoothstep(1150, 1600, x) * 50,
  });
  return (
    `<g id="above"><rect x="-80" width="${W + 160}" height="${horizon + 2}" fill="url(#sky)"/>` +
    `<rect x="-80" width="${W + 160}" height="${horizon}" fill="url(#glow)"/>` +
    `<rect y="80" width="${W}" height="260" fill="url(#cloud-fill)" filter="url(#clouds)" opacity=".8"/>` +
    farPeaks +
    `<rect y="330" width="${W}" height="160" fill="url(#mist-fill)" filter="url(#mist)" opacity=".55"/>` +
    `<path d="${mid.d}" fill="url(#mid)"/>` +
    `<rect y="440" width="${W}" height="120" fill="url(#mist-fill)" filter="url(#mist)" opacity=".5"/>` +
    `<path d="${near.d}" fill="url(#near)"/>` +
    conifers(rand, { ground: near.at, from: -10, to: 1610, gap: [5, 16], height: [14, 40], color: '#262b45' }) +
    `</g>`
  );
}

/** The still lake mirroring it all, mist on the water, a few glints. */
function lake(rand: Random): string {
  return (
    mirrorWater(horizon, { fill: '#3a3f62', mirror: 0.88, shade: 'url(#lake-shade)' }) +
    `<rect y="${horizon - 40}" width="${W}" height="110" fill="url(#mist-fill)" filter="url(#mist)" opacity=".6"/>` +
    glints(rand, { horizon, bottom: H, count: 260, color: '#f4d6d0', opacity: 0.3 })
  );
}

/** The kayak angler, the kayak's wake and reflection, and the line to the water. */
function kayakAngler(): string {
  const k = kayak({ x: 1040, y: 745, length: 320, color: '#141628', accent: '#e02424' });
  const kayakReflection = `<g transform="matrix(1 0 0 -0.6 0 ${n(745 * 1.6)})" opacity=".35" filter="url(#ripple)">${k.svg}</g>`;
  const wake =
    `<g fill="none" stroke="#f3d9d4" stroke-linecap="round" filter="url(#wake-blur)">` +
    `<path d="M1200 742Q1060 738 880 728Q760 722 640 716" stroke-width="1.6" opacity=".3"/>` +
    `<path d="M1200 750Q1040 762 880 782Q760 798 660 816" stroke-width="1.8" opacity=".25"/>` +
    `<path d="M1200 746Q1120 748 1040 752" stroke-width="2.4" opacity=".35"/>` +
    `<path d="M1188 740Q1204 745 1190 752" stroke-width="2" opacity=".5"/></g>`;
  const line = fishingLine(k.tip, [k.tip[0] - 130, 760], 20, '#f6e0d8', 0.7, 0.6);
  return `${wake}${kayakReflection}${line}${k.svg}`;
}

export function mountainLake(): string {
  const rand = createRandom(404);
  const mountains = above(rand);
  const water = lake(rand);
  const foreground = reeds(rand, {
    count: 90,
    spread: [-20, 380],
    pull: [0.4, 1],
    height: [60, 210],
    fade: 520,
    lean: [-25, 35],
    color: '#0c0e1a',
  });
  return svgDocument(
    `<defs>${skyPaints()}${mountainPaints()}${mistAndEffects()}</defs>${mountains}${water}${kayakAngler()}${foreground}${shade()}`,
  );
}
