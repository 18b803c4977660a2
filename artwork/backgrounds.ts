// The seven background scenes, each an SVG of W × H user units drawn from code.
import { angler, bird, fishingBoat, fishingLine, gozzo, kayak, lighthouse } from './figures.ts';
import { createRandom } from './random.ts';
import {
  blurFilter,
  cloudFilter,
  conifers,
  glints,
  H,
  reflection,
  rippleFilter,
  shade,
  stars,
  svgDocument,
  W,
  woods,
} from './scenery.ts';
import { linear, n, n2, noise1d, polyline, radial, ridge, smooth, type Point } from './svg.ts';

export interface Background {
  description: { en: string; it: string };
  svg: () => string;
}

const smoothstep = (a: number, b: number, x: number): number => {
  const t = Math.max(0, Math.min(1, (x - a) / (b - a)));
  return t * t * (3 - 2 * t);
};

/** 1. Sunrise over a calm sea, an angler casting from the rocks. */
function sunriseRocks(): string {
  const rand = createRandom(101);
  const horizon = 560;
  const sun: Point = [700, horizon - 14];
  const defs =
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
    ]) +
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
    ) +
    cloudFilter('clouds', { seed: 7, frequency: [0.0016, 0.011], cover: 0.5, softness: 0.14 }) +
    cloudFilter('streaks', { seed: 19, frequency: [0.0012, 0.03], cover: 0.35, softness: 0.12, octaves: 4 }) +
    linear('streak-fill', [
      [0, '#ffb08a', 0],
      [0.5, '#ffb890', 0.7],
      [1, '#ffd0a0', 0],
    ]) +
    rippleFilter('ripple', 4, [0.002, 0.07], 26) +
    blurFilter('soft', 2) +
    blurFilter('haze', 14);

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

  const above =
    `<g id="above">` +
    `<rect x="-80" width="${W + 160}" height="${horizon}" fill="url(#sky)"/>` +
    `<rect x="-80" width="${W + 160}" height="${horizon}" fill="url(#glow)"/>` +
    `<rect y="60" width="${W}" height="${horizon - 100}" fill="url(#cloud-fill)" filter="url(#clouds)" opacity=".95"/>` +
    `<rect y="${horizon - 190}" width="${W}" height="170" fill="url(#streak-fill)" filter="url(#streaks)" opacity=".6"/>` +
    `<circle cx="${sun[0]}" cy="${sun[1]}" r="34" fill="#fff7e4" filter="url(#soft)"/>` +
    `<path d="${farLand.d}" fill="#5b3f5e"/><path d="${island.d}" fill="#7a4d66" opacity=".8"/>` +
    `</g>`;

  const water =
    `<rect y="${horizon}" width="${W}" height="${H - horizon}" fill="url(#water)"/>` +
    `<clipPath id="below"><rect y="${horizon}" width="${W}" height="${H - horizon}"/></clipPath>` +
    `<g clip-path="url(#below)">${reflection('above', horizon, 'ripple', 0.7)}</g>` +
    `<rect y="${horizon}" width="${W}" height="${H - horizon}" fill="url(#water-shade)"/>` +
    glints(rand, { horizon, bottom: H, count: 900, color: '#ffe2b5', x: sun[0], spread: 150, opacity: 0.9 }) +
    glints(rand, { horizon, bottom: H, count: 450, color: '#f7b98f', opacity: 0.22 });

  // Rocks on the right: a low far shelf sinking into the sea, then the outcrop the angler stands on.
  const rough = noise1d(rand, { spacing: 90, octaves: 5, length: 1000 });
  const shelf: Point[] = [];
  for (let x = 600; x <= 1620; x += 6) {
    const u = (x - 600) / 1020;
    shelf.push([x, 915 - smoothstep(0, 0.22, u) ** 0.6 * 190 - u * 40 - rough(x - 560) * 22 * smoothstep(0, 0.2, u)]);
  }
  const outcropTop = (x: number): number => {
    const u = 1600 - x;
    return 640 + Math.max(0, (u - 340) / 330) ** 1.8 * 260 - Math.max(0, (110 - u) / 110) * 40 - rough(u) * 30;
  };
  const outcrop: Point[] = [];
  for (let x = 880; x <= 1620; x += 5) outcrop.push([x, outcropTop(x)]);
  const rocks =
    glints(rand, { horizon: 782, bottom: 800, count: 40, color: '#f6d2bc', from: 560, to: 700, opacity: 0.5 }) +
    `<path d="${polyline(shelf)}L1620 ${H}L600 ${H}Z" fill="url(#rock-far)"/>` +
    `<path d="${polyline(outcrop)}L1620 ${H}L880 ${H}Z" fill="url(#rock)"/>` +
    `<path d="${polyline(outcrop.filter(([x]) => x < 1450))}" fill="none" stroke="#e08a6a" stroke-width="1.6" opacity=".45"/>` +
    `<path d="${polyline(shelf.filter(([x]) => x < 1100))}" fill="none" stroke="#e08a6a" stroke-width="1.2" opacity=".3"/>` +
    [28, 70, 125]
      .map(
        (drop, i) =>
          `<path d="${polyline(outcrop.filter(([x]) => x > 900 + i * 60 && x < 1500 - i * 40).map(([x, y]): Point => [x + drop * 0.4, y + drop + rough(x * 2 + i * 97) * 10]))}" fill="none" stroke="#6a4456" stroke-width="${2 - i * 0.4}" opacity="${0.2 - i * 0.05}"/>`,
      )
      .join('');

  const standX = 1290;
  const person = angler('cast', { x: standX, y: outcropTop(standX) + 4, height: 165, color: '#0b0810', flip: true });
  const line = fishingLine(person.tip, [560, 650], 150, '#ffe7c7', 1, 0.5);
  const birds = bird(860, 330, 16, '#2a1c30') + bird(905, 300, 11, '#2a1c30', 0.45) + bird(810, 280, 9, '#3a2638', 0.2);

  return svgDocument(
    `<defs>${defs}</defs>${above}${water}<rect y="${horizon - 40}" width="${W}" height="80" fill="#ffcf9e" opacity=".12" filter="url(#haze)"/>${rocks}${line}${person.svg}${birds}${shade()}`,
  );
}

