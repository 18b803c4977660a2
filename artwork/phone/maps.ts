// An illustrated coastal map (an invented stretch of Tuscan-like coast: a headland joined
// to the mainland by two sand spits around a lagoon, and an island), with catch pins.
import { createRandom } from '../random.ts';
import { n, polyline, type Point } from '../svg.ts';

/** A closed, wobbly blob around (cx, cy): radius r(θ) = r · (1 + Σ wobble), grown by `grow`. */
function blob(cx: number, cy: number, r: number, seed: number, grow = 0, squash = 1): string {
  const rand = createRandom(seed);
  const waves = Array.from({ length: 7 }, (_, i) => ({
    k: i + 2,
    a: rand.range(0.02, 0.11) / (1 + i * 0.35),
    phase: rand.range(0, Math.PI * 2),
  }));
  const points: Point[] = [];
  for (let i = 0; i < 180; i++) {
    const t = (i / 180) * Math.PI * 2;
    const radius = r * (1 + waves.reduce((sum, w) => sum + w.a * Math.sin(w.k * t + w.phase), 0)) + grow;
    points.push([cx + Math.cos(t) * radius, cy + Math.sin(t) * radius * squash]);
  }
  return `${polyline(points)}Z`;
}

/** The mainland: everything above a wavy coastline around y = 330 (world units). */
function mainland(grow = 0): string {
  const points: Point[] = [];
  for (let x = -200; x <= 1300; x += 8) {
    points.push([x, 330 + Math.sin(x / 90) * 14 + Math.sin(x / 37 + 1) * 6 - (x > 700 ? (x - 700) * 0.25 : 0) + grow]);
  }
  return `M-200 -300${polyline(points).replace('M', 'L')}L1300 -300Z`;
}

function spits(grow = 0): string {
  const w = 14 + grow;
  return `M${370 - w} 320Q${360 - w} 450 ${400 - w} 640L${400 + w} 640Q${360 + w} 450 ${370 + w} 320Z M${700 - w} 300Q${720 - w} 430 ${675 - w} 640L${675 + w} 640Q${720 + w} 430 ${700 + w} 300Z`;
}

const headland = { cx: 540, cy: 760, r: 235, seed: 11 };
const island = { cx: 170, cy: 1230, r: 95, seed: 23 };

export interface MapPin {
  at: Point;
  kind: 'pin' | 'cluster' | 'selected';
  count?: number;
}

export interface MapLabel {
  at: Point;
  text: string;
  kind: 'town' | 'sea' | 'area';
}

const sea = '#a0cde6';

/** Every shape of land, grown by `grow` world units (each its own path: in one path, shapes drawn in opposite directions would cancel where they overlap). */
function land(grow: number, fill: string): string {
  return [
    mainland(grow),
    spits(grow),
    blob(headland.cx, headland.cy, headland.r, headland.seed, grow, 0.92),
    blob(island.cx, island.cy, island.r, island.seed, grow, 0.8),
  ]
    .map((d) => `<path d="${d}" fill="${fill}" />`)
    .join('');
}

/** The sea around the land: depth contours, then shallows paler towards the shore. */
function seabed(scale: number): string {
  // Depth contours: a slightly larger copy of the shape under a sea-coloured one leaves a
  // thin outline of the union of all the shapes.
  const depthLines = [240, 150].map((grow) => land(grow + 1.3 / scale, '#86bbd8') + land(grow, sea)).join('');
  const shallows = [90, 55, 28]
    .map((grow, i) => land(grow, ['#b5dcee', '#c2e3f2', '#cfe9f5'][i] ?? '#cfe9f5'))
    .join('');
  return depthLines + shallows;
}

/** Parks and the headland's hills, greener towards the top. */
function greenery(): string {
  const hills = [0.72, 0.48, 0.26]
    .map(
      (k, i) =>
        `<path d="${blob(headland.cx + 10, headland.cy + 10, headland.r * k, headland.seed + 5, 0, 0.9)}" fill="${['#dcebcb', '#cfe3ba', '#c2daa9'][i] ?? '#c2daa9'}"/>`,
    )
    .join('');
  const parks = `<path d="${blob(880, 120, 120, 31, 0, 0.6)}" fill="#dcebcb"/><path d="${blob(150, 150, 100, 37, 0, 0.7)}" fill="#dcebcb"/><path d="${blob(island.cx, island.cy, island.r * 0.6, island.seed + 2, 0, 0.8)}" fill="#d3e6c0"/>`;
  return parks + hills;
}

/** The coast road, the roads along the spits and round the headland, at a constant width on screen. */
function roads(scale: number): string {
  const roadStroke = (d: string, major: boolean) =>
    `<path d="${d}" fill="none" stroke="${major ? '#e5c56f' : '#ddd6c2'}" stroke-width="${n((major ? 7 : 5) / scale)}" stroke-linecap="round" stroke-linejoin="round"/>` +
    `<path d="${d}" fill="none" stroke="${major ? '#f8dc8c' : '#fff'}" stroke-width="${n((major ? 4.5 : 3) / scale)}" stroke-linecap="round" stroke-linejoin="round"/>`;
  return (
    roadStroke('M-200 250Q200 210 500 240T1300 180', true) +
    roadStroke('M370 240L372 330Q362 450 398 600', false) +
    roadStroke(blob(headland.cx, headland.cy, headland.r, headland.seed, -22, 0.92), false) +
    roadStroke('M700 230L700 300Q720 430 678 600', false) +
    roadStroke('M540 230Q560 120 620 -100', false) +
    roadStroke('M540 560Q560 700 520 900', false)
  );
}

