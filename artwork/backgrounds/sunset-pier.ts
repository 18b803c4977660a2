// 2. A wooden pier at sunset, an angler at its end.
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
import { linear, n, radial, ridge, type Point } from '../svg.ts';

const horizon = 600;
const sun: Point = [1210, horizon - 8];

/** The sunset sky, the sun's glow and the clouds it lights. */
function skyPaints(): string {
  return (
    linear('sky', [
      [0, '#1d1433'],
      [0.3, '#4a2150'],
      [0.6, '#a53c52'],
      [0.82, '#e8753e'],
      [0.95, '#ffb347'],
      [1, '#ffd98a'],
    ]) +
    radial(
      'glow',
      [
        [0, '#fff4cf', 1],
        [0.1, '#ffc266', 0.8],
        [0.5, '#ff7a3d', 0.25],
        [1, '#ff7a3d', 0],
      ],
      `gradientUnits="userSpaceOnUse" cx="${sun[0]}" cy="${sun[1]}" r="760"`,
    ) +
    linear('cloud-fill', [
      [0, '#3b1d45', 0],
      [0.25, '#5a2450', 0.9],
      [0.7, '#e0644a', 0.9],
      [1, '#ffb060', 0.3],
    ])
  );
}

/** The sea's colours and the deck's, lit by the low sun; then clouds, ripples and blurs. */
function seaAndDeckPaints(): string {
  return (
    linear('water', [
      [0, '#ffb35a'],
      [0.15, '#c8563f'],
      [0.5, '#4c1f3a'],
      [1, '#150b1c'],
    ]) +
    linear('water-shade', [
      [0, '#12081a', 0],
      [1, '#0b0612', 0.7],
    ]) +
    linear(
      'deck',
      [
        [0, '#a0604a'],
        [0.45, '#6a3a36'],
        [1, '#3a2026'],
      ],
      { x1: 0, y1: 640, x2: 0, y2: 900 },
      'gradientUnits="userSpaceOnUse"',
    ) +
    cloudFilter('clouds', { seed: 23, frequency: [0.0011, 0.014], cover: 0.5, softness: 0.12 }) +
    rippleFilter('ripple', 9, [0.002, 0.08], 22) +
    blurFilter('soft', 2.5) +
    blurFilter('haze', 16)
  );
}

/** Sky, clouds, the sun and a headland on the left, as #above for the sea to mirror. */
function above(rand: Random): string {
  const headland = ridge(rand, {
    base: horizon + 1,
    amplitude: 22,
    spacing: 140,
    from: -20,
    to: 640,
    bottom: horizon + 1,
    envelope: (x) => (1 - smoothstep(0, 640, x)) * 70,
  });
  return (
    `<g id="above"><rect x="-80" width="${W + 160}" height="${horizon}" fill="url(#sky)"/>` +
    `<rect x="-80" width="${W + 160}" height="${horizon}" fill="url(#glow)"/>` +
    `<rect x="-80" y="40" width="${W + 160}" height="${horizon - 90}" fill="url(#cloud-fill)" filter="url(#clouds)"/>` +
    `<circle cx="${sun[0]}" cy="${sun[1]}" r="44" fill="#fff3d2" filter="url(#soft)"/>` +
    `<path d="${headland.d}" fill="#3a1a34"/></g>`
  );
}

/** The sea mirroring the sky, glinting along the sun's path. */
function sea(rand: Random): string {
  return (
    mirrorWater(horizon, { fill: 'url(#water)', mirror: 0.65, shade: 'url(#water-shade)' }) +
    glints(rand, { horizon, bottom: H, count: 1000, color: '#ffe1a8', x: sun[0], spread: 170, opacity: 0.95 }) +
    glints(rand, { horizon, bottom: H, count: 500, color: '#ff9a6a', opacity: 0.25 })
  );
}

// The pier in perspective: m pixels per metre at depth 1, camera 3 m above the water.
const m = 195;
const vx = 1150;
const deckY = (z: number) => horizon + (1.7 * m) / z;
const waterY = (z: number) => horizon + (3 * m) / z;
const sx = (X: number, z: number) => vx + (X * m) / z;
const left = -6.2;
const right = -2.2;
const far = 4.8;
const dark = '#120a12';