/** 2. A wooden pier at sunset, an angler at its end. */
function sunsetPier(): string {
  const rand = createRandom(202);
  const horizon = 600;
  const sun: Point = [1210, horizon - 8];
  const defs =
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
    ]) +
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
    blurFilter('haze', 16);
  const headland = ridge(rand, {
    base: horizon + 1,
    amplitude: 22,
    spacing: 140,
    from: -20,
    to: 640,
    bottom: horizon + 1,
    envelope: (x) => (1 - smoothstep(0, 640, x)) * 70,
  });
  const above =
    `<g id="above"><rect x="-80" width="${W + 160}" height="${horizon}" fill="url(#sky)"/>` +
    `<rect x="-80" width="${W + 160}" height="${horizon}" fill="url(#glow)"/>` +
    `<rect x="-80" y="40" width="${W + 160}" height="${horizon - 90}" fill="url(#cloud-fill)" filter="url(#clouds)"/>` +
    `<circle cx="${sun[0]}" cy="${sun[1]}" r="44" fill="#fff3d2" filter="url(#soft)"/>` +
    `<path d="${headland.d}" fill="#3a1a34"/></g>`;
  const water =
    `<rect y="${horizon}" width="${W}" height="${H - horizon}" fill="url(#water)"/>` +
    `<clipPath id="below"><rect y="${horizon}" width="${W}" height="${H - horizon}"/></clipPath>` +
    `<g clip-path="url(#below)">${reflection('above', horizon, 'ripple', 0.65)}</g>` +
    `<rect y="${horizon}" width="${W}" height="${H - horizon}" fill="url(#water-shade)"/>` +
    glints(rand, { horizon, bottom: H, count: 1000, color: '#ffe1a8', x: sun[0], spread: 170, opacity: 0.95 }) +
    glints(rand, { horizon, bottom: H, count: 500, color: '#ff9a6a', opacity: 0.25 });

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
  let pier = `<path d="M${n(sx(left, 0.6))} ${n(deckY(0.6))}L${n(sx(left, far))} ${n(deckY(far))}L${n(sx(right, far))} ${n(deckY(far))}L${n(sx(right, 0.6))} ${n(deckY(0.6))}Z" fill="url(#deck)"/>`;
  pier += `<path d="M${n(sx(left, 0.6))} ${n(deckY(0.6))}L${n(sx(left, far))} ${n(deckY(far))}" stroke="#ffb47a" stroke-width="2" opacity=".45"/>`;
  // planks
  for (let z = 0.7; z < far; z += 0.06 * z) {
    pier += `<path d="M${n(sx(left, z))} ${n(deckY(z))}L${n(sx(right, z))} ${n(deckY(z))}" stroke="#0d070c" stroke-width="${n(Math.max(0.5, 6 / z) * 0.35)}" opacity=".55"/>`;
  }
  // the deck's side beam and the piles below it, with their reflections
  pier += `<path d="M${n(sx(right, 0.6))} ${n(deckY(0.6))}L${n(sx(right, far))} ${n(deckY(far))}L${n(sx(right, far))} ${n(deckY(far) + (0.35 * m) / far)}L${n(sx(right, 0.6))} ${n(deckY(0.6) + (0.35 * m) / 0.6)}Z" fill="${dark}"/>`;
  pier += `<path d="M${n(sx(left, far))} ${n(deckY(far))}L${n(sx(right, far))} ${n(deckY(far))}L${n(sx(right, far))} ${n(deckY(far) + (0.35 * m) / far)}L${n(sx(left, far))} ${n(deckY(far) + (0.35 * m) / far)}Z" fill="${dark}"/>`;
  for (let z = 0.8; z <= far + 0.01; z += 0.8) {
    for (const X of [left, right]) {
      const w = (0.22 * m) / z;
      const x = sx(X, z);
      // the deck hides the piles along its far (left) edge
      if (X === left) continue;
      pier += `<rect x="${n(x - w / 2)}" y="${n(deckY(z))}" width="${n(w)}" height="${n(waterY(z) - deckY(z) + 2)}" fill="${dark}"/>`;
      pier += `<rect x="${n(x - w / 2)}" y="${n(waterY(z))}" width="${n(w)}" height="${n((waterY(z) - deckY(z)) * 0.8)}" fill="${dark}" opacity=".45" filter="url(#ripple)"/>`;
    }
  }
  // railings: posts and two rails on each side
  const railPosts: string[] = [];
  for (let z = 0.8; z <= far + 0.01; z += 0.8) {
    for (const X of [left + 0.08, right - 0.08]) {
      const w = (0.12 * m) / z;
      railPosts.push(
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
  // a lamp post at the far end
  const lampX = sx(left + 0.08, far);
  const lampTop = deckY(far) - (3.2 * m) / far;
  const lamp = `<path d="M${n(lampX)} ${n(deckY(far))}L${n(lampX)} ${n(lampTop)}" stroke="${dark}" stroke-width="3"/><path d="M${n(lampX - 6)} ${n(lampTop)}L${n(lampX + 6)} ${n(lampTop)}L${n(lampX + 4)} ${n(lampTop + 9)}L${n(lampX - 4)} ${n(lampTop + 9)}Z" fill="${dark}"/>`;
  const zA = far - 0.35;
  const person = angler('hold', { x: sx(right - 0.55, zA), y: deckY(zA), height: (1.8 * m) / zA, color: dark });
  const line = fishingLine(person.tip, [person.tip[0] + 170, horizon + 70], 40, '#ffe2b0', 0.8, 0.6);
  const birds = bird(1010, 420, 12, '#2a1020') + bird(1050, 395, 8, '#2a1020', 0.45);
  return svgDocument(
    `<defs>${defs}</defs>${above}${water}<rect y="${horizon - 30}" width="${W}" height="60" fill="#ffc27a" opacity=".15" filter="url(#haze)"/>${pier}${railPosts.join('')}${rails}${lamp}${line}${person.svg}${birds}${shade()}`,
  );
}

/** 3. A small fishing boat on the open sea under dramatic clouds. */
function boatUnderClouds(): string {
  const rand = createRandom(303);
  const horizon = 560;
  const sun: Point = [1180, 250];
  const rays = Array.from({ length: 9 }, (_, i) => {
    const a = 0.9 + i * 0.13 + rand.range(-0.03, 0.03);
    const spread = rand.range(0.018, 0.045);
    const length = 900;
    const p1: Point = [sun[0] + Math.cos(a - spread) * length, sun[1] + Math.sin(a - spread) * length];
    const p2: Point = [sun[0] + Math.cos(a + spread) * length, sun[1] + Math.sin(a + spread) * length];
    return `<path d="M${sun[0]} ${sun[1]}L${n(p1[0])} ${n(p1[1])}L${n(p2[0])} ${n(p2[1])}Z" fill="url(#ray)" opacity="${n2(rand.range(0.25, 0.6))}"/>`;
  }).join('');
  const defs =
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
    ) +
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
    ]) +
    cloudFilter('clouds', { seed: 31, frequency: [0.0014, 0.0042], cover: 0.78, softness: 0.2 }) +
    cloudFilter('clouds-lit', { seed: 31, frequency: [0.0014, 0.0042], cover: 0.45, softness: 0.12 }) +
    cloudFilter('swell', { seed: 5, frequency: [0.0035, 0.045], cover: 0.25, softness: 0.1, octaves: 3 }) +
    blurFilter('ray-blur', 7) +
    blurFilter('soft', 3) +
    blurFilter('foam', 1.6);
  const sky =
    `<rect width="${W}" height="${horizon}" fill="url(#sky)"/>` +
    `<rect width="${W}" height="${horizon}" fill="url(#glow)"/>` +
    `<rect width="${W}" height="${horizon}" fill="url(#cloud-dark)" filter="url(#clouds)"/>` +
    `<rect width="${W}" height="${horizon}" fill="url(#cloud-lit)" filter="url(#clouds-lit)" opacity=".7"/>` +
    `<g filter="url(#ray-blur)" style="mix-blend-mode:screen">${rays}</g>`;
  const sea =
    `<rect y="${horizon}" width="${W}" height="${H - horizon}" fill="url(#sea)"/>` +
    `<rect y="${horizon}" width="${W}" height="${H - horizon}" fill="url(#sea-lit)"/>` +
    `<rect y="${horizon}" width="${W}" height="${H - horizon}" fill="url(#swell-fill)" filter="url(#swell)" opacity=".35"/>` +
    glints(rand, { horizon, bottom: H, count: 700, color: '#f3e2bd', x: 1250, spread: 240, opacity: 0.75 }) +
    glints(rand, { horizon, bottom: H, count: 700, color: '#9fb3b8', opacity: 0.22 });
  const boat = fishingBoat({ x: 560, y: 676, length: 340, color: '#0b1016', window: '#f4d49a', rim: '#c9b48c' });
  const wake =
    `<g filter="url(#foam)" fill="#dfe6e4">` +
    `<ellipse cx="560" cy="678" rx="190" ry="5" opacity=".25"/>` +
    `<path d="M392 672Q300 676 140 688Q300 682 394 676Z" opacity=".2"/>` +
    `<path d="M396 676Q300 700 180 740Q310 700 400 678Z" opacity=".14"/>` +
    `<path d="M724 660Q740 666 732 676Q716 672 710 666Z" opacity=".2"/></g>`;
  const line = fishingLine(boat.tip, [boat.tip[0] - 140, 700], 30, '#d8d6cc', 0.8, 0.5);
  const birds = bird(930, 360, 13, '#0d1218') + bird(975, 338, 9, '#0d1218', 0.45) + bird(880, 330, 7, '#151b22', 0.2);
  return svgDocument(`<defs>${defs}</defs>${sky}${sea}${wake}${line}${boat.svg}${birds}${shade()}`);
}