/** A pin at (x, y) on screen: a cluster's count in a circle, or a marker (larger when selected). */
function pinAt(pin: MapPin, [x, y]: Point): string {
  if (pin.kind === 'cluster') {
    const r = (pin.count ?? 2) > 9 ? 19 : 16;
    return `<circle cx="${n(x)}" cy="${n(y)}" r="${r + 7}" fill="#e02424" opacity=".2"/><circle cx="${n(x)}" cy="${n(y)}" r="${r}" fill="#e02424" stroke="#fff" stroke-width="2.5"/><text x="${n(x)}" y="${n(y + 4.5)}" text-anchor="middle" font-size="13" font-weight="700" fill="#fff">${pin.count ?? 2}</text>`;
  }
  const big = pin.kind === 'selected';
  const s = big ? 1.35 : 1;
  return (
    `<g transform="translate(${n(x)} ${n(y)}) scale(${s})">` +
    `<ellipse cx="0" cy="0" rx="7" ry="2.5" fill="#000" opacity=".25"/>` +
    `<path d="M0 0C-3 -8 -13 -14 -13 -24A13 13 0 0 1 13 -24C13 -14 3 -8 0 0Z" fill="${big ? '#b91c1c' : '#e02424'}" stroke="#fff" stroke-width="2"/>` +
    `<path d="M-7.5 -24c2-3 5.5-4.2 9-2.2L4.5 -28.5v9L1.5 -21.2c-3.5 2-7 .8-9-2.8z" fill="#fff"/></g>`
  );
}

const labelStyles: Record<MapLabel['kind'], string> = {
  sea: 'font-size="13" font-style="italic" font-weight="500" fill="#4a86a8" letter-spacing="2"',
  area: 'font-size="11" font-weight="600" fill="#6b7d5a" letter-spacing=".5"',
  town: 'font-size="11.5" font-weight="600" fill="#4b5560"',
};

/** A place name at (x, y) on screen, haloed in white. */
function labelAt(label: MapLabel, [x, y]: Point): string {
  return `<text x="${n(x)}" y="${n(y)}" text-anchor="middle" ${labelStyles[label.kind]} stroke="#fff" stroke-width="3" paint-order="stroke" stroke-opacity=".8">${label.text}</text>`;
}

/** The circle of a position's accuracy around (x, y) on screen. */
function accuracyAt([x, y]: Point): string {
  return `<circle cx="${n(x)}" cy="${n(y)}" r="56" fill="#e02424" opacity=".12"/><circle cx="${n(x)}" cy="${n(y)}" r="56" fill="none" stroke="#e02424" stroke-width="1.5" opacity=".45"/>`;
}

/**
 * The map as an SVG of width × height CSS pixels showing the world around `center` at `scale`
 * (world units are about 1000 × 1400), with pins and labels drawn at a constant size.
 */
export function coastMap(options: {
  width: number;
  height: number;
  center: Point;
  scale: number;
  pins?: readonly MapPin[];
  labels?: readonly MapLabel[];
  accuracy?: Point;
}): string {
  const { width, height, scale } = options;
  const project = ([x, y]: Point): Point => [
    (x - options.center[0]) * scale + width / 2,
    (y - options.center[1]) * scale + height / 2,
  ];
  const lagoon = `<path d="M372 330Q470 360 700 318L690 620Q560 580 395 620Q360 450 372 330Z" fill="#c3e2f0"/>`;
  const pins = (options.pins ?? []).map((pin) => pinAt(pin, project(pin.at))).join('');
  const labels = (options.labels ?? []).map((label) => labelAt(label, project(label.at))).join('');
  const accuracy = options.accuracy === undefined ? '' : accuracyAt(project(options.accuracy));
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" style="display:block">` +
    `<rect width="${width}" height="${height}" fill="${sea}"/>` +
    `<g transform="translate(${n(width / 2)} ${n(height / 2)}) scale(${scale}) translate(${n(-options.center[0])} ${n(-options.center[1])})">` +
    seabed(scale) +
    lagoon +
    land(0, '#d9d3bd') +
    land(-1 / scale, '#f1f0e6') +
    greenery() +
    roads(scale) +
    `</g>${accuracy}${labels}${pins}</svg>`
  );
}

/** The places on the map, in world units, with their names. */
export const places = {
  portoSantoStefano: [520, 540] as Point,
  portoErcole: [700, 600] as Point,
  orbetello: [545, 420] as Point,
  talamone: [120, 220] as Point,
  ansedonia: [900, 380] as Point,
  calaGrande: [330, 760] as Point,
  giglio: [170, 1230] as Point,
  argentario: [540, 770] as Point,
  feniglia: [690, 470] as Point,
  giannella: [360, 470] as Point,
} as const;