/** The deck from near the viewer to the far end, its lit edge and its planks. */
function deck(): string {
  let svg = `<path d="M${n(sx(left, 0.6))} ${n(deckY(0.6))}L${n(sx(left, far))} ${n(deckY(far))}L${n(sx(right, far))} ${n(deckY(far))}L${n(sx(right, 0.6))} ${n(deckY(0.6))}Z" fill="url(#deck)"/>`;
  svg += `<path d="M${n(sx(left, 0.6))} ${n(deckY(0.6))}L${n(sx(left, far))} ${n(deckY(far))}" stroke="#ffb47a" stroke-width="2" opacity=".45"/>`;
  // planks
  for (let z = 0.7; z < far; z += 0.06 * z) {
    svg += `<path d="M${n(sx(left, z))} ${n(deckY(z))}L${n(sx(right, z))} ${n(deckY(z))}" stroke="#0d070c" stroke-width="${n(Math.max(0.5, 6 / z) * 0.35)}" opacity=".55"/>`;
  }
  return svg;
}

/** The deck's side beam and the piles below it, with their reflections. */
function beamAndPiles(): string {
  let svg = `<path d="M${n(sx(right, 0.6))} ${n(deckY(0.6))}L${n(sx(right, far))} ${n(deckY(far))}L${n(sx(right, far))} ${n(deckY(far) + (0.35 * m) / far)}L${n(sx(right, 0.6))} ${n(deckY(0.6) + (0.35 * m) / 0.6)}Z" fill="${dark}"/>`;
  svg += `<path d="M${n(sx(left, far))} ${n(deckY(far))}L${n(sx(right, far))} ${n(deckY(far))}L${n(sx(right, far))} ${n(deckY(far) + (0.35 * m) / far)}L${n(sx(left, far))} ${n(deckY(far) + (0.35 * m) / far)}Z" fill="${dark}"/>`;
  for (let z = 0.8; z <= far + 0.01; z += 0.8) {
    for (const X of [left, right]) {
      const w = (0.22 * m) / z;
      const x = sx(X, z);
      // the deck hides the piles along its far (left) edge
      if (X === left) continue;
      svg += `<rect x="${n(x - w / 2)}" y="${n(deckY(z))}" width="${n(w)}" height="${n(waterY(z) - deckY(z) + 2)}" fill="${dark}"/>`;
      svg += `<rect x="${n(x - w / 2)}" y="${n(waterY(z))}" width="${n(w)}" height="${n((waterY(z) - deckY(z)) * 0.8)}" fill="${dark}" opacity=".45" filter="url(#ripple)"/>`;
    }
  }
  return svg;
}

/** Railings: posts and two rails on each side. */
function railings(): string {
  const posts: string[] = [];
  for (let z = 0.8; z <= far + 0.01; z += 0.8) {
    for (const X of [left + 0.08, right - 0.08]) {
      const w = (0.12 * m) / z;
      posts.push(
        `<rect x="${n(sx(X, z) - w / 2)}" y="${n(deckY(z) - (1.05 * m) / z)}" width="${n(w)}" height="${n((1.05 * m) / z)}" fill="${dark}"/>`,
      );
    }
  }
  const rails = [1.05, 0.55]
    .flatMap((h) =>
      [left + 0.08, right - 0.08].map(
        (X) =>
          `<path d="M${n(sx(X, 0.7))} ${n(deckY(0.7) - (h * m) / 0.7)}L${n(sx(X, far))} ${n(deckY(far) - (h * m) / far)}" stroke="${dark}" stroke-width="${h > 1 ? 5 : 3.5}" stroke-linecap="round"/>`,
      ),
    )
    .join('');
  return posts.join('') + rails;
}

/** A lamp post at the far end. */
function lamp(): string {
  const lampX = sx(left + 0.08, far);
  const lampTop = deckY(far) - (3.2 * m) / far;
  return `<path d="M${n(lampX)} ${n(deckY(far))}L${n(lampX)} ${n(lampTop)}" stroke="${dark}" stroke-width="3"/><path d="M${n(lampX - 6)} ${n(lampTop)}L${n(lampX + 6)} ${n(lampTop)}L${n(lampX + 4)} ${n(lampTop + 9)}L${n(lampX - 4)} ${n(lampTop + 9)}Z" fill="${dark}"/>`;
}

export function sunsetPier(): string {
  const rand = createRandom(202);
  const sky = above(rand);
  const water = sea(rand);
  const zA = far - 0.35;
  const person = angler('hold', { x: sx(right - 0.55, zA), y: deckY(zA), height: (1.8 * m) / zA, color: dark });
  const line = fishingLine(person.tip, [person.tip[0] + 170, horizon + 70], 40, '#ffe2b0', 0.8, 0.6);
  const birds = bird(1010, 420, 12, '#2a1020') + bird(1050, 395, 8, '#2a1020', 0.45);
  return svgDocument(
    `<defs>${skyPaints()}${seaAndDeckPaints()}</defs>${sky}${water}<rect y="${horizon - 30}" width="${W}" height="60" fill="#ffc27a" opacity=".15" filter="url(#haze)"/>${deck()}${beamAndPiles()}${railings()}${lamp()}${line}${person.svg}${birds}${shade()}`,
  );
}