/** 4. A mountain lake at dawn: mist, mirror reflections and a kayak angler. */
function mountainLake(): string {
  const rand = createRandom(404);
  const horizon = 585;
  const defs =
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
    ]) +
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
    ]) +
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
    blurFilter('wake-blur', 1.2);
  const far = ridge(rand, {
    base: 330,
    amplitude: 150,
    spacing: 420,
    sharp: true,
    bottom: horizon,
    envelope: (x) => Math.sin((x / W) * Math.PI * 1.3 + 0.4) * 50,
  });
  // Snow lies above an uneven snowline, so only the higher peaks carry it, in streaks down the gullies.
  const snowNoise = noise1d(createRandom(7), { spacing: 24, octaves: 4, length: 1800 });
  const snowLine = (x: number) => Math.max(far.at(x), 228 + snowNoise(x + 20) * 42);
  const snow: Point[] = [];
  for (let x = -20; x <= 1620; x += 3) snow.push([x, snowLine(x)]);
  const mid = ridge(rand, { base: 470, amplitude: 70, spacing: 260, sharp: true, bottom: horizon, octaves: 4 });
  const near = ridge(rand, {
    base: 555,
    amplitude: 26,
    spacing: 200,
    bottom: horizon + 2,
    envelope: (x) => (1 - smoothstep(0, 500, x)) * 60 + smoothstep(1150, 1600, x) * 50,
  });
  const above =
    `<g id="above"><rect x="-80" width="${W + 160}" height="${horizon + 2}" fill="url(#sky)"/>` +
    `<rect x="-80" width="${W + 160}" height="${horizon}" fill="url(#glow)"/>` +
    `<rect y="80" width="${W}" height="260" fill="url(#cloud-fill)" filter="url(#clouds)" opacity=".8"/>` +
    `<path d="${far.d}" fill="url(#far)"/>` +
    `<path d="${far.d}" fill="url(#snow)" opacity=".8"/><path d="${polyline(snow)}L1620 ${horizon}L-20 ${horizon}Z" fill="url(#far)"/>` +
    `<path d="${far.d}" fill="url(#far-shade)"/>` +
    `<rect y="330" width="${W}" height="160" fill="url(#mist-fill)" filter="url(#mist)" opacity=".55"/>` +
    `<path d="${mid.d}" fill="url(#mid)"/>` +
    `<rect y="440" width="${W}" height="120" fill="url(#mist-fill)" filter="url(#mist)" opacity=".5"/>` +
    `<path d="${near.d}" fill="url(#near)"/>` +
    conifers(rand, { ground: near.at, from: -10, to: 1610, gap: [5, 16], height: [14, 40], color: '#262b45' }) +
    `</g>`;
  const lake =
    `<rect y="${horizon}" width="${W}" height="${H - horizon}" fill="#3a3f62"/>` +
    `<clipPath id="below"><rect y="${horizon}" width="${W}" height="${H - horizon}"/></clipPath>` +
    `<g clip-path="url(#below)">${reflection('above', horizon, 'ripple', 0.88)}</g>` +
    `<rect y="${horizon}" width="${W}" height="${H - horizon}" fill="url(#lake-shade)"/>` +
    `<rect y="${horizon - 40}" width="${W}" height="110" fill="url(#mist-fill)" filter="url(#mist)" opacity=".6"/>` +
    glints(rand, { horizon, bottom: H, count: 260, color: '#f4d6d0', opacity: 0.3 });
  const k = kayak({ x: 1040, y: 745, length: 320, color: '#141628', accent: '#e02424' });
  const kayakReflection = `<g transform="matrix(1 0 0 -0.6 0 ${n(745 * 1.6)})" opacity=".35" filter="url(#ripple)">${k.svg}</g>`;
  const wake =
    `<g fill="none" stroke="#f3d9d4" stroke-linecap="round" filter="url(#wake-blur)">` +
    `<path d="M1200 742Q1060 738 880 728Q760 722 640 716" stroke-width="1.6" opacity=".3"/>` +
    `<path d="M1200 750Q1040 762 880 782Q760 798 660 816" stroke-width="1.8" opacity=".25"/>` +
    `<path d="M1200 746Q1120 748 1040 752" stroke-width="2.4" opacity=".35"/>` +
    `<path d="M1188 740Q1204 745 1190 752" stroke-width="2" opacity=".5"/></g>`;
  const line = fishingLine(k.tip, [k.tip[0] - 130, 760], 20, '#f6e0d8', 0.7, 0.6);
  const reeds = Array.from({ length: 90 }, () => {
    const x = rand.range(-20, 380) * rand.range(0.4, 1);
    const h = rand.range(60, 210) * (1 - x / 520);
    const lean = rand.range(-25, 35);
    return `<path d="M${n(x)} ${H + 5}Q${n(x + lean * 0.3)} ${n(H - h * 0.6)} ${n(x + lean)} ${n(H - h)}" fill="none" stroke="#0c0e1a" stroke-width="${n(rand.range(1.5, 3.5))}" stroke-linecap="round"/>`;
  }).join('');
  return svgDocument(`<defs>${defs}</defs>${above}${lake}${wake}${kayakReflection}${line}${k.svg}${reeds}${shade()}`);
}

