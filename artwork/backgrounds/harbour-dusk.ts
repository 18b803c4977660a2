// 7. A harbour at dusk: lighthouse on the breakwater, boats and a hillside village.
import { gozzo, lighthouse } from '../figures.ts';
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
  stars,
  svgDocument,
  W,
} from '../scenery.ts';
import { linear, n, radial, ridge, type Ridge } from '../svg.ts';

const horizon = 575;

/** The dusk sky and its clouds, the lighthouse's beams and lantern, the water's shade; then the filters. */
function paints(): string {
  return (
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
    lightPaints() +
    linear('water-shade', [
      [0, '#0a0f24', 0.05],
      [1, '#05081a', 0.65],
    ]) +
    cloudFilter('clouds', { seed: 71, frequency: [0.0012, 0.016], cover: 0.4, softness: 0.14 }) +
    rippleFilter('ripple', 17, [0.0025, 0.09], 20) +
    blurFilter('beam-blur', 6) +
    blurFilter('glow', 3)
  );
}

/** The lighthouse's beams, fading away from it to the left and right, and its lantern's glow. */
function lightPaints(): string {
  return (
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
    ])
  );
}

/** The village: houses stepping up the hill, some windows lit, and a bell tower. */
function village(rand: Random, hill: Ridge): string {
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
  return `${houses}${tower}${windows}`;
}

/** Sky, stars, the evening star, clouds, and the hill with its village, as #above for the water to mirror. */
function above(rand: Random): string {
  const hill = ridge(rand, {
    base: 560,
    amplitude: 20,
    spacing: 220,
    from: -20,
    to: 820,
    bottom: horizon + 2,
    envelope: (x) => (1 - smoothstep(-100, 800, x)) ** 1.4 * 230,
  });
  const town = village(rand, hill);
  return (
    `<g id="above"><rect x="-80" width="${W + 160}" height="${horizon + 2}" fill="url(#sky)"/>` +
    stars(rand, { count: 120, top: 0, bottom: 260 }) +
    `<circle cx="1320" cy="150" r="2.2" fill="#fff8e0"/><circle cx="1320" cy="150" r="7" fill="#fff8e0" opacity=".25" filter="url(#glow)"/>` +
    `<rect y="200" width="${W}" height="300" fill="url(#cloud-fill)" filter="url(#clouds)" opacity=".7"/>` +
    `<path d="${hill.d}" fill="#161c38"/>${town}` +
    `<path d="M-20 ${horizon - 6}L760 ${horizon - 6}L760 ${horizon + 2}L-20 ${horizon + 2}Z" fill="#10142a"/>` +
    `</g>`
  );
}

/** The breakwater: a low wall topped with blocks. */
function breakwater(rand: Random): string {
  return (
    `<path d="M1620 ${horizon - 26}L1060 ${horizon - 14}L1040 ${horizon + 2}L1620 ${horizon + 2}Z" fill="#0d1126"/>` +
    Array.from(
      { length: 26 },
      (_, i) =>
        `<rect x="${n(1060 + i * 22 + rand.range(-4, 4))}" y="${n(horizon - 18 - i * 0.45 - rand.range(0, 8))}" width="${n(rand.range(14, 24))}" height="14" rx="3" fill="#0d1126"/>`,
    ).join('')
  );
}

/** The lighthouse's beams from its lantern at (lx, ly), and the lantern's glow. */
function beams([lx, ly]: readonly [number, number]): string {
  return (
    `<g filter="url(#beam-blur)" style="mix-blend-mode:screen"><path d="M${n(lx)} ${n(ly - 4)}L${n(lx - 760)} ${n(ly - 120)}L${n(lx - 760)} ${n(ly + 10)}L${n(lx)} ${n(ly + 4)}Z" fill="url(#beam)"/>` +
    `<path d="M${n(lx)} ${n(ly - 3)}L${n(lx + 520)} ${n(ly - 40)}L${n(lx + 520)} ${n(ly + 40)}L${n(lx)} ${n(ly + 3)}Z" fill="url(#beam-right)" opacity=".6"/></g>` +
    `<circle cx="${n(lx)}" cy="${n(ly)}" r="38" fill="url(#lantern)"/>`
  );
}

const boats = [
  { x: 760, y: 640, length: 120, mast: true, color: '#0a0d1e' },
  { x: 930, y: 668, length: 150, mast: false, color: '#090b1a' },
  { x: 590, y: 700, length: 190, mast: true, color: '#07091a' },
  { x: 1180, y: 720, length: 210, mast: true, color: '#070915' },
  { x: 860, y: 800, length: 260, mast: false, color: '#05070f' },
];

/** The moored boats: their reflections, their mooring lines, then the boats. */
function mooredBoats(): string {
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
  return boatReflections + moorings + boatSvg;
}

/** The quay in the near left corner, with a bollard and a mooring line. */
const quay =
  `<path d="M-20 820L520 838L540 ${H}L-20 ${H}Z" fill="#06081a"/>` +
  `<path d="M-20 820L520 838" stroke="#2a3058" stroke-width="2" opacity=".6"/>` +
  `<path d="M150 830L150 800Q150 788 164 788Q178 788 178 800L178 831Z" fill="#06081a"/><rect x="144" y="796" width="40" height="8" rx="3" fill="#06081a"/>` +
  `<path d="M178 805Q300 760 520 700" fill="none" stroke="#06081a" stroke-width="2"/>`;

export function harbourDusk(): string {
  const rand = createRandom(707);
  const shoreAndSky = above(rand);
  const wall = breakwater(rand);
  const house = lighthouse({
    x: 1085,
    y: horizon - 16,
    height: 210,
    color: '#0d1126',
    band: '#1a1f3c',
    light: '#fff1c2',
  });
  // the village's, the lighthouse's and the sky's light on the water
  const lights =
    glints(rand, { horizon, bottom: H, count: 260, color: '#ffd27a', x: 330, spread: 260, opacity: 0.6 }) +
    glints(rand, { horizon, bottom: H, count: 180, color: '#fff1c2', x: house.tip[0], spread: 40, opacity: 0.8 }) +
    glints(rand, { horizon, bottom: H, count: 400, color: '#e9a07e', x: 1000, spread: 600, opacity: 0.25 });
  return svgDocument(
    `<defs>${paints()}</defs>${shoreAndSky}` +
      mirrorWater(horizon, { fill: '#232a52', mirror: 0.75, shade: 'url(#water-shade)' }) +
      lights +
      beams(house.tip) +
      wall +
      house.svg +
      mooredBoats() +
      quay +
      shade(),
  );
}
