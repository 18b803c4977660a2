// 3. A small fishing boat on the open sea under dramatic clouds.
import { bird, fishingBoat, fishingLine } from '../figures.ts';
import { createRandom, type Random } from '../random.ts';
import { belowHorizon, blurFilter, cloudFilter, glints, H, shade, svgDocument, W } from '../scenery.ts';
import { linear, n, n2, radial, type Point } from '../svg.ts';

const horizon = 560;
const sun: Point = [1180, 250];

/** Rays of light fanning down from the sun behind the clouds. */
function rays(rand: Random): string {
  return Array.from({ length: 9 }, (_, i) => {
    const a = 0.9 + i * 0.13 + rand.range(-0.03, 0.03);
    const spread = rand.range(0.018, 0.045);
    const length = 900;
    const p1: Point = [sun[0] + Math.cos(a - spread) * length, sun[1] + Math.sin(a - spread) * length];
    const p2: Point = [sun[0] + Math.cos(a + spread) * length, sun[1] + Math.sin(a + spread) * length];
    return `<path d="M${sun[0]} ${sun[1]}L${n(p1[0])} ${n(p1[1])}L${n(p2[0])} ${n(p2[1])}Z" fill="url(#ray)" opacity="${n2(rand.range(0.25, 0.6))}"/>`;
  }).join('');
}

/** The overcast sky, the sun's glow behind it, dark clouds, their lit edges and the rays. */
function skyPaints(): string {
  return (
    linear('sky', [
      [0, '#121a26'],
      [0.4, '#2c3746'],
      [0.8, '#7d7f80'],
      [1, '#d7c39a'],
    ]) +
    radial(
      'glow',
      [
        [0, '#fff6dc', 1],
        [0.15, '#f6d9a0', 0.7],
        [0.5, '#c9a878', 0.2],
        [1, '#c9a878', 0],
      ],
      `gradientUnits="userSpaceOnUse" cx="${sun[0]}" cy="${sun[1]}" r="560"`,
    ) +
    linear('cloud-dark', [
      [0, '#0b1119', 1],
      [0.55, '#1f2834', 1],
      [0.9, '#3a4250', 0.8],
      [1, '#55585c', 0],
    ]) +
    radial(
      'cloud-lit',
      [
        [0, '#fff0cf', 1],
        [0.4, '#d9c19a', 0.7],
        [1, '#8a8a8a', 0],
      ],
      `gradientUnits="userSpaceOnUse" cx="${sun[0]}" cy="${sun[1]}" r="520"`,
    ) +
    radial(
      'ray',
      [
        [0, '#fff1c8', 0.6],
        [1, '#fff1c8', 0],
      ],
      `gradientUnits="userSpaceOnUse" cx="${sun[0]}" cy="${sun[1]}" r="760"`,
    )
  );
}

/** The grey sea, the patch the sun lights on it and the swell's lighter crests. */
function seaPaints(): string {
  return (
    linear('sea', [
      [0, '#6f7472'],
      [0.08, '#34454c'],
      [0.4, '#1a2830'],
      [1, '#0a1218'],
    ]) +
    radial(
      'sea-lit',
      [
        [0, '#e8d3a6', 0.75],
        [0.5, '#b59e77', 0.25],
        [1, '#b59e77', 0],
      ],
      `gradientUnits="userSpaceOnUse" cx="1250" cy="${horizon + 40}" r="420" gradientTransform="translate(0 ${horizon + 40}) scale(1 0.35) translate(0 -${horizon + 40})"`,
    ) +
    linear('swell-fill', [
      [0, '#9fb0b3', 0.25],
      [1, '#c8d4d4', 0.5],
    ])
  );
}

/** Cloud and swell cover, and the blurs for the rays, the sun and the foam. */
function effects(): string {
  return (
    cloudFilter('clouds', { seed: 31, frequency: [0.0014, 0.0042], cover: 0.78, softness: 0.2 }) +
    cloudFilter('clouds-lit', { seed: 31, frequency: [0.0014, 0.0042], cover: 0.45, softness: 0.12 }) +
    cloudFilter('swell', { seed: 5, frequency: [0.0035, 0.045], cover: 0.25, softness: 0.1, octaves: 3 }) +
    blurFilter('ray-blur', 7) +
    blurFilter('soft', 3) +
    blurFilter('foam', 1.6)
  );
}

function sky(sunRays: string): string {
  return (
    `<rect width="${W}" height="${horizon}" fill="url(#sky)"/>` +
    `<rect width="${W}" height="${horizon}" fill="url(#glow)"/>` +
    `<rect width="${W}" height="${horizon}" fill="url(#cloud-dark)" filter="url(#clouds)"/>` +
    `<rect width="${W}" height="${horizon}" fill="url(#cloud-lit)" filter="url(#clouds-lit)" opacity=".7"/>` +
    `<g filter="url(#ray-blur)" style="mix-blend-mode:screen">${sunRays}</g>`
  );
}

/** The open sea with its swell, glinting under the sun. */
function sea(rand: Random): string {
  return (
    belowHorizon(horizon, 'fill="url(#sea)"') +
    belowHorizon(horizon, 'fill="url(#sea-lit)"') +
    belowHorizon(horizon, 'fill="url(#swell-fill)" filter="url(#swell)" opacity=".35"') +
    glints(rand, { horizon, bottom: H, count: 700, color: '#f3e2bd', x: 1250, spread: 240, opacity: 0.75 }) +
    glints(rand, { horizon, bottom: H, count: 700, color: '#9fb3b8', opacity: 0.22 })
  );
}

/** The foam the boat leaves and pushes ahead. */
const wake =
  `<g filter="url(#foam)" fill="#dfe6e4">` +
  `<ellipse cx="560" cy="678" rx="190" ry="5" opacity=".25"/>` +
  `<path d="M392 672Q300 676 140 688Q300 682 394 676Z" opacity=".2"/>` +
  `<path d="M396 676Q300 700 180 740Q310 700 400 678Z" opacity=".14"/>` +
  `<path d="M724 660Q740 666 732 676Q716 672 710 666Z" opacity=".2"/></g>`;

export function boatUnderClouds(): string {
  const rand = createRandom(303);
  const sunRays = rays(rand);
  const water = sea(rand);
  const boat = fishingBoat({ x: 560, y: 676, length: 340, color: '#0b1016', window: '#f4d49a', rim: '#c9b48c' });
  const line = fishingLine(boat.tip, [boat.tip[0] - 140, 700], 30, '#d8d6cc', 0.8, 0.5);
  const birds = bird(930, 360, 13, '#0d1218') + bird(975, 338, 9, '#0d1218', 0.45) + bird(880, 330, 7, '#151b22', 0.2);
  return svgDocument(
    `<defs>${skyPaints()}${seaPaints()}${effects()}</defs>${sky(sunRays)}${water}${wake}${line}${boat.svg}${birds}${shade()}`,
  );
}