/** 5. A river among forest hills, a fly fisher in waders casting. */
function flyFishingRiver(): string {
  const rand = createRandom(505);
  const horizon = 470;
  const defs =
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
    ]) +
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
    blurFilter('foam', 1.4);
  const hills = [
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
  ].map((layer, i) => {
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
  });
  // The river: its banks meet far away at the right and open towards the viewer.
  const riverTop = horizon + 62;
  const depth = (y: number) => (y - riverTop) / (H - riverTop);
  // An S-bend: the river's middle and width at depth d (0 far away, 1 at the bottom edge).
  const middle = (d: number) => 1175 - 420 * d + 380 * Math.sin(d * 4) * d;
  const breadth = (d: number) => 50 + 1150 * d ** 1.35;
  const leftBank = (y: number) => middle(depth(y)) - breadth(depth(y)) / 2;
  const rightBank = (y: number) => middle(depth(y)) + breadth(depth(y)) / 2;
  const inRiver = (d: number, k: number): Point => [middle(d) + (k * breadth(d)) / 2, riverTop + d * (H - riverTop)];
  const leftPoints: Point[] = [];
  const rightPoints: Point[] = [];
  for (let y = riverTop; y <= H + 10; y += 8) {
    leftPoints.push([leftBank(y), y]);
    rightPoints.push([rightBank(y), y]);
  }
  const river = `<path d="${polyline([...leftPoints, ...[...rightPoints].reverse()])}Z" fill="url(#river)"/>`;
  const riverClip = `<clipPath id="river-clip">${river}</clipPath>`;
  const riverTexture =
    `<g clip-path="url(#river-clip)">` +
    glints(rand, { horizon: riverTop, bottom: H, count: 1100, color: '#fff2c8', x: 1000, spread: 480, opacity: 0.55 }) +
    glints(rand, {
      horizon: riverTop + 150,
      bottom: H,
      count: 500,
      color: '#e9e2c0',
      x: 520,
      spread: 500,
      opacity: 0.35,
    }) +
    glints(rand, { horizon: riverTop, bottom: H, count: 500, color: '#15282a', opacity: 0.35 }) +
    `</g>`;
  const bankLeft = `<path d="M-20 ${riverTop}${leftPoints
    .map(([x, y]) => `L${n(x - 10)} ${n(y)}`)
    .join('')}L-20 ${H}Z" fill="url(#bank)"/>`;
  const bankRight = `<path d="M1620 ${riverTop - 20}L${n(rightBank(riverTop))} ${riverTop}${rightPoints
    .map(([x, y]) => `L${n(x + 10)} ${n(y)}`)
    .join('')}L1620 ${H}Z" fill="url(#bank)"/>`;
  const bankTrees =
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
    `</g>`;
  const rocks = [
    [0.76, -0.62, 40],
    [0.79, -0.5, 20],
    [0.6, 0.62, 26],
    [0.97, -0.82, 54],
    [0.9, 0.72, 44],
    [0.32, 0.3, 12],
  ]
    .map(([d = 0, k = 0, r = 0]) => {
      const [x, y] = inRiver(d, k);
      const top: Point[] = [];
      for (let a = 0; a <= 12; a++) {
        const angle = Math.PI + (a / 12) * Math.PI;
        const radius = r * rand.range(0.8, 1.1);
        top.push([x + Math.cos(angle) * radius, y + Math.sin(angle) * radius * 0.6]);
      }
      const outline = smooth(top);
      return (
        `<path d="${outline}L${n(x + r)} ${n(y + 3)}L${n(x - r)} ${n(y + 3)}Z" fill="#16211d"/>` +
        `<path d="${smooth(top.slice(5))}" fill="none" stroke="#d9c890" stroke-width="1.6" opacity=".35"/>` +
        `<path d="M${n(x - r * 1.4)} ${n(y + 2)}Q${x} ${n(y + r * 0.3)} ${n(x + r * 1.5)} ${n(y + 1)}" fill="none" stroke="#f4ecd2" stroke-width="2.2" opacity=".45" filter="url(#foam)"/>`
      );
    })
    .join('');
  const grass = (points: readonly Point[], lean: number) =>
    points
      .flatMap(([x, y]) =>
        Array.from({ length: 3 }, () => {
          const h = rand.range(8, 26) * (0.4 + depth(y));
          const gx = x + rand.range(-14, 14);
          return `<path d="M${n(gx)} ${n(y + 4)}Q${n(gx + lean * 0.3)} ${n(y - h * 0.6)} ${n(gx + lean * rand.range(0.3, 1))} ${n(y - h)}" fill="none" stroke="#0b1410" stroke-width="${n(rand.range(1, 2.2))}" stroke-linecap="round"/>`;
        }),
      )
      .join('');
  const waterline = 742;
  const standX = 1090;
  const person = angler('fly', { x: standX, y: 790, height: 200, color: '#0d1411' });
  const [tx, ty] = person.tip;
  const flyLine = `<path d="M${n(tx)} ${n(ty)}C${n(tx - 120)} ${n(ty - 70)} ${n(tx - 380)} ${n(ty - 70)} ${n(tx - 560)} ${n(ty - 30)}C${n(tx - 610)} ${n(ty - 18)} ${n(tx - 605)} ${n(ty + 2)} ${n(tx - 560)} ${n(ty + 4)}C${n(tx - 420)} ${n(ty + 6)} ${n(tx - 250)} ${n(ty + 40)} ${n(tx - 90)} ${n(ty + 110)}C${n(tx - 40)} ${n(ty + 135)} ${n(tx - 10)} ${n(ty + 150)} ${n(person.head[0] + 10)} ${n(person.head[1] + 70)}" fill="none" stroke="#fbe7b4" stroke-width="1.6" opacity=".85"/>`;
  const wading =
    `<clipPath id="above-water"><rect width="${W}" height="${waterline}"/></clipPath>` +
    `<g clip-path="url(#above-water)">${person.svg}</g>` +
    `<g fill="none" stroke="#f6e6bb" filter="url(#foam)"><ellipse cx="${standX}" cy="${waterline + 2}" rx="34" ry="6" stroke-width="2" opacity=".6"/><ellipse cx="${standX - 2}" cy="${waterline + 4}" rx="62" ry="11" stroke-width="1.4" opacity=".35"/><ellipse cx="${standX - 4}" cy="${waterline + 7}" rx="96" ry="17" stroke-width="1.1" opacity=".2"/></g>`;
  return svgDocument(
    `<defs>${defs}</defs><rect width="${W}" height="${H}" fill="url(#sky)"/><rect width="${W}" height="${H}" fill="url(#glow)"/>` +
      `<rect y="40" width="${W}" height="320" fill="url(#cloud-fill)" filter="url(#clouds)" opacity=".7"/>` +
      hills.join('') +
      riverClip +
      river +
      riverTexture +
      bankLeft +
      bankRight +
      `<g clip-path="url(#river-clip)"><use href="#bank-trees" transform="matrix(1 0 0 -0.8 0 ${n(riverTop * 1.8 + 10)})" opacity=".45" filter="url(#ripple)"/></g>` +
      bankTrees +
      grass(leftPoints, 6) +
      grass(rightPoints, -6) +
      rocks +
      flyLine +
      wading +
      Array.from({ length: 70 }, () => {
        const x = rand.range(-20, 300) * rand.range(0.3, 1);
        const h = rand.range(50, 170) * (1 - x / 420);
        const lean = rand.range(-20, 40);
        return `<path d="M${n(x)} ${H + 5}Q${n(x + lean * 0.3)} ${n(H - h * 0.6)} ${n(x + lean)} ${n(H - h)}" fill="none" stroke="#070d0b" stroke-width="${n(rand.range(1.5, 3.5))}" stroke-linecap="round"/>`;
      }).join('') +
      shade(),
  );
}

/** 6. Night surfcasting on a beach under the moon, headlamp on. */
function nightSurf(): string {
  const rand = createRandom(606);
  const horizon = 500;
  const moon: Point = [1190, 190];
  const defs =
    linear('sky', [
      [0, '#03060f'],
      [0.5, '#0a1630'],
      [1, '#1e3656'],
    ]) +
    radial(
      'moon-glow',
      [
        [0, '#cfe0ff', 0.5],
        [0.2, '#8fb0e0', 0.2],
        [1, '#8fb0e0', 0],
      ],
      `gradientUnits="userSpaceOnUse" cx="${moon[0]}" cy="${moon[1]}" r="520"`,
    ) +
    radial('moon', [
      [0, '#fffdf4'],
      [0.8, '#f1ecdc'],
      [1, '#d9d3c2'],
    ]) +
    linear('cloud-band', [
      [0, '#223a5c', 0],
      [0.5, '#2a4468', 1],
      [1, '#223a5c', 0],
    ]) +
    linear('foam-fill', [
      [0, '#e6eefa', 0.3],
      [0.5, '#eef4fc', 0.9],
      [1, '#e6eefa', 0.2],
    ]) +
    cloudFilter('foamy', { seed: 64, frequency: [0.012, 0.12], cover: 0.55, softness: 0.18, octaves: 3 }) +
    linear('milky', [
      [0, '#9fb6e0', 0],
      [0.5, '#b8c8ec', 0.5],
      [1, '#9fb6e0', 0],
    ]) +
    linear('sea', [
      [0, '#1b2f4c'],
      [0.4, '#0d1a2e'],
      [1, '#060c18'],
    ]) +
    linear('wet-sand', [
      [0, '#1d2a3c'],
      [1, '#151a24'],
    ]) +
    linear('sand', [
      [0, '#1c1a1c'],
      [1, '#0c0b0c'],
    ]) +
    linear(
      'beam',
      [
        [0, '#ffe9b8', 0.55],
        [1, '#ffe9b8', 0],
      ],
      { x1: 0, y1: 0, x2: 1, y2: 0.3 },
    ) +
    radial('lamp', [
      [0, '#ffd98f', 0.45],
      [1, '#ffd98f', 0],
    ]) +
    radial('tip-light', [
      [0, '#b6ff9a', 1],
      [0.3, '#5fe07a', 0.5],
      [1, '#5fe07a', 0],
    ]) +
    cloudFilter('milky-way', { seed: 61, frequency: [0.004, 0.012], cover: 0.6, softness: 0.3, octaves: 4 }) +
    cloudFilter('clouds', { seed: 62, frequency: [0.0015, 0.01], cover: 0.25, softness: 0.12 }) +
    cloudFilter('moon-spots', { seed: 63, frequency: [0.03, 0.03], cover: 0.4, softness: 0.2, octaves: 3 }) +
    blurFilter('soft', 3) +
    blurFilter('foam', 2.2) +
    blurFilter('beam-blur', 10);
  const starsSvg = stars(rand, { count: 650, top: 0, bottom: horizon - 20 });
  const sky =
    `<rect width="${W}" height="${horizon}" fill="url(#sky)"/>` +
    `<g transform="rotate(-24 800 250)"><rect x="-200" y="120" width="2000" height="200" fill="url(#milky)" filter="url(#milky-way)" opacity=".4"/></g>` +
    starsSvg +
    `<rect width="${W}" height="${horizon}" fill="url(#moon-glow)"/>` +
    `<rect y="280" width="${W}" height="200" fill="url(#cloud-band)" filter="url(#clouds)" opacity=".7"/>` +
    `<circle cx="${moon[0]}" cy="${moon[1]}" r="42" fill="url(#moon)"/>` +
    `<clipPath id="moon-clip"><circle cx="${moon[0]}" cy="${moon[1]}" r="42"/></clipPath>` +
    `<rect x="${moon[0] - 50}" y="${moon[1] - 50}" width="100" height="100" fill="#b9b4a6" filter="url(#moon-spots)" clip-path="url(#moon-clip)" opacity=".45"/>`;
  const headland = ridge(rand, {
    base: horizon + 1,
    amplitude: 14,
    spacing: 120,
    from: -20,
    to: 520,
    bottom: horizon + 1,
    envelope: (x) => (1 - smoothstep(0, 520, x)) * 40,
  });
  // the shore: waves break along curves that open towards the viewer
  const shore = (x: number, depth: number) => 640 + depth + Math.sin(x / 260 + depth / 40) * 14 - (x / W) * 30;
  const waves = [0, 38, 86]
    .map((depth, i) => {
      const crest: Point[] = [];
      for (let x = -20; x <= 1620; x += 20) crest.push([x, shore(x, depth)]);
      const face: Point[] = crest.map(([x, y]): Point => [x, y + 10 + i * 4]);
      const foam: Point[] = crest.map(([x, y]): Point => [x, y + 5 + i * 3 + Math.sin(x / 90 + i) * 2]);
      return (
        `<path d="${polyline(crest)}${polyline(face.slice().reverse()).replace('M', 'L')}Z" fill="#0a1424" opacity=".8"/>` +
        `<path d="${polyline(crest.map(([x, y]): Point => [x, y - 3]))}${polyline(foam.slice().reverse()).replace('M', 'L')}Z" fill="url(#foam-fill)" filter="url(#foamy)" opacity="${0.75 - i * 0.12}"/>` +
        `<path d="${smooth(crest)}" fill="none" stroke="#c9d8ee" stroke-width="${1.5 + i}" opacity="${0.25 - i * 0.05}" filter="url(#foam)"/>`
      );
    })
    .join('');
  const sandTop = (x: number) => shore(x, 120);
  const beachPoints: Point[] = [];
  for (let x = -20; x <= 1620; x += 20) beachPoints.push([x, sandTop(x)]);
  const beach =
    `<path d="${polyline(beachPoints)}L1620 ${H}L-20 ${H}Z" fill="url(#wet-sand)"/>` +
    `<path d="${smooth(beachPoints)}" fill="none" stroke="#c9d8ee" stroke-width="2" opacity=".4" filter="url(#foam)"/>` +
    `<ellipse cx="${moon[0] - 40}" cy="820" rx="60" ry="70" fill="#8fa6c8" opacity=".18" filter="url(#beam-blur)"/>` +
    `<path d="M-20 830Q500 800 900 842T1620 850L1620 ${H}L-20 ${H}Z" fill="url(#sand)"/>`;
  const standY = 842;
  const person = angler('surf', { x: 560, y: standY, height: 175, color: '#04060b' });
  const [hx, hy] = person.head;
  const lampX = hx + 7;
  const lampY = hy - 3;
  const beam = `<path d="M${n(lampX)} ${n(lampY)}L${n(lampX + 420)} ${n(lampY + 95)}L${n(lampX + 380)} ${n(lampY + 190)}Z" fill="url(#beam)" filter="url(#beam-blur)"/>`;
  const headlamp = `<circle cx="${n(lampX)}" cy="${n(lampY)}" r="2.6" fill="#fff6dc"/><circle cx="${n(lampX)}" cy="${n(lampY)}" r="9" fill="#ffe7b0" opacity=".35" filter="url(#soft)"/>`;
  const line = fishingLine(person.tip, [1000, 610], 90, '#c9d6ea', 0.7, 0.45);
  // a second rod in a sand spike, its tip light glowing, and a tackle box
  const spike: Point = [800, standY - 4];
  const spikeTip: Point = [960, 560];
  const holder =
    `<path d="M${spike[0]} ${spike[1]}L${spike[0] - 4} ${spike[1] - 70}" stroke="#04060b" stroke-width="3"/>` +
    `<path d="M${spike[0] - 12} ${spike[1] - 20}Q${n((spike[0] + spikeTip[0]) / 2 - 30)} ${n((spike[1] + spikeTip[1]) / 2 - 10)} ${spikeTip[0]} ${spikeTip[1]}" fill="none" stroke="#04060b" stroke-width="2.2"/>` +
    fishingLine(spikeTip, [1180, 650], 40, '#c9d6ea', 0.6, 0.35) +
    `<circle cx="${spikeTip[0]}" cy="${spikeTip[1]}" r="16" fill="url(#tip-light)"/>` +
    `<rect x="440" y="${standY - 20}" width="46" height="24" rx="3" fill="#05070c"/><rect x="448" y="${standY - 26}" width="30" height="6" rx="2" fill="#05070c"/>` +
    `<path d="M660 ${standY + 2}L666 ${standY - 30}L694 ${standY - 30}L700 ${standY + 2}Z" fill="#05070c"/><path d="M664 ${standY - 30}Q680 ${standY - 52} 696 ${standY - 30}" fill="none" stroke="#05070c" stroke-width="2"/>` +
    `<ellipse cx="600" cy="${standY}" rx="160" ry="26" fill="url(#lamp)"/>`;
  return svgDocument(
    `<defs>${defs}</defs>${sky}<path d="${headland.d}" fill="#0b1322"/>` +
      `<rect y="${horizon}" width="${W}" height="${H - horizon}" fill="url(#sea)"/>` +
      glints(rand, { horizon, bottom: 720, count: 800, color: '#e6eefc', x: moon[0], spread: 110, opacity: 0.85 }) +
      glints(rand, { horizon, bottom: 720, count: 400, color: '#6f8bb4', opacity: 0.3 }) +
      waves +
      beach +
      beam +
      holder +
      line +
      person.svg +
      headlamp +
      shade(0.8),
  );
}

/** 7. A harbour at dusk: lighthouse on the breakwater, boats and a hillside village. */
function harbourDusk(): string {
  const rand = createRandom(707);
  const horizon = 575;
  const defs =
    linear('sky', [
      [0, '#0c1431'],
      [0.35, '#24356b'],
      [0.65, '#5d5a92'],
      [0.88, '#c97f7c'],
      [1, '#f0a875'],
    ]) +
    linear('cloud-fill', [
      [0, '#2a2f5a', 0],
      [0.5, '#8a6a96', 0.8],
      [1, '#f0a080', 0.4],
    ]) +
    linear(
      'beam',
      [
        [0, '#fff4cc', 0.5],
        [1, '#fff4cc', 0],
      ],
      { x1: 1, y1: 0, x2: 0, y2: 0 },
    ) +
    linear(
      'beam-right',
      [
        [0, '#fff4cc', 0.45],
        [1, '#fff4cc', 0],
      ],
      { x1: 0, y1: 0, x2: 1, y2: 0 },
    ) +
    radial('lantern', [
      [0, '#fff6d8', 1],
      [0.25, '#ffd98a', 0.6],
      [1, '#ffd98a', 0],
    ]) +
    linear('water-shade', [
      [0, '#0a0f24', 0.05],
      [1, '#05081a', 0.65],
    ]) +
    cloudFilter('clouds', { seed: 71, frequency: [0.0012, 0.016], cover: 0.4, softness: 0.14 }) +
    rippleFilter('ripple', 17, [0.0025, 0.09], 20) +
    blurFilter('beam-blur', 6) +
    blurFilter('glow', 3);
  const hill = ridge(rand, {
    base: 560,
    amplitude: 20,
    spacing: 220,
    from: -20,
    to: 820,
    bottom: horizon + 2,
    envelope: (x) => (1 - smoothstep(-100, 800, x)) ** 1.4 * 230,
  });
  // the village: houses stepping up the hill, some windows lit
  let houses = '';
  let windows = '';
  for (let i = 0; i < 90; i++) {
    const x = rand.range(-10, 700);
    const top = hill.at(x);
    const y = rand.range(top + 8, horizon + 2);
    const w = rand.range(18, 42);
    const h = rand.range(16, 34);
    houses += `<rect x="${n(x)}" y="${n(y - h)}" width="${n(w)}" height="${n(h + 40)}" fill="${rand.pick(['#141a33', '#181e3a', '#1d2242'])}"/><path d="M${n(x - 2)} ${n(y - h)}L${n(x + w / 2)} ${n(y - h - 7)}L${n(x + w + 2)} ${n(y - h)}Z" fill="#12172e"/>`;
    for (let wx = x + 4; wx < x + w - 5; wx += 9) {
      if (rand.next() < 0.32)
        windows += `<rect x="${n(wx)}" y="${n(y - h + 6)}" width="4" height="6" fill="${rand.pick(['#ffd27a', '#ffc25e', '#ffe2a4'])}"/>`;
    }
  }
  const tower = `<path d="M318 ${n(hill.at(330) - 84)}L342 ${n(hill.at(330) - 84)}L342 ${n(hill.at(330) + 30)}L318 ${n(hill.at(330) + 30)}Z M315 ${n(hill.at(330) - 84)}L330 ${n(hill.at(330) - 110)}L345 ${n(hill.at(330) - 84)}Z" fill="#12172e"/><rect x="326" y="${n(hill.at(330) - 74)}" width="8" height="12" fill="#ffcf70"/>`;
  const above =
    `<g id="above"><rect x="-80" width="${W + 160}" height="${horizon + 2}" fill="url(#sky)"/>` +
    stars(rand, { count: 120, top: 0, bottom: 260 }) +
    `<circle cx="1320" cy="150" r="2.2" fill="#fff8e0"/><circle cx="1320" cy="150" r="7" fill="#fff8e0" opacity=".25" filter="url(#glow)"/>` +
    `<rect y="200" width="${W}" height="300" fill="url(#cloud-fill)" filter="url(#clouds)" opacity=".7"/>` +
    `<path d="${hill.d}" fill="#161c38"/>${houses}${tower}${windows}` +
    `<path d="M-20 ${horizon - 6}L760 ${horizon - 6}L760 ${horizon + 2}L-20 ${horizon + 2}Z" fill="#10142a"/>` +
    `</g>`;
  // breakwater and lighthouse
  const breakwater =
    `<path d="M1620 ${horizon - 26}L1060 ${horizon - 14}L1040 ${horizon + 2}L1620 ${horizon + 2}Z" fill="#0d1126"/>` +
    Array.from(
      { length: 26 },
      (_, i) =>
        `<rect x="${n(1060 + i * 22 + rand.range(-4, 4))}" y="${n(horizon - 18 - i * 0.45 - rand.range(0, 8))}" width="${n(rand.range(14, 24))}" height="14" rx="3" fill="#0d1126"/>`,
    ).join('');
  const house = lighthouse({
    x: 1085,
    y: horizon - 16,
    height: 210,
    color: '#0d1126',
    band: '#1a1f3c',
    light: '#fff1c2',
  });
  const [lx, ly] = house.tip;
  const beams =
    `<g filter="url(#beam-blur)" style="mix-blend-mode:screen"><path d="M${n(lx)} ${n(ly - 4)}L${n(lx - 760)} ${n(ly - 120)}L${n(lx - 760)} ${n(ly + 10)}L${n(lx)} ${n(ly + 4)}Z" fill="url(#beam)"/>` +
    `<path d="M${n(lx)} ${n(ly - 3)}L${n(lx + 520)} ${n(ly - 40)}L${n(lx + 520)} ${n(ly + 40)}L${n(lx)} ${n(ly + 3)}Z" fill="url(#beam-right)" opacity=".6"/></g>` +
    `<circle cx="${n(lx)}" cy="${n(ly)}" r="38" fill="url(#lantern)"/>`;
  const boats = [
    { x: 760, y: 640, length: 120, mast: true, color: '#0a0d1e' },
    { x: 930, y: 668, length: 150, mast: false, color: '#090b1a' },
    { x: 590, y: 700, length: 190, mast: true, color: '#07091a' },
    { x: 1180, y: 720, length: 210, mast: true, color: '#070915' },
    { x: 860, y: 800, length: 260, mast: false, color: '#05070f' },
  ];
  const boatSvg = boats.map((b) => gozzo(b)).join('');
  const boatReflections = boats
    .map(
      (b) => `<g transform="matrix(1 0 0 -0.7 0 ${n(b.y * 1.7)})" opacity=".5" filter="url(#ripple)">${gozzo(b)}</g>`,
    )
    .join('');
  const moorings = boats
    .map(
      (b) =>
        `<path d="M${n(b.x - b.length * 0.5)} ${n(b.y - b.length * 0.16)}Q${n(b.x - b.length * 0.9)} ${n(b.y + 10)} ${n(b.x - b.length * 1.2)} ${n(b.y + 24)}" fill="none" stroke="#0a0d1e" stroke-width="1.2" opacity=".7"/>`,
    )
    .join('');
  const lights =
    glints(rand, { horizon, bottom: H, count: 260, color: '#ffd27a', x: 330, spread: 260, opacity: 0.6 }) +
    glints(rand, { horizon, bottom: H, count: 180, color: '#fff1c2', x: lx, spread: 40, opacity: 0.8 }) +
    glints(rand, { horizon, bottom: H, count: 400, color: '#e9a07e', x: 1000, spread: 600, opacity: 0.25 });
  const quay =
    `<path d="M-20 820L520 838L540 ${H}L-20 ${H}Z" fill="#06081a"/>` +
    `<path d="M-20 820L520 838" stroke="#2a3058" stroke-width="2" opacity=".6"/>` +
    `<path d="M150 830L150 800Q150 788 164 788Q178 788 178 800L178 831Z" fill="#06081a"/><rect x="144" y="796" width="40" height="8" rx="3" fill="#06081a"/>` +
    `<path d="M178 805Q300 760 520 700" fill="none" stroke="#06081a" stroke-width="2"/>`;
  return svgDocument(
    `<defs>${defs}</defs>${above}` +
      `<rect y="${horizon}" width="${W}" height="${H - horizon}" fill="#232a52"/>` +
      `<clipPath id="below"><rect y="${horizon}" width="${W}" height="${H - horizon}"/></clipPath>` +
      `<g clip-path="url(#below)">${reflection('above', horizon, 'ripple', 0.75)}</g>` +
      `<rect y="${horizon}" width="${W}" height="${H - horizon}" fill="url(#water-shade)"/>` +
      lights +
      beams +
      breakwater +
      house.svg +
      boatReflections +
      moorings +
      boatSvg +
      quay +
      shade(),
  );
}

export const backgrounds: readonly Background[] = [
  {
    description: { en: 'Angler casting from the rocks at sunrise', it: "Pescatore che lancia dagli scogli all'alba" },
    svg: sunriseRocks,
  },
  {
    description: { en: 'Angler on a wooden pier at sunset', it: 'Pescatore su un pontile di legno al tramonto' },
    svg: sunsetPier,
  },
  {
    description: {
      en: 'Small fishing boat on the open sea under dramatic clouds',
      it: 'Piccola barca da pesca in mare aperto sotto nuvole minacciose',
    },
    svg: boatUnderClouds,
  },
  {
    description: {
      en: 'Kayak angler on a misty mountain lake at dawn',
      it: "Pescatore in kayak su un lago di montagna nebbioso all'alba",
    },
    svg: mountainLake,
  },
  {
    description: {
      en: 'Fly fisher in waders on a forest river',
      it: 'Pescatore a mosca con i waders in un fiume tra i boschi',
    },
    svg: flyFishingRiver,
  },
  {
    description: {
      en: 'Night surfcasting on the beach under the moon',
      it: 'Surfcasting notturno sulla spiaggia sotto la luna',
    },
    svg: nightSurf,
  },
  {
    description: {
      en: 'Lighthouse and fishing boats in the harbour at dusk',
      it: 'Faro e barche da pesca nel porto al crepuscolo',
    },
    svg: harbourDusk,
  },
];
